import FoundationEssentials
import GatherWire

/// One match: who organised it and, once it has ended, the score and the winner.
package struct Gather: Hashable, Sendable {
    package var id: UUID
    /// The organiser's id (`userId` on the wire, as the original backend spells it).
    package var userID: UUID
    package var result: GatherResult?
    package var createdAt: Date
    /// When its result was first saved; nil while the gather is unfinished.
    package var endedAt: Date?
    /// The seed of the balancer's split the teams came from; nil when they were made by hand.
    package var balanceSeed: Int?
    /// The match this one repeats (the same players at the same time, saved before it): held in
    /// question, counted nowhere, until one of the two is deleted or both are said to be played.
    package var duplicateOf: UUID?
    /// Its goals in the order they came, where read with them (one gather, a history page with
    /// its players): empty for a score without goals; nil where not read.
    package var goals: [Goal]?

    package init(id: UUID, userID: UUID, result: GatherResult?, createdAt: Date, endedAt: Date? = nil, balanceSeed: Int? = nil,
                duplicateOf: UUID? = nil, goals: [Goal]? = nil) {
        self.duplicateOf = duplicateOf
        self.goals = goals
        self.id = id
        self.userID = userID
        self.result = result
        self.createdAt = createdAt
        self.endedAt = endedAt
        self.balanceSeed = balanceSeed
    }
}

extension Gather: Codable {
    enum CodingKeys: String, CodingKey {
        case id, userID = "userId", score, winnerTeam, createdAt, endedAt, balanceSeed, duplicateOf, goals
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        userID = try container.decode(UUID.self, forKey: .userID)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        endedAt = try container.decodeIfPresent(Date.self, forKey: .endedAt)
        balanceSeed = try container.decodeIfPresent(Int.self, forKey: .balanceSeed)
        duplicateOf = try container.decodeIfPresent(UUID.self, forKey: .duplicateOf)
        goals = try container.decodeIfPresent([Goal].self, forKey: .goals)
        result = try GatherResult.decodeIfPresent(from: container, score: .score, winner: .winnerTeam)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(userID, forKey: .userID)
        try container.encode(result?.score.description, forKey: .score)
        try container.encode(result?.winner, forKey: .winnerTeam)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(endedAt, forKey: .endedAt)
        try container.encode(balanceSeed, forKey: .balanceSeed)
        try container.encodeIfPresent(duplicateOf, forKey: .duplicateOf)
        try container.encodeIfPresent(goals, forKey: .goals)
    }
}

extension Gather: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            writeFields(to: &object)
        }
    }

    /// The gather's fields; with `players`, a `GatherWithPlayers` (its `players` in its place).
    func writeFields(to object: inout JSONObject, players: [GatherPlayer]? = nil) {
        object.field("balanceSeed") { $0.optional(balanceSeed) { $0.int($1) } }
        object.field("createdAt") { $0.date(createdAt) }
        // Only on a match in question: the original answer's fields are unchanged.
        if let duplicateOf { object.field("duplicateOf") { $0.uuid(duplicateOf) } }
        object.field("endedAt") { $0.optional(endedAt) { $0.date($1) } }
        if let goals { object.field("goals") { $0.array(goals) } }
        object.field("id") { $0.uuid(id) }
        if let players { object.field("players") { $0.array(players) } }
        object.field("score") { $0.optional(result) { $0.string($1.score.description) } }
        object.field("userId") { $0.uuid(userID) }
        object.field("winnerTeam") { $0.optional(result) { $0.value($1.winner) } }
    }
}
