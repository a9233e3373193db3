import FoundationEssentials
import GatherRating
import GatherText
import HTTP
import Storage

/// `/api/players/{id}/stats`, `/api/stats/leaderboard` and `/api/ratings`: records and ratings
/// over the caller's ended gathers.
enum StatsHandlers {
    /// A player's record. A retired player (deleted after playing) still has one.
    /// With `season`, over that season's matches (`SeasonChoice`).
    static func player(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "player")
        let season = try seasonParameter(of: context, named: "a player's record")
        let now = context.services.now()
        guard let stats = try context.database.read({ database -> PlayerStats? in
            let during = try SeasonChoice.during(season, owner: context.owner, database: database, now: now).range
            guard var stats = try StatsRepository(database).playerStats(id: id, owner: context.owner, during: during),
                  let player = try PlayerRepository(database).find(id: id, owner: context.owner) else { return nil }
            let ratings = RatingRepository(database)
            stats.manOfTheMatch = try MatchVoteRepository(database).awards(owner: context.owner, at: now, during: during)[id] ?? 0
            stats.rating = RatingSummary(try ratings.rating(playerID: id, owner: context.owner), declared: player.skill, at: now,
                                         standing: try context.ratingStanding(database))
            return stats
        }) else {
            throw APIError.playerNotFound
        }
        return .json(.ok, stats)
    }

    static let minimumGamesRange = 1...10_000

    /// Players on the roster ranked by win rate, then games, then goal difference (or, with
    /// `sort=rating`, by rating); `minGames` (default 1) leaves out those with fewer ended matches.
    /// Each row carries the player's rating.
    static func leaderboard(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        var minimumGames = 1
        var order = RatedLeaderboard.Order.record
        var season: String?
        for (name, value) in context.request.query {
            switch name {
            case "season":
                season = value
            case "minGames":
                guard let number = Int(value), minimumGamesRange.contains(number) else {
                    throw ValidationError(field: "minGames", message: "must be a whole number from 1 to 10000")
                }
                minimumGames = number
            case "sort":
                guard let chosen = RatedLeaderboard.Order(rawValue: value) else {
                    throw ValidationError(field: "sort", message: "must be \"record\" or \"rating\"")
                }
                order = chosen
            default:
                throw ValidationError(field: name, message: "is not a parameter of the leaderboard (minGames, sort, season)")
            }
        }
        let now = context.services.now()
        let entries = try context.database.read { database in
            try RatedLeaderboard(database: database, owner: context.owner, now: now, standing: try context.ratingStanding(database),
                                 during: try SeasonChoice.during(season, owner: context.owner, database: database, now: now).range)
                .entries(minimumGames: minimumGames, order: order)
        }
        return .json(.ok, entries)
    }

    /// `GET /api/stats/scorers`: the players on the roster who scored or made a goal, most goals
    /// first (then assists, then fewer matches), over the group's counted matches.
    static func scorers(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let season = try seasonParameter(of: context, named: "the scorers")
        let now = context.services.now()
        return .json(.ok, try context.database.read { database in
            try GoalRepository(database).scorers(owner: context.owner,
                                                 during: try SeasonChoice.during(season, owner: context.owner, database: database, now: now).range)
        })
    }

    /// The `season` parameter, the only one `what` takes.
    private static func seasonParameter(of context: AuthenticatedContext<WorkerDatabase>, named what: String) throws -> String? {
        var season: String?
        for (name, value) in context.request.query {
            guard name == "season" else { throw ValidationError(field: name, message: "is not a parameter of \(what) (season)") }
            season = value
        }
        return season
    }

    /// `GET /api/ratings`: every player on the roster with their rating, highest first (then by
    /// name); players who have not played yet at the level they were declared.
    static func ratings(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        guard context.request.query.isEmpty else {
            throw ValidationError(field: context.request.query[0].0, message: "is not a parameter of the ratings")
        }
        let now = context.services.now()
        let rated = try context.database.read { database in
            let ratings = try RatingRepository(database).ratings(owner: context.owner)
            let standing = try context.ratingStanding(database)
            return try PlayerRepository(database).all(owner: context.owner).map { player in
                RatedPlayer(playerID: player.id, name: player.name,
                            rating: RatingSummary(ratings[player.id], declared: player.skill, at: now, standing: standing))
            }
        }
        return .json(.ok, rated.sorted { ($0.rating.mean, $1.name, $1.playerID) > ($1.rating.mean, $0.name, $0.playerID) })
    }
}
