import Foundation
import GatherDomain

package struct ScorersViewState: Equatable, Sendable {
    /// # Name G A P G/P, most goals first.
    package var rows: [[String]]
    package var highlighted: Int?
    package var isLoading: Bool
    package var error: String?
    package var position: String
    /// Loaded, and nobody has a goal or an assist yet.
    package var isEmpty: Bool
    /// Which matches it counts, as the leaderboard it was opened from ("this season", a season's name).
    package var season = ""
}

@MainActor
package protocol ScorersView: Screen {
    func display(_ state: ScorersViewState)
}

/// The top scorers: goals (own goals are nobody's), assists, matches played and goals a match,
/// in the server's order.
@MainActor
package final class ScorersPresenter {
    package weak var view: (any ScorersView)?
    private let service: any StatsService
    private let season: SeasonPick
    private var scorers: [Scorer] = []
    var isLoading = false
    var problem: String?
    package private(set) var cursor = ListCursor()

    /// The columns' headings, in the order of each row's cells.
    package static let headings = ["#", "Name", "G", "A", "P", "G/P"]

    package init(service: any StatsService, season: SeasonPick = .allTime) {
        self.service = service
        self.season = season
    }

    package func viewDidLoad() async {
        await reload()
    }

    package func reload() async {
        await load { scorers = try await service.scorers(season: season) }
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

    func render() {
        cursor.resize(to: scorers.count)
        let rows = scorers.enumerated().map { index, scorer in
            [String(index + 1), scorer.name, String(scorer.goals), String(scorer.assists), String(scorer.matches),
             scorer.goalsPerMatch.map { String(format: "%.2f", $0) } ?? "–"]
        }
        view?.display(ScorersViewState(rows: rows, highlighted: scorers.isEmpty ? nil : cursor.index, isLoading: isLoading, error: problem,
                                       position: cursor.position, isEmpty: scorers.isEmpty && !isLoading && problem == nil,
                                       season: season == .allTime ? "" : season.label))
    }
}

extension ScorersPresenter: ServerLoading {}
