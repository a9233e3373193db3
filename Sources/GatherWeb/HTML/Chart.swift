// An inline chart, SVG in the page itself: no request, no script, styled by the stylesheet's
// classes. Its coordinates are numbers this module formats; its title and description are texts
// like any other, escaped by the writer.

/// `<svg viewBox="0 0 W H" role="img" aria-labelledby="…">`: a figure whose accessible name and
/// description are its own `SvgTitle` and `Desc` (ids given here).
package struct Svg: HTMLContent {
    package let node: Node

    package init(width: Int, height: Int, labelledBy ids: [String], _ attributes: Attribute...,
                 @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.svg, [Attribute(.viewBox, .text("0 0 \(width) \(height)")), Attribute(.role, .word("img")),
                               Attribute(.ariaLabelledBy, .text(ids.joined(separator: " ")))] + attributes, content())
    }
}

/// A chart's accessible name (SVG's `<title>`, which is not the document's).
package struct SvgTitle: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.title, attributes, content())
    }
}

/// A chart's accessible description: what it shows, in words.
package struct Desc: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.desc, attributes, content())
    }
}

/// A line through points, in the chart's coordinates.
package struct Polyline: HTMLContent {
    package let node: Node

    package init(points: [(x: Double, y: Double)], _ attributes: Attribute...) {
        let text = points.map { "\(ChartNumber.text($0.x)),\(ChartNumber.text($0.y))" }.joined(separator: " ")
        node = .element(.polyline, [Attribute(.points, .text(text))] + attributes)
    }
}

/// A dot at a point, in the chart's coordinates.
package struct Circle: HTMLContent {
    package let node: Node

    package init(x: Double, y: Double, radius: Double, _ attributes: Attribute...) {
        node = .element(.circle, [Attribute(.cx, .text(ChartNumber.text(x))), Attribute(.cy, .text(ChartNumber.text(y))),
                                  Attribute(.r, .text(ChartNumber.text(radius)))] + attributes)
    }
}

/// A coordinate to one decimal (`12.5`, `40`): short, and the same on every machine.
enum ChartNumber {
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return tenths % 10 == 0 ? "\(sign)\(abs(tenths) / 10)" : "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
