import GatherRating

/// A player's rating over their last matches, as a small line chart drawn in the page: what a
/// friend takes in at a glance, with the same numbers in words for a screen reader.
enum RatingChart {
    static let width = 240
    static let height = 72
    /// Room around the line for its stroke and the last point's dot.
    static let margin = 6.0
    /// The vertical scale spans at least this many rating points, so a tenth of a point does not
    /// look like a rise from nothing to everything.
    static let smallestSpan = 2.0

    static let titleID = "rating-chart-title"
    static let descriptionID = "rating-chart-description"

    @HTMLBuilder
    static func chart(_ course: [Double]) -> [Node] {
        let points = points(course)
        Svg(width: width, height: height, labelledBy: [titleID, descriptionID], .class(.chart)) {
            SvgTitle(.id(titleID)) { Text("Rating over the last \(course.count) matches") }
            Desc(.id(descriptionID)) { Text(description(course)) }
            Polyline(points: points, .class(.chartLine))
            if let last = points.last { Circle(x: last.x, y: last.y, radius: 4, .class(.chartPoint)) }
        }
    }

    /// Where each value sits: oldest on the left, the highest at the top.
    static func points(_ course: [Double]) -> [(x: Double, y: Double)] {
        guard let low = course.min(), let high = course.max() else { return [] }
        let middle = (low + high) / 2, span = max(high - low, smallestSpan)
        let (left, right) = (margin, Double(width) - margin), (top, bottom) = (margin, Double(height) - margin)
        let step = course.count > 1 ? (right - left) / Double(course.count - 1) : 0
        return course.enumerated().map { index, value in
            let x = course.count > 1 ? left + Double(index) * step : (left + right) / 2
            let y = bottom - ((value - middle) / span + 0.5) * (bottom - top)
            return (x, y)
        }
    }

    /// "From 24.1 to 27.3 (lowest 24.1, highest 27.3): 24.1, 25.9, 26.2, 27.3."
    static func description(_ course: [Double]) -> String {
        guard let first = course.first, let last = course.last, let low = course.min(), let high = course.max() else { return "" }
        return "From \(RatingText.value(first)) to \(RatingText.value(last)) (lowest \(RatingText.value(low)), highest "
            + "\(RatingText.value(high))): " + course.map(RatingText.value).joined(separator: ", ") + "."
    }
}

