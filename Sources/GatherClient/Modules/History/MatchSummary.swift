import Foundation
import GatherDomain

/// One match of History: stored on the server, or still waiting on this computer.
package enum MatchSummary: Equatable, Sendable {
    case stored(GatherWithPlayers)
    case waiting(PendingResult)

    package var id: UUID {
        switch self {
        case .stored(let match): return match.gather.id
        case .waiting(let pending): return pending.id
        }
    }

    package var result: GatherResult? {
        switch self {
        case .stored(let match): return match.gather.result
        case .waiting(let pending): return pending.record.result
        }
    }

    /// When it was played: its kick-off (the clock's first start, or the first goal); for a
    /// result kept by an older client, which did not note it, when it was saved here.
    package var date: Date {
        switch self {
        case .stored(let match): return match.gather.createdAt
        case .waiting(let pending): return pending.record.createdAt ?? pending.savedAt
        }
    }

    /// "3 – 2", as History's rows write a score.
    static func scoreText(_ result: GatherResult) -> String {
        "\(result.score.teamA) – \(result.score.teamB)"
    }

    /// Names on one side; a retired player's name is kept.
    package func names(of team: Team) -> [String] {
        switch self {
        case .stored(let match): return match.players(of: team).map(\.player.name)
        case .waiting(let pending): return pending.names(of: team)
        }
    }

    /// The teams came from the balancer.
    package var isBalanced: Bool {
        switch self {
        case .stored(let match): return match.gather.balanceSeed != nil
        case .waiting(let pending): return pending.record.balanceSeed != nil
        }
    }

    /// Whether any player's name passes the filter.
    func involves(_ filter: NameFilter) -> Bool {
        guard filter.narrows else { return true }
        return Team.allCases.contains { team in names(of: team).contains(where: filter.matches) }
    }
}

/// Dates as History shows them: "Sun 22 Nov 2026 18:05", in the user's time zone. One formatter,
/// made once: History formats every row on every render.
package struct MatchDateFormat {
    private let formatter: DateFormatter

    package init(timeZone: TimeZone, format: String = "EEE d MMM yyyy HH:mm") {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
    }

    package func string(from date: Date) -> String {
        formatter.string(from: date)
    }
}
