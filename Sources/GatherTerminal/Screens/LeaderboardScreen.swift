import GatherClient
import Terminal

/// Rank, name, P W D L, win %, goal difference, rating; `<` and `>` sort by another column, `v` reverses
/// it, `m` leaves out players with few matches.
@MainActor
final class LeaderboardScreen: TerminalScreen, LeaderboardView {
    private let presenter: LeaderboardPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: LeaderboardViewState?
    private var listHeight = 10

    init(presenter: LeaderboardPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: LeaderboardViewState) {
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state else { return "Leaderboard" }
        var title = state.position.isEmpty ? "Leaderboard" : "Leaderboard \(state.position)"
        if !state.season.isEmpty { title += " · \(state.season)" }
        if state.minimumGames > 0 { title += " · \(state.minimumGames)+ matches" }
        return title
    }

    var keyHints: [KeyHint] {
        [KeyHint(keys: "< >", action: "sort column"), KeyHint(keys: "v", action: "reverse"), KeyHint(keys: "m", action: "min. matches"),
         KeyHint(keys: "s", action: "scorers"), KeyHint(keys: "S", action: "season"), KeyHint(keys: "r", action: "reload"), ListMove.hint,
         KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "?", action: "help")]
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
        switch key {
        case .character("<"), .left: presenter.sortByNextColumn(-1)
        case .character(">"), .right: presenter.sortByNextColumn(1)
        case .character("v"): presenter.reverse()
        case .character("m"): presenter.stepMinimumGames()
        case .character("s"): presenter.showScorers()
        case .character("S"): effects.run { await presenter.nextSeason() }
        case .character("r"): effects.run { await presenter.reload() }
        default: return .unhandled
        }
        return .handled
    }

    /// Widths of the columns after the name, which takes what is left: as narrow as their
    /// numbers and headings (with the sort arrow) allow, so a name keeps 19 cells at 60 columns.
    private static let widths: [LeaderboardColumn: Int] = [.rank: 3, .played: 3, .won: 3, .drawn: 3, .lost: 3, .winRate: 6,
                                                           .goalDifference: 4, .rating: 7]

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        let fixed = LeaderboardScreen.widths.values.reduce(0, +) + LeaderboardColumn.allCases.count
        let nameWidth = max(6, area.width - fixed)
        func line(_ cells: [String]) -> String {
            zip(LeaderboardColumn.allCases, cells).map { column, cell in
                DisplayWidth.pad(cell, toWidth: LeaderboardScreen.widths[column] ?? nameWidth)
            }.joined(separator: " ")
        }
        let titles = LeaderboardColumn.allCases.map { $0 == state.sortedBy ? $0.title + (state.isReversed ? "▲" : "▼") : $0.title }
        buffer.put(line(titles), row: area.row, column: area.column, style: Theme.heading, maxWidth: area.width)
        listHeight = max(1, area.height - 3)
        if state.isEmpty {
            buffer.put("No ended match yet: records start with the first saved score", row: area.row + 2, column: area.column,
                       style: Theme.dim, maxWidth: area.width)
        } else if state.rows.isEmpty && state.isLoading {
            buffer.put("Loading…", row: area.row + 2, column: area.column, style: Theme.dim)
        } else if state.rows.isEmpty && state.hiddenByMinimum > 0 {
            buffer.put("Nobody has played \(state.minimumGames) matches yet — m shows everyone", row: area.row + 2, column: area.column,
                       style: Theme.dim, maxWidth: area.width)
        }
        let highlighted = state.rows.firstIndex(where: \.isHighlighted) ?? 0
        let first = ListWindow.firstVisible(highlighted: highlighted, count: state.rows.count, height: listHeight)
        for (offset, row) in state.rows.dropFirst(first).prefix(listHeight).enumerated() {
            buffer.listRow(line(row.cells), row: area.row + 1 + offset, in: area, highlighted: row.isHighlighted)
        }
        let hidden = state.hiddenByMinimum == 0 ? nil
            : "\(state.hiddenByMinimum) with fewer than \(state.minimumGames) matches left out (m)"
        buffer.paragraph(state.error ?? hidden, row: area.bottom - 2, in: area, style: state.error == nil ? Theme.dim : Theme.error,
                         maxLines: 2)
    }
}
