/// The ANSI/VT100 control sequences this module writes, as bytes.
///
/// Kept to the small set every terminal emulator in use understands; nothing is
/// looked up in terminfo.
enum ControlSequence {
    /// Erase the whole screen, then home the cursor.
    static let clearScreen: [UInt8] = bytes("\u{1B}[2J\u{1B}[H")
    /// Back to the default colours and attributes.
    static let resetStyle: [UInt8] = bytes("\u{1B}[0m")
    /// Switch to the alternate screen, so the shell's scrollback is left untouched
    /// and reappears on exit.
    static let enterAlternateScreen: [UInt8] = bytes("\u{1B}[?1049h")
    static let leaveAlternateScreen: [UInt8] = bytes("\u{1B}[?1049l")
    static let hideCursor: [UInt8] = bytes("\u{1B}[?25l")
    static let showCursor: [UInt8] = bytes("\u{1B}[?25h")

    /// Moves the cursor to a zero-based position (the sequence itself is 1-based).
    static func moveCursor(row: Int, column: Int) -> [UInt8] {
        bytes("\u{1B}[\(row + 1);\(column + 1)H")
    }

    /// Sets the graphic rendition from scratch: reset, then the given parameters.
    static func selectGraphicRendition(_ parameters: [Int]) -> [UInt8] {
        bytes("\u{1B}[" + ([0] + parameters).map(String.init).joined(separator: ";") + "m")
    }

    private static func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }
}
