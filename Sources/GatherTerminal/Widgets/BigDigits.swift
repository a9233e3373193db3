/// The match clock in digits five rows tall, readable from a step away. Every glyph has the
/// same width, so the clock never shifts as the time changes.
enum BigDigits {
    static let height = 5
    static let glyphWidth = 4

    private static let glyphs: [Character: [String]] = [
        "0": ["████", "█  █", "█  █", "█  █", "████"],
        "1": ["  █ ", " ██ ", "  █ ", "  █ ", " ███"],
        "2": ["████", "   █", "████", "█   ", "████"],
        "3": ["████", "   █", " ███", "   █", "████"],
        "4": ["█  █", "█  █", "████", "   █", "   █"],
        "5": ["████", "█   ", "████", "   █", "████"],
        "6": ["████", "█   ", "████", "█  █", "████"],
        "7": ["████", "   █", "  █ ", " █  ", " █  "],
        "8": ["████", "█  █", "████", "█  █", "████"],
        "9": ["████", "█  █", "████", "   █", "████"],
        ":": ["    ", " ██ ", "    ", " ██ ", "    "],
        "-": ["    ", "    ", "████", "    ", "    "],
    ]

    /// The rows of `text` (digits, colons and dashes), glyphs one column apart; nil if a character has no glyph.
    static func rows(_ text: String) -> [String]? {
        var rows = Array(repeating: "", count: height)
        for character in text {
            guard let glyph = glyphs[character] else { return nil }
            for index in 0..<height {
                rows[index] += (rows[index].isEmpty ? "" : " ") + glyph[index]
            }
        }
        return rows
    }

    static func width(of text: String) -> Int {
        text.isEmpty ? 0 : text.count * (glyphWidth + 1) - 1
    }
}
