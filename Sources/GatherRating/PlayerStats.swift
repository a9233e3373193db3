import FoundationEssentials
import GatherWire

/// How one ended match went for one player who was on a team (the bench does not play).
package enum Outcome: String, Hashable, Sendable, Codable, CaseIterable {
    case won, drawn, lost
}

/// A player's record over the ended gathers they played in (`GET /api/players/{id}/stats`).
package struct PlayerStats: Hashable, Sendable, Codable {
    /// The outcome of the latest matches, as long as it lasts.
    package struct Streak: Hashable, Sendable, Codable {
        package var outcome: Outcome
        package var length: Int

        package init(outcome: Outcome, length: Int) {
            self.outcome = outcome
            self.length = length
        }
    }

    package var playerID: Int
    package var played: Int
    package var won: Int
    package var drawn: Int
    package var lost: Int
    /// Won ÷ played; nil before the first match.
    package var winRate: Double?
    package var goalsFor: Int
    package var goalsAgainst: Int
    /// nil before the first match.
    package var currentStreak: Streak?
    /// The last five outcomes, newest first.
    package var lastFive: [Outcome]
    /// The player's rating learned from the results (nil from a server that has none).
    package var rating: RatingSummary?
    /// The goals they scored (not own goals) and made, in the matches whose goals were recorded.
    package var goals = 0
    package var assists = 0
    /// Matches they were man of the match in (voted or chosen).
    package var manOfTheMatch = 0

    /// Goals scored per match played; nil before the first match.
    package var goalsPerMatch: Double? { played == 0 ? nil : Double(goals) / Double(played) }

    package init(playerID: Int, played: Int, won: Int, drawn: Int, lost: Int, goalsFor: Int, goalsAgainst: Int,
                currentStreak: Streak?, lastFive: [Outcome]) {
        self.init(playerID: playerID, played: played, won: won, drawn: drawn, lost: lost, goalsFor: goalsFor, goalsAgainst: goalsAgainst,
                  currentStreak: currentStreak, lastFive: lastFive, rating: nil)
    }

    package init(playerID: Int, played: Int, won: Int, drawn: Int, lost: Int, goalsFor: Int, goalsAgainst: Int,
                 currentStreak: Streak?, lastFive: [Outcome], rating: RatingSummary?) {
        self.playerID = playerID
        self.played = played
        self.won = won
        self.drawn = drawn
        self.lost = lost
        self.winRate = played == 0 ? nil : Double(won) / Double(played)
        self.goalsFor = goalsFor
        self.goalsAgainst = goalsAgainst
        self.currentStreak = currentStreak
        self.lastFive = lastFive
        self.rating = rating
    }

    enum CodingKeys: String, CodingKey {
        case playerID = "playerId", played, won, drawn, lost, winRate, goalsFor, goalsAgainst, currentStreak, lastFive, rating
        case goals, assists, goalsPerMatch, manOfTheMatch
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(playerID: try container.decode(Int.self, forKey: .playerID), played: try container.decode(Int.self, forKey: .played),
                  won: try container.decode(Int.self, forKey: .won), drawn: try container.decode(Int.self, forKey: .drawn),
                  lost: try container.decode(Int.self, forKey: .lost), goalsFor: try container.decode(Int.self, forKey: .goalsFor),
                  goalsAgainst: try container.decode(Int.self, forKey: .goalsAgainst),
                  currentStreak: try container.decodeIfPresent(Streak.self, forKey: .currentStreak),
                  lastFive: try container.decode([Outcome].self, forKey: .lastFive),
                  rating: try container.decodeIfPresent(RatingSummary.self, forKey: .rating))
        // A server before goals were kept sends neither.
        goals = try container.decodeIfPresent(Int.self, forKey: .goals) ?? 0
        assists = try container.decodeIfPresent(Int.self, forKey: .assists) ?? 0
        manOfTheMatch = try container.decodeIfPresent(Int.self, forKey: .manOfTheMatch) ?? 0
    }

    /// Every field present, `null` when unset, as everywhere in the API.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(playerID, forKey: .playerID)
        try container.encode(played, forKey: .played)
        try container.encode(won, forKey: .won)
        try container.encode(drawn, forKey: .drawn)
        try container.encode(lost, forKey: .lost)
        try container.encode(winRate, forKey: .winRate)
        try container.encode(goalsFor, forKey: .goalsFor)
        try container.encode(goalsAgainst, forKey: .goalsAgainst)
        try container.encode(currentStreak, forKey: .currentStreak)
        try container.encode(lastFive, forKey: .lastFive)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encode(goals, forKey: .goals)
        try container.encode(assists, forKey: .assists)
        try container.encode(goalsPerMatch, forKey: .goalsPerMatch)
        try container.encode(manOfTheMatch, forKey: .manOfTheMatch)
    }
}

