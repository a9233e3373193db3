import QRCode
import Terminal

/// A text to send or scan, shown once: a heading, the whole text on lines of its own (to copy), and
/// a QR code of it when the terminal is tall and wide enough (a share link, an invitation's code).
@MainActor
enum ScannableText {
    /// `elsewhere` says where else a code of it is printed, when this terminal is too small.
    static func draw(_ text: String, heading: String, elsewhere: String, colorEnabled: Bool, into buffer: inout ScreenBuffer, in area: Area) {
        var row = area.row
        buffer.paragraph(heading, row: row, in: area, style: Theme.notice, maxLines: 2)
        row += 2
        let characters = Array(text)
        for start in stride(from: 0, to: characters.count, by: max(1, area.width)) where row < area.bottom {
            buffer.put(String(characters[start..<min(characters.count, start + area.width)]), row: row, column: area.column)
            row += 1
        }
        guard let code = try? QRCode(text: text, correction: .low) else { return }
        let quietZone = 2
        let rendering = HalfBlockRendering(code, colors: colorEnabled ? .darkTextOnLight : .lightTextOnDark, quietZone: quietZone)
        let width = code.size + 2 * quietZone
        guard rendering.lines.count <= area.bottom - row - 1, width <= area.width else {
            buffer.paragraph("A QR code of it needs a terminal of \(width) columns and \(rendering.lines.count + row - area.row + 1) rows; "
                             + "\(elsewhere) prints one too.", row: row + 1, in: area, style: Theme.dim, maxLines: 2)
            return
        }
        let style = colorEnabled ? Style(foreground: .black, background: .white) : Style.plain
        for (offset, line) in rendering.lines.enumerated() {
            buffer.put(line, row: row + 1 + offset, column: area.column, style: style)
        }
    }
}
