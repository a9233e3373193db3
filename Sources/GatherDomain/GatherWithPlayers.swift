import FoundationEssentials
import GatherWire

/// A gather with its players and their teams: one row of a history page
/// (`GET /api/gathers?include=players`). On the wire, the gather's own fields plus `players`.
package struct GatherWithPlayers: Hashable, Sendable, Codable {
    package var gather: Gather
    package var players: [GatherPlayer]

    package init(gather: Gather, players: [GatherPlayer]) {
        self.gather = gather
        self.players = players
    }

    enum CodingKeys: String, CodingKey { case players }

    package init(from decoder: any Decoder) throws {
        gather = try Gather(from: decoder)
        players = try decoder.container(keyedBy: CodingKeys.self).decode([GatherPlayer].self, forKey: .players)
    }

    package func encode(to encoder: any Encoder) throws {
        try gather.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(players, forKey: .players)
    }

    /// The players of one side, in roster order.
    package func players(of team: Team) -> [GatherPlayer] {
        players.filter { $0.team == team }
    }
}

extension GatherWithPlayers: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            gather.writeFields(to: &object, players: players)
        }
    }
}
