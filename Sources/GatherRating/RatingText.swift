/// How a rating reads on screen and in a terminal table: one decimal, a signed change, the
/// course as a sparkline of Unicode blocks.
package enum RatingText {
    /// `27.3`.
    package static func value(_ number: Double) -> String {
        let tenths = Int((number * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// `+1.2`, `-0.4`, `±0.0`.
    package static func change(_ number: Double) -> String {
        let text = value(abs(number))
        if text == "0.0" { return "±0.0" }
        return (number > 0 ? "+" : "-") + text
    }

    /// `27.3 (21.1–33.5)`: the mean and the range it lies in, 95 % sure.
    package static func withRange(_ rating: RatingSummary) -> String {
        "\(value(rating.mean)) (\(value(rating.low))–\(value(rating.high)))"
    }

    private static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One block per value, the lowest ▁ and the highest █; a flat course is all ▄.
    package static func sparkline(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        guard high - low > 1e-9 else { return String(repeating: "▄", count: values.count) }
        return String(values.map { value in
            let level = Int(((value - low) / (high - low) * Double(blocks.count - 1)).rounded())
            return blocks[min(max(level, 0), blocks.count - 1)]
        })
    }
}
