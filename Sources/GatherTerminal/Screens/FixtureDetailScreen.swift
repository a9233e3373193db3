import GatherClient
import GatherDomain
import Terminal

/// One fixture: when and where, the headcount, and every player's answer, live as friends give
/// them. i/o/m answer for the highlighted player, l hands them a personal link (with a QR code to
/// scan at the pitch), t makes and publishes the teams from those holding places, s starts the
/// match with them.
@MainActor
final class FixtureDetailScreen: TerminalScreen, FixtureDetailView {
    private let presenter: FixtureDetailPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private let colorEnabled: Bool
    private var state: FixtureDetailViewState?
    private var listHeight = 10

    init(presenter: FixtureDetailPresenter, requestRender: RenderRequest, effects: Effects, colorEnabled: Bool) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
        self.colorEnabled = colorEnabled
    }

    func display(_ state: FixtureDetailViewState) {
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state, !state.position.isEmpty else { return "Who's in" }
        return "Who's in \(state.position)"
    }

    var keyHints: [KeyHint] {
        if state?.prompt != nil { return [KeyHint(keys: "y", action: "make the link"), KeyHint(keys: "n/Esc", action: "keep the old one")] }
        if state?.link != nil { return [KeyHint(keys: "Esc", action: "put the link away")] }
        return [KeyHint(keys: "i/o/m", action: "in/out/maybe")]
            + (state?.suggestion != nil ? [KeyHint(keys: "a", action: "swap"), KeyHint(keys: "K", action: "keep the teams")] : [])
            + [KeyHint(keys: "t", action: "teams")]
            + (state?.canStartMatch == true ? [KeyHint(keys: "s", action: "start the match")] : [])
            + [KeyHint(keys: "l", action: "personal link"),
                KeyHint(keys: "r", action: "reload"), ListMove.hint, KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state, !state.isWorking else { return .handled }
        let presenter = presenter
        if state.prompt != nil {
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirmLink() }
            case .character("n"), .character("N"), .escape: _ = presenter.cancel()
            default: break
            }
            return .handled
        }
        if state.link != nil {
            guard key == .escape else { return .handled }
            _ = presenter.cancel()
            return .handled
        }
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): presenter.move(by: rows)
            case .first: presenter.move(by: -state.rows.count)
            case .last: presenter.move(by: state.rows.count)
            }
            return .handled
        }
        switch key {
        case .character("i"): effects.run { await presenter.answer(.in) }
        case .character("o"): effects.run { await presenter.answer(.out) }
        case .character("m"): effects.run { await presenter.answer(.maybe) }
        case .character("l"): presenter.requestLink()
        case .character("t"): presenter.requestTeams()
        case .character("s"): presenter.startMatch()
        case .character("a") where state.suggestion != nil: effects.run { await presenter.acceptSuggestion() }
        case .character("K") where state.suggestion != nil: effects.run { await presenter.keepTeams() }
        case .character("r"): effects.run { await presenter.refresh() }
        default: return .unhandled
        }
        return .handled
    }

    /// The answer and the notes keep their widths; the name takes what is left.
    private static func line(name: String, standing: String, notes: String, width: Int) -> String {
        let standingWidth = 11
        let notesWidth = width >= 70 ? 24 : 0
        let nameWidth = max(8, width - standingWidth - (notesWidth > 0 ? notesWidth + 2 : 0) - 1)
        return DisplayWidth.pad(name, toWidth: nameWidth) + " " + DisplayWidth.pad(standing, toWidth: standingWidth)
            + (notesWidth > 0 ? "  " + notes : "")
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        if let link = state.link {
            ScannableText.draw(link.url, heading: "\(link.name)'s personal link: send it to them to answer with. It is shown this once.",
                               elsewhere: "gather players link \"\(link.name)\" --new", colorEnabled: colorEnabled, into: &buffer, in: area)
            return
        }
        var row = area.row
        for line in state.heading where row < area.bottom {
            buffer.put(line, row: row, column: area.column, maxWidth: area.width)
            row += 1
        }
        buffer.put(state.headcount, row: row, column: area.column, style: Theme.heading, maxWidth: area.width)
        row += 1
        // The teams when there is room for them beside a list of at least five.
        if !state.teams.isEmpty && area.bottom - row - state.teams.count - 4 >= 5 {
            for line in state.teams {
                buffer.put(line, row: row, column: area.column, maxWidth: area.width)
                row += 1
            }
        }
        if let suggestion = state.suggestion {
            row += buffer.paragraph(suggestion + ". a swaps, K keeps them.", row: row, in: area, style: Theme.notice, maxLines: 2)
        }
        buffer.message(state.liveNote, row: row, in: area, style: Theme.dim)
        // A blank row before the list where the list can spare it.
        row += area.height >= 18 ? 2 : 1
        buffer.put(FixtureDetailScreen.line(name: "Player", standing: "Answer", notes: "", width: area.width), row: row,
                   column: area.column, style: Theme.heading, maxWidth: area.width)
        row += 1
        listHeight = max(1, area.bottom - 2 - row)
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.rows.count, height: listHeight)
        for (offset, answer) in state.rows.enumerated().dropFirst(first).prefix(listHeight) {
            buffer.listRow(FixtureDetailScreen.line(name: answer.name, standing: answer.standing, notes: answer.notes, width: area.width),
                           row: row + offset - first, in: area, highlighted: offset == state.highlighted)
        }
        let messages = area.bottom - 2
        if case .confirmLink(let name) = state.prompt {
            buffer.question(["Make \(name) a new personal link? One made before stops working. (y/n)",
                             "New link for \(name)? The old one stops. (y/n)"], row: messages, in: area)
        } else if let problem = state.problem {
            buffer.paragraph(problem, row: messages, in: area, maxLines: 2)
        } else {
            buffer.paragraph(state.notice, row: messages, in: area, style: Theme.notice, maxLines: 2)
        }
    }
}
