/// A QR code as lines of text for a terminal, two module rows to a line with the half blocks ▀ ▄ █ and
/// the space: terminal cells are about twice as tall as wide, so each module comes out about square and
/// the code takes half the lines that one row per line would.
///
/// A reader needs the dark modules dark on screen, whatever the terminal's colours: on dark text on a
/// light background the glyphs (the text colour) draw the dark modules; on light text on a dark
/// background the glyphs draw the light modules and the background shows through as the dark ones.
/// A code drawn the other way round is a negative, which many phone scanners do not read.
package struct HalfBlockRendering: Hashable, Sendable {
    /// The terminal's colours, which decide which modules the glyphs draw.
    package enum Colors: Hashable, Sendable {
        case darkTextOnLight
        case lightTextOnDark
    }

    /// Each `size + 2 × quietZone` characters wide; `(size + 2 × quietZone + 1) / 2` of them. The last
    /// line's lower half lies below the quiet zone and is left to the background.
    package let lines: [String]

    /// `quietZone`: light modules around the code; readers need 4, fewer may do on a clean screen.
    package init(_ code: QRCode, colors: Colors, quietZone: Int = 4) {
        let span = code.size + 2 * quietZone
        let drawsDark = colors == .darkTextOnLight
        // Inked: drawn by a glyph. Below the last module row, nothing is.
        let inked = { (x: Int, y: Int) in
            y < span && code[x - quietZone, y - quietZone] == drawsDark
        }
        lines = stride(from: 0, to: span, by: 2).map { top in
            String((0..<span).map { x in
                Self.glyph(upper: inked(x, top), lower: inked(x, top + 1))
            })
        }
    }

    private static func glyph(upper: Bool, lower: Bool) -> Character {
        switch (upper, lower) {
        case (true, true): "█"
        case (true, false): "▀"
        case (false, true): "▄"
        case (false, false): " "
        }
    }

    /// The lines joined, each ended by a newline.
    package var text: String {
        lines.map { $0 + "\n" }.joined()
    }
}
