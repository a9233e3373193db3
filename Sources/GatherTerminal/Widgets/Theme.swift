import Terminal

/// The few styles the app uses. Selection is reverse video, so it stays visible with NO_COLOR.
enum Theme {
    static let titleBar = Style(background: .blue, bold: true, reverse: false)
    static let heading = Style(bold: true, underline: true)
    static let highlight = Style(reverse: true)
    static let selectedMark = Style(foreground: .green, bold: true)
    static let error = Style(foreground: .red, bold: true)
    static let notice = Style(foreground: .yellow, bold: true)
    static let dim = Style(dim: true)
    static let field = Style(underline: true)
    static let clock = Style(foreground: .cyan, bold: true)
    static let footerKey = Style(bold: true)
}

extension ScreenBuffer {
    /// A message line (error in red, notice in yellow) at `row`, truncated to the area.
    mutating func message(_ text: String?, row: Int, in area: Area, style: Style = Theme.error) {
        guard let text, row < area.bottom else { return }
        put(text, row: row, column: area.column, style: style, maxWidth: area.width)
    }

    /// A row of a list: reverse video across the area's width when highlighted.
    mutating func listRow(_ text: String, row: Int, in area: Area, highlighted: Bool) {
        guard row < area.bottom else { return }
        let style = highlighted ? Theme.highlight : Style.plain
        if highlighted { fill(row: row, from: area.column, width: area.width, style: style) }
        put(text, row: row, column: area.column, style: style, maxWidth: area.width)
    }
}

/// Keeps a highlighted row inside a list area that may be shorter than the list.
enum ListWindow {
    /// The first row to show so that `highlighted` is visible in `height` rows.
    static func firstVisible(highlighted: Int, count: Int, height: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        return min(max(0, highlighted - height + 1), count - height)
    }
}
