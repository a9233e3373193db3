import GatherDomain
import GatherRating

/// The columns of the leaderboard, in the order they are shown; `<` and `>` move the sort
/// between them.
package enum LeaderboardColumn: Int, CaseIterable, Sendable {
    case rank, name, played, won, drawn, lost, winRate, goalDifference, rating

    package var title: String {
        switch self {
        case .rank: return "#"
        case .name: return "Name"
        case .played: return "P"
        case .won: return "W"
        case .drawn: return "D"
        case .lost: return "L"
        case .winRate: return "Win %"
        case .goalDifference: return "GD"
        case .rating: return "Rating"
        }
    }

    /// Best first: the rank and names ascending, counts and rates descending.
    func isOrderedBefore(_ a: LeaderboardEntry, _ b: LeaderboardEntry) -> Bool {
        switch self {
        case .rank: return a.rank < b.rank
        case .name: return a.name.localizedCaseInsensitiveCompare(b.name) == .orderedAscending
        case .played: return a.played > b.played
        case .won: return a.won > b.won
        case .drawn: return a.drawn > b.drawn
        case .lost: return a.lost > b.lost
        case .winRate: return a.winRate > b.winRate
        case .goalDifference: return a.goalDifference > b.goalDifference
        case .rating: return (a.rating?.mean ?? -.infinity) > (b.rating?.mean ?? -.infinity)
        }
    }
}

package struct LeaderboardRow: Equatable, Sendable {
    /// The cells, one per `LeaderboardColumn`, as text.
    package var cells: [String]
    package var isHighlighted: Bool
}

package struct LeaderboardViewState: Equatable, Sendable {
    package var rows: [LeaderboardRow]
    package var sortedBy: LeaderboardColumn
    package var isLoading: Bool
    package var error: String?
    package var position: String
    /// Loaded, and nobody has an ended match yet.
    package var isEmpty: Bool
    /// Worst first instead of best first.
    package var isReversed = false
    /// Only players with at least this many matches are listed (0: everyone).
    package var minimumGames = 0
    /// How many players that leaves out.
    package var hiddenByMinimum = 0
    /// Which matches it counts ("this season", "all time", a season's name); empty while the
    /// group has no seasons (every match then).
    package var season = ""
}

@MainActor
package protocol LeaderboardView: Screen {
    func display(_ state: LeaderboardViewState)
}

@MainActor
package protocol LeaderboardPresenterDelegate: AnyObject {
    /// s: the top scorers, over the season the table counts.
    func leaderboardDidAskForScorers(_ presenter: LeaderboardPresenter, season: SeasonPick)
}

/// Players ranked by win rate, then games, then goal difference (the server's order), sortable
/// by any column.
@MainActor
package final class LeaderboardPresenter {
    package weak var view: (any LeaderboardView)?
    package weak var delegate: (any LeaderboardPresenterDelegate)?
    private let service: any StatsService
    private var entries: [LeaderboardEntry] = []
    var isLoading = false
    var problem: String?
    package private(set) var sortedBy = LeaderboardColumn.rank
    package private(set) var isReversed = false
    package private(set) var minimumGames = 0
    package private(set) var cursor = ListCursor()
    package private(set) var season = SeasonPick.current
    private var seasons: [Season] = []
    /// Counts the tables asked for: only the latest one's answer is shown.
    private var latestAsk = 0

    /// What `m` steps through: everyone, then players with a few matches behind them (a 100 %
    /// win rate after one match says little).
    package static let minimumGamesSteps = [0, 3, 5, 10]

    package init(service: any StatsService) {
        self.service = service
    }

    package func viewDidLoad() async {
        await reload()
    }

    package func reload() async {
        // The seasons are what S offers: without them (a server before seasons) every match counts.
        seasons = (try? await service.seasons()) ?? seasons
        await showEntries(of: counted)
    }

    /// The table for `asked`, unless another was asked for since it was: the answer to an older
    /// question (S pressed while the first load was still out) never replaces the newer one's.
    private func showEntries(of asked: SeasonPick) async {
        latestAsk += 1
        let ask = latestAsk
        isLoading = true
        problem = nil
        render()
        do {
            let read = try await service.leaderboard(season: asked)
            guard ask == latestAsk else { return }
            entries = read
        } catch {
            guard ask == latestAsk else { return }
            problem = ServiceError(error).message
        }
        isLoading = false
        render()
    }

    /// S: the next season the table counts (this season, all time, then each season).
    package func nextSeason() async {
        guard !seasons.isEmpty else { return }
        let choices = SeasonPick.choices(seasons)
        season = choices[((choices.firstIndex(of: season) ?? 0) + 1) % choices.count]
        cursor.moveToFirst()
        await showEntries(of: counted)
    }

    /// The season asked for: every match while the group has no seasons (a server before them
    /// knows no `season` parameter).
    private var counted: SeasonPick { seasons.isEmpty ? .allTime : season }

    /// `>`: sort by the next column; `<`: by the previous one.
    package func sortByNextColumn(_ step: Int) {
        let columns = LeaderboardColumn.allCases
        let count = columns.count
        let index = ((sortedBy.rawValue + step) % count + count) % count
        sortedBy = columns[index]
        cursor.moveToFirst()
        render()
    }

    /// s: the top scorers.
    package func showScorers() {
        delegate?.leaderboardDidAskForScorers(self, season: counted)
    }

    /// v: the same column the other way round (worst first).
    package func reverse() {
        isReversed.toggle()
        cursor.moveToFirst()
        render()
    }

    /// m: only players with at least 3, 5, 10 matches, then everyone again.
    package func stepMinimumGames() {
        let steps = LeaderboardPresenter.minimumGamesSteps
        let next = (steps.firstIndex(of: minimumGames).map { $0 + 1 } ?? 0) % steps.count
        minimumGames = steps[next]
        cursor.moveToFirst()
        render()
    }

    package func move(by rows: Int) {
        cursor.move(by: rows)
        render()
    }

    package func moveToFirst() {
        cursor.moveToFirst()
        render()
    }

    package func moveToLast() {
        cursor.moveToLast()
        render()
    }

    private var sortedEntries: [LeaderboardEntry] {
        // Stable: ties keep the server's ranking (reversed, they keep it reversed too).
        let sorted = entries.filter { $0.played >= minimumGames }.enumerated().sorted { first, second in
            if sortedBy.isOrderedBefore(first.element, second.element) { return true }
            if sortedBy.isOrderedBefore(second.element, first.element) { return false }
            return first.offset < second.offset
        }.map(\.element)
        return isReversed ? sorted.reversed() : sorted
    }

    func render() {
        let sorted = sortedEntries
        cursor.resize(to: sorted.count)
        let rows = sorted.enumerated().map { index, entry in
            LeaderboardRow(cells: [String(entry.rank), entry.name, String(entry.played), String(entry.won), String(entry.drawn),
                                   String(entry.lost), "\(Int((entry.winRate * 100).rounded()))%",
                                   entry.goalDifference > 0 ? "+\(entry.goalDifference)" : String(entry.goalDifference),
                                   entry.rating.map { RatingText.value($0.mean) } ?? "–"],
                           isHighlighted: index == cursor.index)
        }
        view?.display(LeaderboardViewState(rows: rows, sortedBy: sortedBy, isLoading: isLoading, error: problem,
                                           position: cursor.position, isEmpty: entries.isEmpty && !isLoading && problem == nil,
                                           isReversed: isReversed, minimumGames: minimumGames,
                                           hiddenByMinimum: entries.count - sorted.count, season: seasons.isEmpty ? "" : season.label))
    }
}
