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

    /// A message wrapped at word boundaries over at most `maxLines` rows; returns the rows used.
    @discardableResult
    mutating func paragraph(_ text: String?, row: Int, in area: Area, style: Style = Theme.error, maxLines: Int = 3) -> Int {
        guard let text, area.width > 0 else { return 0 }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) <= area.width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        for (offset, line) in lines.prefix(maxLines).enumerated() where row + offset < area.bottom {
            put(line, row: row + offset, column: area.column, style: style, maxWidth: area.width)
        }
        return min(lines.count, maxLines)
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
