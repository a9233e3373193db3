import Foundation
import GatherDomain

/// One side of a match as the detail screen lists it.
package struct MatchSide: Equatable, Sendable {
    package var title: String
    /// Names, a retired player's marked "(retired)".
    package var players: [String]
}

package struct MatchDetailViewState: Equatable, Sendable {
    package var title: String
    /// "Team A 3 – 2 Team B", or "Unfinished: no score yet".
    package var scoreLine: String
    /// "Winner: Team A", "Draw", or where the result waits.
    package var outcome: String
    package var sides: [MatchSide]
    /// "Teams balanced (seed 7)", or "Teams made by hand".
    package var teamsMadeBy: String
}

@MainActor
package protocol MatchDetailView: Screen {
    func display(_ state: MatchDetailViewState)
}

/// One match in full: both teams, the bench, the score, when.
@MainActor
package final class MatchDetailPresenter {
    package weak var view: (any MatchDetailView)?
    package let match: MatchSummary
    private let dates: MatchDateFormat

    package init(match: MatchSummary, timeZone: TimeZone = .current) {
        self.match = match
        dates = MatchDateFormat(timeZone: timeZone)
    }

    package func viewDidLoad() {
        let outcome: String
        switch match {
        case .waiting(let pending):
            outcome = pending.refusal.map { "On this computer; the server refused it: \($0)" }
                ?? "On this computer, waiting to upload"
        case .stored(let stored):
            outcome = switch match.result?.winner {
            case nil: "Unfinished: resume or delete it from History"
            // Said before anything else: it counts nowhere, whatever its score.
            case _ where stored.gather.duplicateOf != nil:
                "In question: it repeats a match saved from another computer and counts nowhere until one of the two is "
                    + "deleted or an owner says both were played (History: x or b)"
            case .none?: "Draw"
            case let winner?: "Winner: \(winner.rawValue)"
            }
        }
        let sides = Team.allCases.map { team in
            MatchSide(title: team.rawValue, players: names(of: team))
        }
        view?.display(MatchDetailViewState(title: "Match of \(dates.string(from: match.date))",
                                           scoreLine: match.result?.scoreLine ?? "Unfinished: no score yet",
                                           outcome: outcome, sides: sides, teamsMadeBy: teamsMadeBy))
    }

    private var teamsMadeBy: String {
        let seed: Int? = switch match {
        case .stored(let stored): stored.gather.balanceSeed
        case .waiting(let pending): pending.record.balanceSeed
        }
        return seed.map { "Teams balanced (seed \($0))" } ?? "Teams made by hand"
    }

    private func names(of team: Team) -> [String] {
        guard case .stored(let stored) = match else { return match.names(of: team) }
        return stored.players(of: team).map { $0.isRetired ? "\($0.player.name) (retired)" : $0.player.name }
    }
}
