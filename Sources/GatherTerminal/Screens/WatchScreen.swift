import GatherClient
import GatherDomain
import Terminal

/// `gather watch`: the match being played, for a friend's laptop: the clock and the score in big
/// digits when there is room, the teams, and whether it is live or as last heard.
@MainActor
final class WatchScreen: TerminalScreen, WatchView {
    private let presenter: WatchPresenter
    private let requestRender: RenderRequest
    private var state: WatchViewState?

    init(presenter: WatchPresenter, requestRender: RenderRequest) {
        self.presenter = presenter
        self.requestRender = requestRender
    }

    func display(_ state: WatchViewState) {
        self.state = state
        requestRender()
    }

    var title: String { "Watch" }

    var keyHints: [KeyHint] {
        switch state?.connection {
        case .reconnecting?, .stopped?: return [KeyHint(keys: "r", action: "connect now"), KeyHint(keys: "q", action: "quit")]
        default: return [KeyHint(keys: "q", action: "quit")]
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard key == .character("r") else { return .unhandled }
        presenter.reconnectNow()
        return .handled
    }

    /// Content this tall or taller shows the clock and the score in big digits.
    static let bigDigitsMinimumHeight = 20

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var row = drawConnection(state, into: &buffer, in: area) + 1
        guard let match = state.match else {
            let words = state.connection == .live
                ? "No match is being played right now. It shows here as soon as the organiser opens one."
                : "No match heard of yet."
            buffer.paragraph(words, row: row + 1, in: area, style: Theme.dim)
            return
        }
        // Big digits only when every player still fits below them: the teams matter more than the size of the clock.
        let players = max(match.teamA.names.count, match.teamB.names.count, 1)
        let bigLayout = (row - area.row) + 2 * BigDigits.height + 3 + 1 + players + (match.goals.isEmpty ? 0 : 1)
        let big = area.height >= WatchScreen.bigDigitsMinimumHeight && area.height >= bigLayout
        let clockStyle = match.phase == .timeUp ? Theme.error : Theme.clock
        let score = "\(match.score.teamA)-\(match.score.teamB)"
        if big, let clockRows = BigDigits.rows(state.clock), let scoreRows = BigDigits.rows(score) {
            row = centre(clockRows, row: row, in: area, into: &buffer, style: clockStyle)
            row = centre([state.phase], row: row, in: area, into: &buffer, style: clockStyle) + 1
            let left = area.column + max(0, (area.width - BigDigits.width(of: score)) / 2)
            row = centre(scoreRows, row: row, in: area, into: &buffer, style: Theme.heading)
            buffer.put("Team A", row: row - 3, column: max(area.column, left - 8), style: Theme.heading)
            buffer.put("Team B", row: row - 3, column: left + BigDigits.width(of: score) + 2, style: Theme.heading)
            row += 1
        } else {
            row = centre(["\(state.clock)  \(state.phase)"], row: row, in: area, into: &buffer, style: clockStyle)
            row = centre(["Team A  \(match.score.teamA) – \(match.score.teamB)  Team B"], row: row, in: area, into: &buffer,
                         style: Theme.heading) + 1
        }
        drawTeams(match, from: row, into: &buffer, in: area)
    }

    /// The first line: live, or what is wrong and since when the screen shows the last state heard.
    private func drawConnection(_ state: WatchViewState, into buffer: inout ScreenBuffer, in area: Area) -> Int {
        let heard = state.lastHeard.map { " · last heard \($0)" } ?? ""
        switch state.connection {
        case .connecting:
            buffer.put("Connecting to \(state.label)…", row: area.row, column: area.column, style: Theme.notice, maxWidth: area.width)
            return area.row + 1
        case .live:
            // When it was last heard first: the label (a long link) is what gives way.
            let column = area.column + buffer.put("● Live · ", row: area.row, column: area.column, style: Theme.selectedMark)
            let when = state.lastHeard.map { "last heard \($0) · " } ?? ""
            buffer.put(when + state.label, row: area.row, column: column, style: Theme.dim, maxWidth: area.width - (column - area.column))
            return area.row + 1
        case .reconnecting(let seconds, let reason):
            return area.row + buffer.paragraph("Not live. \(reason) Trying again in \(seconds) s\(heard).",
                                               row: area.row, in: area, style: Theme.error, maxLines: 2)
        case .stopped(let reason):
            return area.row + buffer.paragraph("Stopped. \(reason)" + (state.lastHeard.map { " Last heard \($0)." } ?? ""),
                                               row: area.row, in: area, style: Theme.error, maxLines: 2)
        }
    }

    /// Lines centred one under another from `row`; the row after them.
    private func centre(_ lines: [String], row: Int, in area: Area, into buffer: inout ScreenBuffer, style: Style) -> Int {
        for (index, line) in lines.enumerated() {
            buffer.put(line, row: row + index, column: area.column + max(0, (area.width - DisplayWidth.of(line)) / 2), style: style,
                       maxWidth: area.width)
        }
        return row + lines.count
    }

    private func drawTeams(_ match: LiveMatch, from row: Int, into buffer: inout ScreenBuffer, in area: Area) {
        let half = area.width / 2
        guard row < area.bottom else { return }
        buffer.put("Team A", row: row, column: area.column, style: Theme.heading)
        buffer.put("Team B", row: row, column: area.column + half, style: Theme.heading)
        var first = row + 1
        // Who scored, as it happens: under each side's heading, before its players.
        if !match.goals.isEmpty, first < area.bottom {
            buffer.put(ScorersLine.text(match.goalLines(of: .teamA), width: half - 2), row: first, column: area.column + 1,
                       style: Theme.dim, maxWidth: half - 2)
            buffer.put(ScorersLine.text(match.goalLines(of: .teamB), width: half - 2), row: first, column: area.column + half + 1,
                       style: Theme.dim, maxWidth: half - 2)
            first += 1
        }
        let height = max(0, area.bottom - first)
        for (index, name) in TeamColumn.lines(match.teamA.names, height: height).enumerated() {
            buffer.put(name, row: first + index, column: area.column + 1, maxWidth: half - 2)
        }
        for (index, name) in TeamColumn.lines(match.teamB.names, height: height).enumerated() {
            buffer.put(name, row: first + index, column: area.column + half + 1, maxWidth: half - 2)
        }
    }
}
