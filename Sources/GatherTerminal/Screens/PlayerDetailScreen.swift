import GatherClient
import Terminal

/// Sections Personal, Play, Likes (Enter edits the highlighted row), then the player's record.
@MainActor
final class PlayerDetailScreen: TerminalScreen, PlayerDetailView {
    private let presenter: PlayerDetailPresenter
    private let requestRender: RenderRequest
    private var state: PlayerDetailViewState?

    init(presenter: PlayerDetailPresenter, requestRender: RenderRequest) {
        self.presenter = presenter
        self.requestRender = requestRender
    }

    func display(_ state: PlayerDetailViewState) {
        self.state = state
        requestRender()
    }

    var title: String { state?.title ?? "Player" }
    var keyHints: [KeyHint] {
        [KeyHint(keys: "↑↓/jk", action: "move"), KeyHint(keys: "Enter", action: "edit"), KeyHint(keys: "Esc", action: "back"),
         KeyHint(keys: "q", action: "quit"), KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .up, .character("k"): presenter.moveUp()
        case .down, .character("j"): presenter.moveDown()
        case .enter: presenter.editHighlighted()
        default: return .unhandled
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var row = area.row
        let labelWidth = 22
        for section in state.sections {
            guard row < area.bottom else { break }
            buffer.put(section.title, row: row, column: area.column, style: Theme.heading)
            row += 1
            for item in section.rows {
                let line = "  " + DisplayWidth.pad(item.title, toWidth: labelWidth) + item.value
                buffer.listRow(line, row: row, in: area, highlighted: item.isHighlighted)
                row += 1
            }
            row += 1
        }
        // Beside the attributes when the terminal is wide enough, else below them.
        let besideColumn = area.column + 46
        let recordArea = area.width >= 90
            ? Area(row: area.row, column: besideColumn, width: area.width - 46, height: area.height)
            : Area(row: row, column: area.column, width: area.width, height: max(0, area.bottom - row))
        drawRecord(state, into: &buffer, in: recordArea)
    }

    private func drawRecord(_ state: PlayerDetailViewState, into buffer: inout ScreenBuffer, in area: Area) {
        guard area.height > 0 else { return }
        buffer.put("Record", row: area.row, column: area.column, style: Theme.heading)
        var row = area.row
        for line in state.record ?? (state.recordError == nil ? ["Loading…"] : []) {
            row += 1
            buffer.message("  " + line, row: row, in: area, style: state.record == nil ? Theme.dim : .plain)
        }
        if let error = state.recordError {
            buffer.paragraph("  " + error, row: row + 1, in: area, maxLines: 2)
        }
    }
}
