import FoundationEssentials
import GatherText
import GatherWire

/// The outcome of a gather: a score and the winner it implies. The two always agree.
package struct GatherResult: Hashable, Sendable {
    package let score: Score
    package let winner: Winner

    package init(score: Score) {
        self.score = score
        self.winner = score.winner
    }

    /// Validates a score and a winner as a client sends them: both present and consistent.
    package init(score: String, winnerTeam: String) throws(ValidationError) {
        guard let parsed = Score(score) else {
            throw ValidationError(field: "score", message: "must be \"N-M\" with each side a whole number from 0 to 999")
        }
        guard let winner = Winner(rawValue: winnerTeam) else {
            throw ValidationError(field: "winnerTeam", message: "must be one of \"Team A\", \"Team B\", \"None\"")
        }
        guard winner == parsed.winner else {
            throw ValidationError(field: "winnerTeam",
                                  message: "\"\(winner.rawValue)\" does not agree with score \(parsed) (winner is \"\(parsed.winner.rawValue)\")")
        }
        self.init(score: parsed)
    }

    /// Reads the `score` / `winnerTeam` pair: both absent (or null) is no result; one without the other is an error.
    /// With `goals`, the score they add up to when none is sent, and a sent one must agree with them.
    static func decodeIfPresent<Key: CodingKey>(from container: KeyedDecodingContainer<Key>,
                                                score scoreKey: Key, winner winnerKey: Key, goals: [Goal]? = nil) throws -> GatherResult? {
        let score = try container.decodeIfPresent(String.self, forKey: scoreKey)
        let winner = try container.decodeIfPresent(String.self, forKey: winnerKey)
        switch (score, winner) {
        case (nil, nil):
            guard let goals, !goals.isEmpty, let counted = Goals.score(of: goals) else { return nil }
            return GatherResult(score: counted)
        case let (score?, winner?):
            let result = try GatherResult(score: score, winnerTeam: winner)
            if let goals { try Goals.check(goals, against: result.score) }
            return result
        case (nil, _?):
            throw ValidationError(field: "score", message: "is required with winnerTeam")
        case (_?, nil):
            throw ValidationError(field: "winnerTeam", message: "is required with score")
        }
    }
}

