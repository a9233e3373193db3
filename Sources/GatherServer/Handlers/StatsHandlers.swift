import FoundationEssentials
import GatherCore
import HTTP
import Storage

/// `/api/players/{id}/stats` and `/api/stats/leaderboard`: records over the caller's ended gathers.
enum StatsHandlers {
    /// A player's record. A retired player (deleted after playing) still has one.
    static func player(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "player")
        guard let stats = try context.database.read({ try StatsRepository($0).playerStats(id: id, owner: context.owner) }) else {
            throw APIError.playerNotFound
        }
        return .json(.ok, stats)
    }

    static let minimumGamesRange = 1...10_000

    /// Players on the roster ranked by win rate, then games, then goal difference; `minGames`
    /// (default 1) leaves out those with fewer ended matches.
    static func leaderboard(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        var minimumGames = 1
        for (name, value) in context.request.query {
            guard name == "minGames" else {
                throw ValidationError(field: name, message: "is not a parameter of the leaderboard (minGames)")
            }
            guard let number = Int(value), minimumGamesRange.contains(number) else {
                throw ValidationError(field: "minGames", message: "must be a whole number from 1 to 10000")
            }
            minimumGames = number
        }
        return .json(.ok, try context.database.read {
            try StatsRepository($0).leaderboard(owner: context.owner, minimumGames: minimumGames)
        })
    }
}
