import FoundationEssentials
import GatherText
import GatherWire

/// The teams an organiser published from a fixture's "in" list, for every friend to see.
package struct PublishedTeams: Hashable, Sendable, Codable {
    package struct Member: Hashable, Sendable, Codable {
        package var playerId: Int
        package var name: String

        package init(playerId: Int, name: String) {
            self.playerId = playerId
            self.name = name
        }
    }

    package var teamA: [Member]
    package var teamB: [Member]
    /// Team A's chance to win by the ratings, as published.
    package var predictedWinA: Double?
    package var publishedAt: Date
    /// When a drop-out last changed them since they were published (the player who moved up took
    /// the free spot); nil once published again or kept as they are.
    package var changedAt: Date?
    /// A fairer split one or two swaps away, offered while `changedAt` is set.
    package var suggestion: TeamsSuggestion?

    package init(teamA: [Member], teamB: [Member], predictedWinA: Double?, publishedAt: Date, changedAt: Date? = nil,
                 suggestion: TeamsSuggestion? = nil) {
        self.teamA = teamA
        self.teamB = teamB
        self.predictedWinA = predictedWinA
        self.publishedAt = publishedAt
        self.changedAt = changedAt
        self.suggestion = suggestion
    }
}

/// The swaps that make teams a drop-out changed fairer again: each a player of Team A for one of
/// Team B. The organiser publishes the teams with them, or keeps the teams as they are.
package struct TeamsSuggestion: Hashable, Sendable, Codable {
    package struct Swap: Hashable, Sendable, Codable {
        /// Moves from Team A to Team B.
        package var fromA: PublishedTeams.Member
        /// Moves from Team B to Team A.
        package var fromB: PublishedTeams.Member

        package init(fromA: PublishedTeams.Member, fromB: PublishedTeams.Member) {
            self.fromA = fromA
            self.fromB = fromB
        }
    }

    package var swaps: [Swap]
    /// Team A's chance to win by the ratings with the swaps made.
    package var predictedWinA: Double?

    package init(swaps: [Swap], predictedWinA: Double?) {
        self.swaps = swaps
        self.predictedWinA = predictedWinA
    }

    /// Both teams with the swaps made: who moves keeps the place of whom they replace.
    package func applied(to teams: PublishedTeams) -> (teamA: [PublishedTeams.Member], teamB: [PublishedTeams.Member]) {
        var teamA = teams.teamA, teamB = teams.teamB
        for swap in swaps {
            if let index = teamA.firstIndex(of: swap.fromA) { teamA[index] = swap.fromB }
            if let index = teamB.firstIndex(of: swap.fromB) { teamB[index] = swap.fromA }
        }
        return (teamA, teamB)
    }
}

extension PublishedTeams: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        func members(_ writer: inout JSONWriter, _ team: [Member]) {
            writer.array(team) { writer, member in
                writer.object { object in
                    object.field("name") { $0.string(member.name) }
                    object.field("playerId") { $0.int(member.playerId) }
                }
            }
        }
        writer.object { object in
            object.field("changedAt") { $0.optional(changedAt) { $0.date($1) } }
            object.field("predictedWinA") { $0.optional(predictedWinA) { $0.double($1) } }
            object.field("publishedAt") { $0.date(publishedAt) }
            object.field("suggestion") { $0.optional(suggestion) { $0.value($1) } }
            object.field("teamA") { members(&$0, teamA) }
            object.field("teamB") { members(&$0, teamB) }
        }
    }
}

extension TeamsSuggestion: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        func member(_ writer: inout JSONWriter, _ member: PublishedTeams.Member) {
            writer.object { object in
                object.field("name") { $0.string(member.name) }
                object.field("playerId") { $0.int(member.playerId) }
            }
        }
        writer.object { object in
            object.field("predictedWinA") { $0.optional(predictedWinA) { $0.double($1) } }
            object.field("swaps") {
                $0.array(swaps) { writer, swap in
                    writer.object { object in
                        object.field("fromA") { member(&$0, swap.fromA) }
                        object.field("fromB") { member(&$0, swap.fromB) }
                    }
                }
            }
        }
    }
}

/// The body of `PUT /api/fixtures/{id}/teams`: `{"balance": true}` (with an optional `seed`), or
/// the teams themselves, `{"teamA": [ids], "teamB": [ids]}`, which must be exactly the players
/// holding places.
package struct TeamsChoice: Hashable, Sendable, Decodable {
    package enum Kind: Hashable, Sendable {
        case balance(seed: Int?)
        case chosen(teamA: [Int], teamB: [Int])
    }

    package var kind: Kind

    package init(_ kind: Kind) { self.kind = kind }

    enum CodingKeys: String, CodingKey { case balance, seed, teamA, teamB }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decodeIfPresent(Bool.self, forKey: .balance) == true {
            let seed = try container.decodeWholeNumberIfPresent(forKey: .seed)
            if let seed, !BalanceSeed.range.contains(seed) {
                throw ValidationError(field: "seed", message: "must be a whole number from 0 to 2^53 - 1")
            }
            kind = .balance(seed: seed)
            return
        }
        guard let teamA = try container.decodeIfPresent([Int].self, forKey: .teamA),
              let teamB = try container.decodeIfPresent([Int].self, forKey: .teamB) else {
            throw ValidationError(field: nil, message: "send {\"balance\": true}, or the teams as {\"teamA\": [ids], \"teamB\": [ids]}")
        }
        guard !teamA.isEmpty, !teamB.isEmpty else { throw ValidationError(field: "teamA", message: "each team needs a player") }
        guard Set(teamA).count == teamA.count, Set(teamB).count == teamB.count, Set(teamA).isDisjoint(with: teamB) else {
            throw ValidationError(field: "teamB", message: "lists a player twice")
        }
        kind = .chosen(teamA: teamA, teamB: teamB)
    }
}
