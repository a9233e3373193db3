import GatherClient
import Terminal

/// One match in full: score, outcome, then Team A, Team B and the bench side by side.
@MainActor
final class MatchDetailScreen: TerminalScreen, MatchDetailView {
    private let presenter: MatchDetailPresenter
    private let requestRender: RenderRequest
    private var state: MatchDetailViewState?

    init(presenter: MatchDetailPresenter, requestRender: RenderRequest) {
        self.presenter = presenter
        self.requestRender = requestRender
    }

    func display(_ state: MatchDetailViewState) {
        self.state = state
        requestRender()
    }

    var title: String { state?.title ?? "Match" }
    var keyHints: [KeyHint] { [KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "q", action: "quit"), KeyHint(keys: "?", action: "help")] }

    func handle(_ key: Key) -> KeyOutcome { .unhandled }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        buffer.put(state.scoreLine, row: area.row, column: area.column, style: Theme.clock, maxWidth: area.width)
        // The outcome wraps: a match in question says why, whatever the width.
        let outcomeLines = max(1, buffer.paragraph(state.outcome, row: area.row + 1, in: area, style: .plain, maxLines: 4))
        buffer.put(state.teamsMadeBy, row: area.row + 1 + outcomeLines, column: area.column, style: Theme.dim, maxWidth: area.width)
        let columnWidth = max(10, area.width / max(1, state.sides.count))
        let top = area.row + 3 + outcomeLines
        let height = max(0, area.bottom - top - 1)
        for (index, side) in state.sides.enumerated() {
            let column = area.column + index * columnWidth
            let width = columnWidth - 2
            buffer.put("\(side.title) (\(side.players.count))", row: top, column: column, style: Theme.heading, maxWidth: width)
            for (line, name) in TeamColumn.lines(side.players, height: height).enumerated() {
                buffer.put(name, row: top + 1 + line, column: column, maxWidth: width)
            }
        }
    }
}
