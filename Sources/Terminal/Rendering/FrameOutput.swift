/// The bytes of one rendered frame, built up run by run.
///
/// It remembers the style the terminal is currently drawing with, so SGR
/// sequences are written only where the style actually changes.
struct FrameOutput {
    private(set) var bytes: [UInt8] = []
    private let colorEnabled: Bool
    /// The terminal's current style; nil when unknown, which forces the next cell
    /// to set its style explicitly.
    private var currentStyle: Style?

    /// - Parameter currentStyle: the style the terminal is known to be in.
    init(colorEnabled: Bool, currentStyle: Style?) {
        self.colorEnabled = colorEnabled
        self.currentStyle = currentStyle
    }

    mutating func clearScreen() {
        bytes += ControlSequence.clearScreen
    }

    mutating func moveCursor(row: Int, column: Int) {
        bytes += ControlSequence.moveCursor(row: row, column: column)
    }

    /// Writes the cells of `columns` in `row`, the cursor being at its start.
    ///
    /// A wide character is written once and its continuation cell skipped, since
    /// the terminal advances two columns for it. A continuation cell without its
    /// wide character (which `ScreenBuffer` never produces) is written as a space
    /// so the cursor stays in step.
    mutating func writeCells(of frame: ScreenBuffer, row: Int, columns: Range<Int>) {
        var column = columns.lowerBound
        while column < columns.upperBound {
            let cell = frame[row, column]
            setStyle(cell.style)
            if cell.isContinuation {
                bytes.append(UInt8(ascii: " "))
                column += 1
            } else {
                bytes.append(contentsOf: cell.text.utf8)
                column += frame.isWide(row: row, column: column) ? 2 : 1
            }
        }
    }

    /// The finished output: reset at the end, so the terminal is left in the
    /// default style for anything else written to it, and for the next frame.
    mutating func finish() -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        bytes += ControlSequence.resetStyle
        return bytes
    }

    private mutating func setStyle(_ style: Style) {
        let effective = colorEnabled ? style : style.withoutColors
        guard effective != currentStyle else { return }
        bytes += ControlSequence.selectGraphicRendition(GraphicRendition.parameters(for: effective))
        currentStyle = effective
    }
}
