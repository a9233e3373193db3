import GatherDomain

/// Which matches the leaderboard and the scorers count: the season under way (all time between
/// seasons), all time, or one season.
package enum SeasonPick: Hashable, Sendable {
    case current
    case allTime
    case season(id: Int, name: String)

    /// The `season` parameter that asks for it; nil: none (all time, as a server before seasons knows it).
    package var query: String? {
        switch self {
        case .current: "current"
        case .allTime: nil
        case .season(let id, _): String(id)
        }
    }

    /// How the title says it.
    package var label: String {
        switch self {
        case .current: "this season"
        case .allTime: "all time"
        case .season(_, let name): name
        }
    }

    /// What `S` steps through: this season, all time, then each season, the latest first.
    package static func choices(_ seasons: [Season]) -> [SeasonPick] {
        [.current, .allTime] + seasons.map { .season(id: $0.id, name: $0.name) }
    }
}
