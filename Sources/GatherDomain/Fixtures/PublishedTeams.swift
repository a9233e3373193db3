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

    package init(teamA: [Member], teamB: [Member], predictedWinA: Double?, publishedAt: Date) {
        self.teamA = teamA
        self.teamB = teamB
        self.predictedWinA = predictedWinA
        self.publishedAt = publishedAt
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
            object.field("predictedWinA") { $0.optional(predictedWinA) { $0.double($1) } }
            object.field("publishedAt") { $0.date(publishedAt) }
            object.field("teamA") { members(&$0, teamA) }
            object.field("teamB") { members(&$0, teamB) }
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