/// One row of `GET /api/stats/leaderboard`.
package struct LeaderboardEntry: Hashable, Sendable, Codable {
    package var rank: Int
    package var playerID: Int
    package var name: String
    package var played: Int
    package var won: Int
    package var drawn: Int
    package var lost: Int
    package var winRate: Double
    package var goalDifference: Int
    /// The player's rating learned from the results (nil from a server that has none).
    package var rating: RatingSummary?
    /// Matches they were man of the match in (nil from a server before votes).
    package var manOfTheMatch: Int?

    package init(rank: Int, playerID: Int, name: String, played: Int, won: Int, drawn: Int, lost: Int, goalDifference: Int) {
        self.init(rank: rank, playerID: playerID, name: name, played: played, won: won, drawn: drawn, lost: lost,
                  goalDifference: goalDifference, rating: nil)
    }

    package init(rank: Int, playerID: Int, name: String, played: Int, won: Int, drawn: Int, lost: Int, goalDifference: Int,
                 rating: RatingSummary?) {
        self.rank = rank
        self.playerID = playerID
        self.name = name
        self.played = played
        self.won = won
        self.drawn = drawn
        self.lost = lost
        self.winRate = played == 0 ? 0 : Double(won) / Double(played)
        self.goalDifference = goalDifference
        self.rating = rating
    }

    enum CodingKeys: String, CodingKey {
        case rank, playerID = "playerId", name, played, won, drawn, lost, winRate, goalDifference, rating, manOfTheMatch
    }
}

extension Outcome: JSONWritable {}

extension PlayerStats.Streak: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("length") { $0.int(length) }
            object.field("outcome") { $0.value(outcome) }
        }
    }
}

extension PlayerStats: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("assists") { $0.int(assists) }
            object.field("currentStreak") { $0.optional(currentStreak) { $0.value($1) } }
            object.field("drawn") { $0.int(drawn) }
            object.field("goals") { $0.int(goals) }
            object.field("goalsAgainst") { $0.int(goalsAgainst) }
            object.field("goalsFor") { $0.int(goalsFor) }
            object.field("goalsPerMatch") { $0.optional(goalsPerMatch) { $0.double($1) } }
            object.field("lastFive") { $0.array(lastFive) }
            object.field("lost") { $0.int(lost) }
            object.field("manOfTheMatch") { $0.int(manOfTheMatch) }
            object.field("played") { $0.int(played) }
            object.field("playerId") { $0.int(playerID) }
            if let rating { object.field("rating") { $0.value(rating) } }
            object.field("winRate") { $0.optional(winRate) { $0.double($1) } }
            object.field("won") { $0.int(won) }
        }
    }
}

extension LeaderboardEntry: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("drawn") { $0.int(drawn) }
            object.field("goalDifference") { $0.int(goalDifference) }
            object.field("lost") { $0.int(lost) }
            if let manOfTheMatch { object.field("manOfTheMatch") { $0.int(manOfTheMatch) } }
            object.field("name") { $0.string(name) }
            object.field("played") { $0.int(played) }
            object.field("playerId") { $0.int(playerID) }
            object.field("rank") { $0.int(rank) }
            if let rating { object.field("rating") { $0.value(rating) } }
            object.field("winRate") { $0.double(winRate) }
            object.field("won") { $0.int(won) }
        }
    }
}
