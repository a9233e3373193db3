import GatherClient
import GatherCore
import Terminal

/// Bench, Team A, Team B; a/b/n move the highlighted player; Enter starts the gather.
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
    var isEditingText: Bool { false }
    var keyHints: [KeyHint] {
        [KeyHint(keys: "↑↓/jk", action: "move"), KeyHint(keys: "a", action: "Team A"), KeyHint(keys: "b", action: "Team B"),
         KeyHint(keys: "n", action: "bench"), KeyHint(keys: "Enter", action: "start gather"), KeyHint(keys: "Esc", action: "back")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard state?.isStarting != true else { return .handled }
        switch key {
        case .up, .character("k"): presenter.moveUp()
        case .down, .character("j"): presenter.moveDown()
        case .character("a"): presenter.assignHighlighted(to: .teamA)
        case .character("b"): presenter.assignHighlighted(to: .teamB)
        case .character("n"): presenter.assignHighlighted(to: .bench)
        case .enter:
            let presenter = presenter
            Task { await presenter.start() }
        default: return .unhandled
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var row = area.row
        for section in state.sections {
            guard row < area.bottom - 1 else { break }
            buffer.put("\(section.title) (\(section.rows.count))", row: row, column: area.column, style: Theme.heading)
            row += 1
            if section.rows.isEmpty {
                buffer.put("  —", row: row, column: area.column, style: Theme.dim)
                row += 1
            }
            for player in section.rows where row < area.bottom - 1 {
                buffer.listRow("  " + player.name, row: row, in: area, highlighted: player.isHighlighted)
                row += 1
            }
            row += 1
        }
        if state.isStarting {
            buffer.message("Starting the gather…", row: area.bottom - 1, in: area, style: Theme.notice)
        } else {
            buffer.paragraph(state.error, row: area.bottom - 2, in: area, maxLines: 2)
        }
    }
}
