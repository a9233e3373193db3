import FoundationEssentials
import GatherText
import GatherWire

/// Who was man of the match: chosen by an organiser, or voted for by the players who played
/// (from their personal links) for the group's window after the result was saved. The running
/// tally stays hidden while the vote is open; when it closes the most voted win (ties share it),
/// and nobody wins without a vote.
package struct ManOfTheMatch: Hashable, Sendable {
    package enum State: String, Hashable, Sendable, Codable, JSONWritable {
        /// No vote for this match: no result yet, a match from before votes, or a group without them.
        case none
        /// Players are voting until `closesAt`.
        case open
        /// The vote closed; `winners` are the most voted.
        case closed
        /// An organiser chose; the vote (if any) no longer counts.
        case chosen
    }

    package struct Winner: Hashable, Sendable, Codable {
        package var playerID: Int
        package var name: String
        /// The votes they had; nil for an organiser's choice.
        package var votes: Int?

        package init(playerID: Int, name: String, votes: Int?) {
            self.playerID = playerID
            self.name = name
            self.votes = votes
        }

        enum CodingKeys: String, CodingKey { case playerID = "playerId", name, votes }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(playerID, forKey: .playerID)
            try container.encode(name, forKey: .name)
            try container.encode(votes, forKey: .votes)
        }
    }

    package var state: State
    package var closesAt: Date?
    /// Empty while open; may be empty once closed (nobody voted).
    package var winners: [Winner]
    /// How many of the players have voted: shown while open (who is ahead is not).
    package var votesCast: Int

    package init(state: State, closesAt: Date?, winners: [Winner], votesCast: Int) {
        self.state = state
        self.closesAt = closesAt
        self.winners = winners
        self.votesCast = votesCast
    }

    /// The winners' names as one line: "Ana and Bo (3 votes each)", "Ana (chosen)".
    package var summary: String? {
        guard !winners.isEmpty else { return nil }
        let names = winners.count == 1 ? winners[0].name
            : winners.dropLast().map(\.name).joined(separator: ", ") + " and " + (winners.last?.name ?? "")
        guard let votes = winners.first?.votes else { return names + " (chosen)" }
        let each = winners.count > 1 ? " each" : ""
        return names + " (\(votes) " + (votes == 1 ? "vote" : "votes") + each + ")"
    }

    /// The group's window for votes, in hours, unless it sets its own; 0 turns votes off.
    package static let standardWindowHours = 48
    package static let windowHours = 0...336
}

extension ManOfTheMatch: Codable {
    enum CodingKeys: String, CodingKey { case state, closesAt, winners, votesCast }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(closesAt, forKey: .closesAt)
        try container.encode(winners, forKey: .winners)
        try container.encode(votesCast, forKey: .votesCast)
    }
}

extension ManOfTheMatch.Winner: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("name") { $0.string(name) }
            object.field("playerId") { $0.int(playerID) }
            object.field("votes") { $0.optional(votes) { $0.int($1) } }
        }
    }
}

extension ManOfTheMatch: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("closesAt") { $0.optional(closesAt) { $0.date($1) } }
            object.field("state") { $0.value(state) }
            object.field("votesCast") { $0.int(votesCast) }
            object.field("winners") { $0.array(winners) }
        }
    }
}

/// `PUT /api/gathers/{id}/man-of-the-match`: the organiser's choice, `{"playerId": 7}`.
package struct ManOfTheMatchChoice: Hashable, Sendable, Codable {
    package var playerID: Int

    enum CodingKeys: String, CodingKey { case playerID = "playerId" }

    package init(playerID: Int) { self.playerID = playerID }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try? container.decodeWholeNumberIfPresent(forKey: .playerID), id >= 1 else {
            throw ValidationError(field: "playerId", message: "is required: the id of a player who played in the match")
        }
        playerID = id
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(playerID, forKey: .playerID)
    }
}
