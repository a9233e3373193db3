import FoundationEssentials
import GatherRating
import Storage

/// The leaderboard with each player's rating as it stands, by record or by rating: what
/// `GET /api/stats/leaderboard` answers and the share page's table shows.
struct RatedLeaderboard {
    /// `record`: win rate, then games, then goal difference. `rating`: the rating's mean, highest
    /// first, the record's order among equals; ranks numbered in that order.
    enum Order: String {
        case record, rating
    }

    let database: Database
    let owner: UUID
    let now: Date
    /// How the group's ratings stand (marked stale on each row while behind); the share page
    /// does not say.
    var standing = RatingStanding(isStale: false, settledAt: nil)
    /// A season's matches alone; nil: all time. Ratings are as they stand now either way.
    var during: Range<Date>?

    func entries(minimumGames: Int, order: Order) throws -> [LeaderboardEntry] {
        let ratings = try RatingRepository(database).ratings(owner: owner)
        let players = PlayerRepository(database)
        let awards = try MatchVoteRepository(database).awards(owner: owner, at: now, during: during)
        let entries = try StatsRepository(database).leaderboard(owner: owner, minimumGames: minimumGames, during: during).map { entry in
            var rated = entry
            rated.manOfTheMatch = awards[entry.playerID] ?? 0
            // Everyone listed has played, so has a rating, but for a match with an empty side.
            let declared = ratings[entry.playerID] == nil ? try players.find(id: entry.playerID, owner: owner)?.skill : nil
            rated.rating = RatingSummary(ratings[entry.playerID], declared: declared, at: now, standing: standing)
            return rated
        }
        guard order == .rating else { return entries }
        return entries.enumerated().sorted { ($0.element.rating?.mean ?? 0, -$0.offset) > ($1.element.rating?.mean ?? 0, -$1.offset) }
            .enumerated().map { rank, pair in
                var entry = pair.element
                entry.rank = rank + 1
                return entry
            }
    }
}
