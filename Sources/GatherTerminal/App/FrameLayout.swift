import Terminal

/// The frame around every screen: title bar, content, footer with the current keys; the help
/// overlay; and the "terminal too small" notice.
@MainActor
enum FrameLayout {
    static let globalHints = [KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "q", action: "quit"),
                              KeyHint(keys: "?", action: "help"), KeyHint(keys: "Ctrl-L", action: "redraw"),
                              KeyHint(keys: "Ctrl-C", action: "quit now")]

    static func draw(screen: (any TerminalScreen)?, showingHelp: Bool, into frame: inout ScreenBuffer) {
        let minimum = TerminalApp.minimumSize
        guard frame.width >= minimum.columns, frame.height >= minimum.rows else {
            let message = "Terminal too small — need \(minimum.columns)×\(minimum.rows)"
            frame.put(message, row: frame.height / 2, column: max(0, (frame.width - DisplayWidth.of(message)) / 2),
                      maxWidth: frame.width)
            return
        }
        frame.fill(row: 0, style: Theme.titleBar)
        frame.put(" Football Gather — \(screen?.title ?? "")", row: 0, column: 0, style: Theme.titleBar, maxWidth: frame.width)
        let content = Area(row: 2, column: 2, width: frame.width - 4, height: frame.height - 4)
        screen?.draw(into: &frame, in: content)
        drawFooter(screen?.keyHints ?? [], row: frame.height - 1, into: &frame)
        if showingHelp, let screen {
            drawHelp(screen.keyHints + globalHints, into: &frame)
        }
    }

    private static func drawFooter(_ hints: [KeyHint], row: Int, into frame: inout ScreenBuffer) {
        var column = 1
        for hint in hints {
            let width = DisplayWidth.of(hint.keys) + DisplayWidth.of(hint.action) + 3
            guard column + width <= frame.width else { break }
            column += frame.put(hint.keys, row: row, column: column, style: Theme.footerKey)
            column += frame.put(" \(hint.action)  ", row: row, column: column, style: Theme.dim)
        }
    }

    private static func drawHelp(_ hints: [KeyHint], into frame: inout ScreenBuffer) {
        let width = min(frame.width - 8, 56)
        let height = min(frame.height - 4, hints.count + 4)
        let top = max(1, (frame.height - height) / 2)
        let left = max(0, (frame.width - width) / 2)
        for row in top..<(top + height) {
            frame.fill(row: row, from: left, width: width, style: Theme.highlight)
        }
        frame.put(" Keys — press any key to close", row: top, column: left, style: Theme.highlight, maxWidth: width)
        for (index, hint) in hints.prefix(height - 3).enumerated() {
            let line = "  " + DisplayWidth.pad(hint.keys, toWidth: 16) + hint.action
            frame.put(line, row: top + 2 + index, column: left, style: Theme.highlight, maxWidth: width)
        }
    }
}
