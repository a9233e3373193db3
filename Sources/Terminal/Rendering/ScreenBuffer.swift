/// A frame being composed: a grid of cells that views draw into before the
/// renderer turns it into terminal output.
///
/// Text is placed by display width, so a wide character fills two cells (the
/// second holding ""), and the buffer never holds half of one: overwriting
/// either half blanks the other.
package struct ScreenBuffer: Equatable, Sendable {
    package let width: Int
    package let height: Int
    private var cells: [Cell]

    /// A blank buffer; negative sizes are treated as zero.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a position; outside the buffer, a blank cell, so that views
    /// can probe freely without range checks.
    package subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank }
        return cells[row * width + column]
    }

    /// Writes `text` from `column` on, one grapheme per column (two for wide ones).
    ///
    /// Text longer than `maxWidth` is truncated with "…". At the right edge of the
    /// screen, text is truncated the same way, except that a last wide character
    /// overhanging the final column by its right half becomes a space: nothing
    /// else was lost, and half a glyph cannot be drawn. Zero-width graphemes
    /// (control characters) are skipped. Rows or columns outside the buffer
    /// write nothing.
    ///
    /// - Returns: the number of columns written.
    @discardableResult
    package mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard contains(row: row, column: column) else { return 0 }
        var fitted = text
        if let maxWidth {
            fitted = DisplayWidth.truncate(fitted, toWidth: maxWidth)
        }
        fitted = Self.fit(fitted, toEdge: width - column)

        var current = column
        for character in fitted {
            switch DisplayWidth.of(character) {
            case 0:
                continue
            case 1:
                replace(row: row, column: current, with: Cell(text: String(character), style: style))
                current += 1
            default:
                replace(row: row, column: current, with: Cell(text: String(character), style: style))
                replace(row: row, column: current + 1, with: Cell(text: "", style: style))
                current += 2
            }
        }
        return current - column
    }

    /// Paints spaces in `style`, e.g. a reverse-video selection bar or a coloured
    /// header background, before text is put on top.
    ///
    /// - Parameter width: the number of columns; nil fills to the end of the row.
    package mutating func fill(row: Int, from column: Int = 0, width: Int? = nil, style: Style) {
        guard (0..<height).contains(row) else { return }
        let start = max(0, column)
        let end = min(self.width, width.map { column + max(0, $0) } ?? self.width)
        guard start < end else { return }
        for current in start..<end {
            replace(row: row, column: current, with: Cell(text: " ", style: style))
        }
    }

    /// The text of a row, with continuation cells contributing nothing, so a
    /// test can compare it with what a user would read on screen.
    package func line(_ row: Int) -> String {
        guard (0..<height).contains(row) else { return "" }
        return cells[row * width..<(row + 1) * width].map(\.text).joined()
    }

    /// Whether the cell holds a character two columns wide: its right half follows it.
    func isWide(row: Int, column: Int) -> Bool {
        column + 1 < width && contains(row: row, column: column) && cells[row * width + column + 1].isContinuation
    }

    /// Whether a row holds the same cells in both buffers (of the same width): compared without copying.
    func rowEquals(_ row: Int, in other: ScreenBuffer) -> Bool {
        let range = row * width..<(row + 1) * width
        return cells[range] == other.cells[range]
    }

    private func contains(row: Int, column: Int) -> Bool {
        (0..<height).contains(row) && (0..<width).contains(column)
    }

    /// Writes one cell, first blanking the other half of any wide character the
    /// write cuts through.
    private mutating func replace(row: Int, column: Int, with cell: Cell) {
        guard contains(row: row, column: column) else { return }
        let index = row * width + column
        let old = cells[index]
        // The buffer never holds half a wide character, so a continuation always has its left half
        // just before it, and a cell followed by a continuation is a wide character.
        if old.isContinuation, column > 0 {
            cells[index - 1].text = " "
        } else if isWide(row: row, column: column) {
            cells[index + 1].text = " "
        }
        cells[index] = cell
    }

    /// Makes `text` fit in the `room` columns left before the right edge.
    private static func fit(_ text: String, toEdge room: Int) -> String {
        let textWidth = DisplayWidth.of(text)
        guard textWidth > room else { return text }
        if textWidth == room + 1, let last = text.last, DisplayWidth.of(last) == 2 {
            return String(text.dropLast()) + " "
        }
        return DisplayWidth.truncate(text, toWidth: room)
    }
}
