import GatherClient
import Terminal

/// The group's fixtures, soonest first: kick-off in each one's own zone, where, how many are in;
/// Enter opens one.
@MainActor
final class FixturesScreen: TerminalScreen, FixturesView {
    private let presenter: FixturesPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: FixturesViewState?
    private var listHeight = 10

    init(presenter: FixturesPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: FixturesViewState) {
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state, !state.position.isEmpty else { return "Fixtures" }
        return "Fixtures \(state.position)"
    }

    var keyHints: [KeyHint] {
        [KeyHint(keys: "Enter", action: "who's in"), KeyHint(keys: "r", action: "reload"), ListMove.hint,
         KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state else { return .unhandled }
        let presenter = presenter
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): presenter.move(by: rows)
            case .first: presenter.move(by: -state.rows.count)
            case .last: presenter.move(by: state.rows.count)
            }
            return .handled
        }
        switch key {
        case .enter: presenter.openHighlighted()
        case .character("r"): effects.run { await presenter.reload() }
        default: return .unhandled
        }
        return .handled
    }

    /// Kick-off, answers and status keep their widths; the place takes what is left, and goes
    /// first when the terminal is narrow.
    private static let widths = (kickOff: 21, answers: 16, status: 14)

    private static func line(kickOff: String, place: String, answers: String, status: String, width: Int) -> String {
        let fixed = widths.kickOff + widths.answers + 3
        let withStatus = width - fixed - widths.status - 1 >= 8
        let placeWidth = max(0, width - fixed - (withStatus ? widths.status + 1 : 0))
        return [DisplayWidth.pad(kickOff, toWidth: widths.kickOff), DisplayWidth.pad(answers, toWidth: widths.answers),
                DisplayWidth.pad(place, toWidth: placeWidth)].joined(separator: " ")
            + (withStatus ? " " + status : "")
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var row = area.row
        buffer.put(FixturesScreen.line(kickOff: "Kick-off", place: "Place", answers: "In", status: "Status", width: area.width),
                   row: row, column: area.column, style: Theme.heading, maxWidth: area.width)
        row += 1
        listHeight = max(1, area.bottom - 2 - row)
        if state.isEmpty {
            buffer.paragraph("No fixture yet. gather fixtures new --at \"2026-12-03 19:00\" --places 10 schedules one; "
                             + "a weekly one repeats by itself.", row: row, in: area, style: Theme.dim, maxLines: 3)
        } else if state.rows.isEmpty && state.isLoading {
            buffer.put("Loading…", row: row, column: area.column, style: Theme.dim)
        }
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.rows.count, height: listHeight)
        for (offset, fixture) in state.rows.enumerated().dropFirst(first).prefix(listHeight) {
            let text = FixturesScreen.line(kickOff: fixture.kickOff, place: fixture.place, answers: fixture.answers, status: fixture.status,
                                           width: area.width)
            buffer.listRow(text, row: row + offset - first, in: area, highlighted: offset == state.highlighted)
        }
        buffer.paragraph(state.problem, row: area.bottom - 2, in: area, maxLines: 2)
    }
}
