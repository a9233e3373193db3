import GatherClient
import Terminal

/// The top scorers: rank, name, goals, assists, matches played, goals a match.
@MainActor
final class ScorersScreen: TerminalScreen, ScorersView {
    private let presenter: ScorersPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: ScorersViewState?
    private var listHeight = 10

    init(presenter: ScorersPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: ScorersViewState) {
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state else { return "Top scorers" }
        return "Top scorers" + (state.position.isEmpty ? "" : " \(state.position)") + (state.season.isEmpty ? "" : " · \(state.season)")
    }

    var keyHints: [KeyHint] {
        [KeyHint(keys: "r", action: "reload"), ListMove.hint, KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        let presenter = presenter
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): presenter.move(by: rows)
            case .first: presenter.moveToFirst()
            case .last: presenter.moveToLast()
            }
            return .handled
        }
        guard key == .character("r") else { return .unhandled }
        effects.run { await presenter.reload() }
        return .handled
    }

    /// Widths of the columns but the name's, which takes what is left.
    private static let widths = [3, 0, 4, 4, 4, 5]

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        let nameWidth = max(6, area.width - ScorersScreen.widths.reduce(0, +) - ScorersScreen.widths.count)
        func line(_ cells: [String]) -> String {
            zip(ScorersScreen.widths, cells).map { width, cell in DisplayWidth.pad(cell, toWidth: width == 0 ? nameWidth : width) }
                .joined(separator: " ")
        }
        buffer.put(line(ScorersPresenter.headings), row: area.row, column: area.column, style: Theme.heading, maxWidth: area.width)
        listHeight = max(1, area.height - 3)
        if state.isEmpty {
            buffer.paragraph("No scorers yet: name them on the match screen as goals go in, or later in History.", row: area.row + 2,
                             in: area, style: Theme.dim, maxLines: 2)
        } else if state.rows.isEmpty && state.isLoading {
            buffer.put("Loading…", row: area.row + 2, column: area.column, style: Theme.dim)
        }
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.rows.count, height: listHeight)
        for (offset, row) in state.rows.dropFirst(first).prefix(listHeight).enumerated() {
            buffer.listRow(line(row), row: area.row + 1 + offset, in: area, highlighted: first + offset == state.highlighted)
        }
        buffer.paragraph(state.error, row: area.bottom - 2, in: area, maxLines: 2)
    }
}
