import Foundation
import GatherDomain

/// What a waiting entry asks of the server.
package enum PendingChange: String, Hashable, Sendable, Codable {
    /// Store a played match (the entry's whole record).
    case result
    /// Correct the score of a match already on the server (the record's result).
    case correction
    /// Delete a match already on the server.
    case deletion
}

/// A played match kept on this computer until the server has acknowledged it, or a change to a
/// saved match (a corrected score, a deletion) made while the server could not be reached.
package struct PendingResult: Hashable, Sendable, Codable {
    package var record: GatherRecord
    /// Nil for a result (journals written before corrections existed hold only results).
    package var change: PendingChange?
    /// The server and account it belongs to: the player ids mean something only there.
    package var server: String
    package var userID: UUID
    /// The group it was played for, where it uploads whichever group is chosen by then; nil (a
    /// journal from before groups) is the account's own, whose id is the account's.
    package var groupID: UUID?
    /// When the match was saved here (shown in History until it is uploaded).
    package var savedAt: Date
    /// The players' names at the time, to show the teams while the server cannot be asked.
    package var names: [Int: String]
    /// The server's reason, if it refused the result (it is kept and tried again until the user
    /// discards it: the reason may go away, for example a missing player added back).
    package var refusal: String?
    /// The players the server did not know when it refused (deleted meanwhile): the result can
    /// go up without them.
    package var unknownPlayers: [Int]?
    /// For a correction: the score the match had when it was corrected (nil from a client before
    /// versions, whose correction goes over whatever is stored).
    package var seenScore: String?
    /// For a correction: the score someone else saved for the match meanwhile. The correction then
    /// waits for the user to keep it or take theirs; neither is dropped without being asked.
    package var theirScore: String?
    /// For a correction of the goals: the goals the match had when they were corrected.
    package var seenGoals: [Goal]?

    package init(record: GatherRecord, server: String, userID: UUID, groupID: UUID? = nil, savedAt: Date, names: [Int: String],
                 refusal: String? = nil, unknownPlayers: [Int]? = nil, change: PendingChange? = nil, seen: GatherResult? = nil,
                 seenGoals: [Goal]? = nil) {
        self.seenScore = seen?.score.description
        self.seenGoals = seenGoals
        self.record = record
        self.change = change == .result ? nil : change
        self.server = server
        self.userID = userID
        self.groupID = groupID
        self.savedAt = savedAt
        self.names = names
        self.refusal = refusal
        self.unknownPlayers = unknownPlayers
    }

    package var id: UUID { record.id }

    /// The group it uploads to.
    package var group: UUID { groupID ?? userID }

    /// What it asks of the server.
    package var kind: PendingChange { change ?? .result }

    /// The score a correction was made against.
    package var seen: GatherResult? { seenScore.flatMap(Score.init).map(GatherResult.init(score:)) }

    /// The score someone else saved meanwhile, when a correction met it.
    package var theirs: GatherResult? { theirScore.flatMap(Score.init).map(GatherResult.init(score:)) }

    /// Whether `other` asks the server for the same thing: the same change to the same match with
    /// the same result and teams. (Dates are left out: the journal keeps them to the second.)
    func asksTheSame(as other: PendingResult) -> Bool {
        id == other.id && kind == other.kind && record.result == other.record.result && record.assignments == other.record.assignments
            && record.goals == other.record.goals
    }

    /// The record as it is uploaded: a result kept by an older client, which did not note the
    /// match's times, is dated when it was saved here (not when it reaches the server).
    package var datedRecord: GatherRecord {
        record.createdAt == nil ? record.dated(createdAt: savedAt, endedAt: savedAt) : record
    }

    /// The names of the players the server did not know, as this computer last knew them.
    package var unknownNames: [String] {
        (unknownPlayers ?? []).map { names[$0] ?? "#\($0)" }
    }

    /// The names of one side, in the order they were picked.
    package func names(of team: Team) -> [String] {
        record.assignments.filter { $0.team == team }.map { names[$0.playerID] ?? "#\($0.playerID)" }
    }
}

extension GatherRecord: Codable {
    enum CodingKeys: String, CodingKey { case id, assignments, score, balanceSeed, createdAt, endedAt, fixtureID = "fixtureId", goals }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .score)
        guard let score = Score(text) else {
            throw DecodingError.dataCorruptedError(forKey: .score, in: container, debugDescription: "not a score: \(text)")
        }
        self.init(id: try container.decode(UUID.self, forKey: .id),
                  assignments: try container.decode([TeamAssignmentEntry].self, forKey: .assignments),
                  result: GatherResult(score: score),
                  balanceSeed: try container.decodeIfPresent(Int.self, forKey: .balanceSeed),
                  createdAt: try container.decodeIfPresent(Date.self, forKey: .createdAt),
                  endedAt: try container.decodeIfPresent(Date.self, forKey: .endedAt),
                  fixtureID: try container.decodeIfPresent(Int.self, forKey: .fixtureID),
                  goals: try container.decodeIfPresent([Goal].self, forKey: .goals))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(assignments, forKey: .assignments)
        try container.encode(result.score.description, forKey: .score)
        try container.encodeIfPresent(balanceSeed, forKey: .balanceSeed)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(endedAt, forKey: .endedAt)
        try container.encodeIfPresent(fixtureID, forKey: .fixtureID)
        try container.encodeIfPresent(goals, forKey: .goals)
    }
}

extension TeamAssignmentEntry: Codable {
    enum CodingKeys: String, CodingKey { case playerID = "playerId", team }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(playerID: try container.decode(Int.self, forKey: .playerID), team: try container.decode(Team.self, forKey: .team))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(playerID, forKey: .playerID)
        try container.encode(team, forKey: .team)
    }
}
