import Foundation
import QRCode
import Terminal

/// A text to send or scan, shown once: a heading, the whole text on a line of its own (to copy),
/// and a QR code of it when the terminal is tall and wide enough (a share link, an invitation's code).
@MainActor
enum ScannableText {
    /// `elsewhere` says where else a code of it is printed, when this terminal is too small.
    static func draw(_ text: String, heading: String, elsewhere: String, colorEnabled: Bool, into buffer: inout ScreenBuffer, in area: Area) {
        var row = area.row
        // The heading whole, however many lines it takes: nothing is drawn over its end.
        row += buffer.paragraph(heading, row: row, in: area, style: Theme.notice, maxLines: 4) + 1
        for line in copyableLines(text, width: area.width) where row < area.bottom {
            buffer.put(line, row: row, column: area.column, maxWidth: area.width)
            row += 1
        }
        guard let code = try? QRCode(text: text, correction: .low) else { return }
        let quietZone = 2
        let rendering = HalfBlockRendering(code, colors: colorEnabled ? .darkTextOnLight : .lightTextOnDark, quietZone: quietZone)
        let width = code.size + 2 * quietZone
        let rowsLeft = area.bottom - row - 1
        guard rendering.lines.count <= rowsLeft, width <= area.width else {
            // What is missing, counted on this terminal as it is: more rows, more columns, or both.
            let missing = [rendering.lines.count > rowsLeft ? "\(rendering.lines.count - rowsLeft) more rows" : nil,
                           width > area.width ? "\(width - area.width) more columns" : nil].compactMap { $0 }
            buffer.paragraph("A QR code of it needs \(missing.joined(separator: " and ")) than this terminal has; \(elsewhere) "
                             + "prints one too.", row: row + 1, in: area, style: Theme.dim, maxLines: 2)
            return
        }
        let style = colorEnabled ? Style(foreground: .black, background: .white) : Style.plain
        for (offset, line) in rendering.lines.enumerated() {
            buffer.put(line, row: row + 1 + offset, column: area.column, style: style)
        }
    }

    /// The text as it can be copied: whole on one line when it fits. A link too wide for the
    /// terminal would be broken in two by the copy; its path is given on a line of its own
    /// instead, with the address it belongs to (a code too wide is given in pieces, each whole).
    static func copyableLines(_ text: String, width: Int) -> [String] {
        guard width > 0, DisplayWidth.of(text) > width else { return [text] }
        if let link = URL(string: text), link.host != nil, link.scheme != nil, link.query == nil, DisplayWidth.of(link.path) <= width {
            let origin = String(text.dropLast(link.path.count))
            return [link.path, "on \(origin) (too wide here to copy in one piece)"]
                .map { DisplayWidth.of($0) <= width ? $0 : DisplayWidth.truncate($0, toWidth: width) }
        }
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: width).map { String(characters[$0..<min(characters.count, $0 + width)]) }
    }
}
