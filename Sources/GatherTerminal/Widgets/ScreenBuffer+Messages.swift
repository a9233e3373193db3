import Terminal

extension ScreenBuffer {
    /// A message line (error in red, notice in yellow) at `row`, truncated to the area.
    mutating func message(_ text: String?, row: Int, in area: Area, style: Style = Theme.error) {
        guard let text, row < area.bottom else { return }
        put(text, row: row, column: area.column, style: style, maxWidth: area.width)
    }

    /// A question at `row`: the first of `wordings` (longest first) that fits the area whole, else
    /// the last, whose keys (`(y/n)`) must then be kept: cut from the left side of its end.
    mutating func question(_ wordings: [String], row: Int, in area: Area, style: Style = Theme.notice) {
        guard row < area.bottom, let shortest = wordings.last else { return }
        let text = wordings.first { DisplayWidth.of($0) <= area.width } ?? shortest
        guard DisplayWidth.of(text) > area.width, let keys = text.range(of: " (", options: .backwards) else {
            put(text, row: row, column: area.column, style: style, maxWidth: area.width)
            return
        }
        // Too narrow even for the shortest: the words are cut, never the keys.
        let tail = String(text[keys.lowerBound...])
        let head = DisplayWidth.truncate(String(text[..<keys.lowerBound]), toWidth: max(0, area.width - DisplayWidth.of(tail)))
        put(head + tail, row: row, column: area.column, style: style, maxWidth: area.width)
    }

    /// A message wrapped at word boundaries over at most `maxLines` rows; returns the rows used.
    @discardableResult
    mutating func paragraph(_ text: String?, row: Int, in area: Area, style: Style = Theme.error, maxLines: Int = 3) -> Int {
        guard let text, area.width > 0 else { return 0 }
        let lines = ScreenBuffer.wrapped(text, width: area.width)
        for (offset, line) in lines.prefix(maxLines).enumerated() where row + offset < area.bottom {
            put(line, row: row + offset, column: area.column, style: style, maxWidth: area.width)
        }
        return min(lines.count, maxLines)
    }

    /// The first of `wordings` (longest first) that wraps into `maxLines` rows whole, else the last.
    @discardableResult
    mutating func paragraph(fitting wordings: [String], row: Int, in area: Area, style: Style = Theme.notice, maxLines: Int = 2) -> Int {
        guard area.width > 0, let shortest = wordings.last else { return 0 }
        let text = wordings.first { ScreenBuffer.wrapped($0, width: area.width).count <= maxLines } ?? shortest
        return paragraph(text, row: row, in: area, style: style, maxLines: maxLines)
    }

    /// `text` in lines of at most `width` cells, broken between words (a word longer than a line
    /// has one of its own, cut when drawn).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A row of a list: reverse video across the area's width when highlighted.
    mutating func listRow(_ text: String, row: Int, in area: Area, highlighted: Bool) {
        guard row < area.bottom else { return }
        let style = highlighted ? Theme.highlight : Style.plain
        if highlighted { fill(row: row, from: area.column, width: area.width, style: style) }
        put(text, row: row, column: area.column, style: style, maxWidth: area.width)
    }
}