/// The body of `POST /api/gathers`: `{}` or a score with its winner, and optionally the gather's
/// `id`, chosen by the client so that a retried upload finds the gather it already made.
package struct GatherDraft: Hashable, Sendable, Codable {
    package var id: UUID?
    package var result: GatherResult?
    /// The seed of the balanced split the teams came from (0 to 2^53 − 1), if they did.
    package var balanceSeed: Int?
    /// When it was played, for an import of past matches (default: now). Never in the future.
    package var createdAt: Date?
    /// When its result was saved, for an import (default: `createdAt`); needs a result.
    package var endedAt: Date?

    /// Every player of the match with their side: with it the gather and its teams are stored in
    /// one step, all or nothing (nil: the teams come one by one, as the original client sends them).
    package var players: [Member]?
    /// The fixture the match was played from: linked to it, and marked played once it has a result.
    package var fixtureId: Int?
    /// The match's goals in the order they came (nil: none sent, the original body). They add up
    /// to the score; sent without one, the score is theirs.
    package var goals: [Goal]?
    /// What the match cost (`cost`, the smallest unit of the group's currency, and `costSplit`).
    package var cost: MatchCost?

    /// At most this many players in one gather: a squad and its bench, several times over.
    package static let maximumPlayers = 200

    /// One player of `players`: the roster id and the side.
    package struct Member: Hashable, Sendable, Codable {
        package var id: Int
        package var team: Team

        package init(id: Int, team: Team) {
            self.id = id
            self.team = team
        }

        enum CodingKeys: String, CodingKey { case id, team }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = try container.decodeIfPresent(Int.self, forKey: .id) else {
                throw ValidationError(field: "players", message: "needs an id for every player")
            }
            guard id >= 1 else { throw ValidationError(field: "players", message: "ids are whole numbers from 1") }
            guard let team = try container.decodeEnumIfPresent(Team.self, forKey: .team) else {
                throw ValidationError(field: "players", message: "needs a team for every player")
            }
            self.id = id
            self.team = team
        }
    }

    package init(id: UUID? = nil, result: GatherResult?, balanceSeed: Int? = nil, createdAt: Date? = nil, endedAt: Date? = nil,
                players: [Member]? = nil, fixtureId: Int? = nil, goals: [Goal]? = nil, cost: MatchCost? = nil) {
        self.cost = cost
        self.fixtureId = fixtureId
        self.goals = goals
        self.id = id
        self.result = result
        self.balanceSeed = balanceSeed
        self.createdAt = createdAt
        self.endedAt = endedAt
        self.players = players
    }

    enum CodingKeys: String, CodingKey { case id, score, winnerTeam, balanceSeed, createdAt, endedAt, players, fixtureId, goals, cost, costSplit }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.cost), !(try container.decodeNil(forKey: .cost)) {
            cost = try MatchCost(from: decoder)
        } else if container.contains(.costSplit), !(try container.decodeNil(forKey: .costSplit)) {
            throw ValidationError(field: "costSplit", message: "goes with a cost")
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .id) {
            guard let id = UUID(canonicalText: text) else { throw ValidationError(field: "id", message: "must be a UUID") }
            self.id = id
        }
        goals = try Goals.decodeIfPresent(from: container, key: .goals)
        result = try GatherResult.decodeIfPresent(from: container, score: .score, winner: .winnerTeam, goals: goals)
        if let seed = try container.decodeIfPresent(Int.self, forKey: .balanceSeed) {
            guard BalanceSeed.range.contains(seed) else {
                throw ValidationError(field: "balanceSeed", message: "must be a whole number from 0 to 2^53 - 1")
            }
            balanceSeed = seed
        }
        do {
            // To the second, as the wire writes dates: a fraction would be stored and then lost
            // on the way out, so the gather would not read back as it was sent (found by fuzzing).
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt).map(InternetDate.wholeSecond)
        } catch {
            throw ValidationError(field: "createdAt", message: InternetDate.NotADate.expectation)
        }
        do {
            endedAt = try container.decodeIfPresent(Date.self, forKey: .endedAt).map(InternetDate.wholeSecond)
        } catch {
            throw ValidationError(field: "endedAt", message: InternetDate.NotADate.expectation)
        }
        if endedAt != nil && result == nil { throw ValidationError(field: "endedAt", message: "needs a score") }
        if let createdAt, let endedAt, endedAt < createdAt {
            throw ValidationError(field: "endedAt", message: "cannot be before createdAt")
        }
        if let fixture = try container.decodeWholeNumberIfPresent(forKey: .fixtureId) {
            guard fixture > 0 else { throw ValidationError(field: "fixtureId", message: "must be a fixture's id") }
            fixtureId = fixture
        }
        if let players = try container.decodeIfPresent([Member].self, forKey: .players) {
            guard players.count <= GatherDraft.maximumPlayers else {
                throw ValidationError(field: "players", message: "can list at most \(GatherDraft.maximumPlayers) players")
            }
            var seen = Set<Int>()
            for member in players where !seen.insert(member.id).inserted {
                throw ValidationError(field: "players", message: "lists player \(member.id) twice")
            }
            // A result played between two sides: one sent whole with its players names both. (The
            // original flow, a result first and the teams one by one after, is not this body.)
            if result != nil {
                for team in [Team.teamA, .teamB] where !players.contains(where: { $0.team == team }) {
                    throw ValidationError(field: "players", message: "a match with a score needs a player on each team (none on \(team.rawValue))")
                }
            }
            if let goals {
                try Goals.check(goals, sides: Dictionary(players.map { ($0.id, $0.team) }, uniquingKeysWith: { first, _ in first }))
            }
            self.players = players
        } else if let goals, goals.contains(where: { $0.scorer != nil || $0.assist != nil }) {
            throw ValidationError(field: "goals", message: "name scorers and assists only with the match's players")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(result?.score.description, forKey: .score)
        try container.encodeIfPresent(result?.winner, forKey: .winnerTeam)
        try container.encodeIfPresent(balanceSeed, forKey: .balanceSeed)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(endedAt, forKey: .endedAt)
        try container.encodeIfPresent(fixtureId, forKey: .fixtureId)
        try container.encodeIfPresent(players, forKey: .players)
        try container.encodeIfPresent(goals, forKey: .goals)
        try container.encodeIfPresent(cost?.amount, forKey: .cost)
        try container.encodeIfPresent(cost?.split, forKey: .costSplit)
    }
}

/// The body of `PUT /api/gathers/{id}`: a score and its winner, both required unless `goals`
/// are sent, whose score it then is. Without `goals` the match keeps the goals it has (when they
/// still add up to the new score); `"goals": []` clears them.
package struct GatherResultUpdate: Hashable, Sendable, Codable {
    package var result: GatherResult
    package var goals: [Goal]?

    package init(result: GatherResult, goals: [Goal]? = nil) {
        self.result = result
        self.goals = goals
    }

    enum CodingKeys: String, CodingKey { case score, winnerTeam, goals }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        goals = try Goals.decodeIfPresent(from: container, key: .goals)
        let scoreSent = try container.contains(.score) && !container.decodeNil(forKey: .score)
        guard let goals, !goals.isEmpty, !scoreSent else {
            let score = try container.decode(String.self, forKey: .score)
            let winner = try container.decode(String.self, forKey: .winnerTeam)
            result = try GatherResult(score: score, winnerTeam: winner)
            if let goals { try Goals.check(goals, against: result.score) }
            return
        }
        guard let result = try GatherResult.decodeIfPresent(from: container, score: .score, winner: .winnerTeam, goals: goals) else {
            throw ValidationError(field: "score", message: "is required")
        }
        self.result = result
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(result.score.description, forKey: .score)
        try container.encode(result.winner, forKey: .winnerTeam)
        try container.encodeIfPresent(goals, forKey: .goals)
    }
}
