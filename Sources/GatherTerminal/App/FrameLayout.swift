import Terminal

/// The frame around every screen: title bar, content, footer with the current keys; the help
/// overlay; and the "terminal too small" notice.
@MainActor
enum FrameLayout {
    /// Keys that work on every screen, listed in the help after the screen's own.
    static let globalHints = [KeyHint(keys: "Ctrl-L", action: "redraw"), KeyHint(keys: "Ctrl-C", action: "quit now")]

    static func draw(screen: (any TerminalScreen)?, group: String? = nil, showingHelp: Bool, into frame: inout ScreenBuffer) {
        let minimum = TerminalApp.minimumSize
        guard frame.width >= minimum.columns, frame.height >= minimum.rows else {
            // Short lines, each centred: they must fit the smallest of terminals.
            let lines = ["Terminal too small:", "\(frame.width)×\(frame.height), need \(minimum.columns)×\(minimum.rows)",
                         "Make it larger, or", "q or Ctrl-C quits"]
            let top = max(0, (frame.height - lines.count) / 2)
            for (offset, line) in lines.enumerated() where top + offset < frame.height {
                frame.put(line, row: top + offset, column: max(0, (frame.width - DisplayWidth.of(line)) / 2), maxWidth: frame.width)
            }
            return
        }
        frame.fill(row: 0, style: Theme.titleBar)
        let title = " Football Gather — \(screen?.title ?? "")"
        let width = frame.put(title, row: 0, column: 0, style: Theme.titleBar, maxWidth: frame.width)
        if let group {
            // The group the screen acts on, at the right; the screen's own title keeps its place.
            let label = DisplayWidth.truncate(group, toWidth: max(0, frame.width - width - 4))
            let column = frame.width - DisplayWidth.of(label) - 1
            if column > width + 1, !label.isEmpty { frame.put(label, row: 0, column: column, style: Theme.titleBar) }
        }
        let content = Area(row: 2, column: 2, width: frame.width - 4, height: frame.height - 4)
        screen?.draw(into: &frame, in: content)
        drawFooter(screen?.keyHints ?? [], opensHelp: !(screen?.takesText ?? true), row: frame.height - 1, into: &frame)
        if showingHelp, let screen {
            drawHelp(helpHints(for: screen), into: &frame)
        }
    }

    /// The screen's keys then the global ones, each key once; `?` itself is not listed.
    static func helpHints(for screen: any TerminalScreen) -> [KeyHint] {
        var seen: Set<String> = []
        return (screen.keyHints + globalHints).filter { $0.keys != "?" && seen.insert($0.keys).inserted }
    }

    /// The keys in the screen's order of importance. When they do not all fit, as many as fit
    /// and "? more" (on screens where ? opens the help).
    private static func drawFooter(_ hints: [KeyHint], opensHelp: Bool, row: Int, into frame: inout ScreenBuffer) {
        let own = hints.filter { $0.keys != "?" }
        let width = { (hint: KeyHint) in DisplayWidth.of(hint.keys) + DisplayWidth.of(hint.action) + 3 }
        let available = frame.width - 1
        var shown: [KeyHint]
        if !opensHelp {
            shown = own
        } else if own.map(width).reduce(0, +) + width(KeyHint(keys: "?", action: "help")) <= available {
            shown = own + [KeyHint(keys: "?", action: "help")]
        } else {
            let more = KeyHint(keys: "?", action: "more")
            var used = width(more)
            shown = Array(own.prefix { hint in
                used += width(hint)
                return used <= available
            }) + [more]
        }
        var column = 1
        for hint in shown {
            guard column + width(hint) <= frame.width else { break }
            column += frame.put(hint.keys, row: row, column: column, style: Theme.footerKey)
            column += frame.put(" \(hint.action)  ", row: row, column: column, style: Theme.dim)
        }
    }

    /// A bordered box over a cleared area, in one or two columns so it fits down to 60×16.
    private static func drawHelp(_ hints: [KeyHint], into frame: inout ScreenBuffer) {
        let width = min(frame.width - 4, 64)
        let rowsInside = frame.height - 6
        let columns = hints.count > rowsInside ? 2 : 1
        let perColumn = (hints.count + columns - 1) / columns
        let height = min(frame.height - 2, perColumn + 4)
        let top = max(1, (frame.height - height) / 2)
        let left = max(0, (frame.width - width) / 2)
        for row in top..<(top + height) {
            frame.fill(row: row, from: left, width: width, style: .plain)
            frame.put("│", row: row, column: left)
            frame.put("│", row: row, column: left + width - 1)
        }
        let rule = String(repeating: "─", count: max(0, width - 2))
        frame.put("┌" + rule + "┐", row: top, column: left)
        frame.put("└" + rule + "┘", row: top + height - 1, column: left)
        frame.put(" Keys — press any key to close ", row: top, column: left + 2, style: Theme.heading, maxWidth: width - 4)
        let columnWidth = (width - 4) / columns
        let keyWidth = min(16, columnWidth / 2)
        for (index, hint) in hints.enumerated() {
            let row = top + 2 + index % perColumn
            guard row < top + height - 1 else { continue }
            let column = left + 2 + (index / perColumn) * columnWidth
            frame.put(DisplayWidth.pad(hint.keys, toWidth: keyWidth), row: row, column: column, style: Theme.footerKey,
                      maxWidth: columnWidth - 1)
            frame.put(hint.action, row: row, column: column + keyWidth + 1, maxWidth: max(0, columnWidth - keyWidth - 2))
        }
    }
}
