import GatherClient
import GatherCore
import Terminal

/// Bench, Team A, Team B with their skill totals; a/b/n move the highlighted player, B balances,
/// p pins, R re-rolls; Enter starts the gather.
@MainActor
final class ConfirmTeamsScreen: TerminalScreen, ConfirmTeamsView {
    private let presenter: ConfirmTeamsPresenter
    private let requestRender: RenderRequest
    private var state: ConfirmTeamsViewState?

    init(presenter: ConfirmTeamsPresenter, requestRender: RenderRequest) {
        self.presenter = presenter
        self.requestRender = requestRender
    }

    func display(_ state: ConfirmTeamsViewState) {
        self.state = state
        requestRender()
    }

    var title: String { "Confirm teams" }
    var keyHints: [KeyHint] {
        [KeyHint(keys: "a/b/n", action: "A/B/bench"), KeyHint(keys: "B", action: "balance"), KeyHint(keys: "Enter", action: "start")]
            + (state?.isBalanced == true ? [KeyHint(keys: "R", action: "re-roll")] : [])
            + [KeyHint(keys: "p", action: "pin"), KeyHint(keys: "↑↓/jk", action: "move"), KeyHint(keys: "Esc", action: "back"),
               KeyHint(keys: "q", action: "quit")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .up, .character("k"): presenter.moveUp()
        case .down, .character("j"): presenter.moveDown()
        case .character("a"): presenter.assignHighlighted(to: .teamA)
        case .character("b"): presenter.assignHighlighted(to: .teamB)
        case .character("n"): presenter.assignHighlighted(to: .bench)
        case .character("B"): presenter.balance()
        case .character("R") where state?.isBalanced == true: presenter.reroll()
        case .character("p"): presenter.togglePin()
        case .enter:
            let presenter = presenter
            presenter.start()
        default: return .unhandled
        }
        return .handled
    }

    /// One line of the list: a section heading, an empty-section dash, or a player.
    private enum Line {
        case heading(String)
        case empty
        case player(TeamRow)
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var lines: [Line] = []
        for section in state.sections {
            if !lines.isEmpty { lines.append(.heading("")) }
            var heading = "\(section.title) (\(section.rows.count))"
            if section.team != .bench {
                heading += " · skill \(section.skill)"
                if section.goalkeepers > 0 { heading += " · \(section.goalkeepers) GK" }
            }
            lines.append(.heading(heading))
            lines += section.rows.isEmpty ? [.empty] : section.rows.map(Line.player)
        }
        // The last two rows are for messages; the list scrolls to keep the highlighted player in view.
        let listHeight = max(0, area.height - 2)
        let highlighted = lines.firstIndex { if case .player(let row) = $0 { return row.isHighlighted } else { return false } } ?? 0
        let first = ListWindow.firstVisible(highlighted: highlighted, count: lines.count, height: listHeight)
        for (offset, line) in lines.dropFirst(first).prefix(listHeight).enumerated() {
            let row = area.row + offset
            switch line {
            case .heading(let title): buffer.put(title, row: row, column: area.column, style: Theme.heading)
            case .empty: buffer.put("  —", row: row, column: area.column, style: Theme.dim)
            case .player(let player):
                buffer.listRow("  " + player.name + (player.isPinned ? " (pinned)" : ""), row: row, in: area,
                               highlighted: player.isHighlighted)
            }
        }
        let messages = Area(row: area.bottom - 2, column: area.column, width: area.width, height: 2)
        if state.error == nil {
            let teamA = state.sections.first { $0.team == .teamA }, teamB = state.sections.first { $0.team == .teamB }
            let summary = "Skill \(teamA?.skill ?? 0) – \(teamB?.skill ?? 0) · difference \(state.skillDifference)"
                + (state.isBalanced ? " · balanced" : "")
            buffer.message(summary, row: messages.row + 1, in: messages, style: Theme.dim)
        }
        buffer.paragraph(state.error, row: messages.row, in: messages, maxLines: 2)
    }
}
