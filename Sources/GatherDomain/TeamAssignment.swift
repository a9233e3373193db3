import FoundationEssentials
import GatherText
import GatherWire

/// The body of `POST /api/gathers/{id}/players/{playerId}`: which side the player is on.
package struct TeamAssignment: Hashable, Sendable, Codable {
    package var team: Team

    package init(team: Team) { self.team = team }

    enum CodingKeys: String, CodingKey { case team }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let team = try container.decodeEnumIfPresent(Team.self, forKey: .team) else {
            throw ValidationError(field: "team", message: "is required")
        }
        self.team = team
    }
}

/// A player as part of a gather: the player's fields plus `team`.
package struct GatherPlayer: Hashable, Sendable, Codable {
    package var player: Player
    package var team: Team
    /// Deleted from the roster since; kept here so the gather's teams stay as they were played.
    package var isRetired: Bool

    package init(player: Player, team: Team, isRetired: Bool = false) {
        self.player = player
        self.team = team
        self.isRetired = isRetired
    }

    enum CodingKeys: String, CodingKey { case team, isRetired = "retired" }

    package init(from decoder: any Decoder) throws {
        player = try Player(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        team = try container.decode(Team.self, forKey: .team)
        isRetired = try container.decodeIfPresent(Bool.self, forKey: .isRetired) ?? false
    }

    package func encode(to encoder: any Encoder) throws {
        try player.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(team, forKey: .team)
        try container.encode(isRetired, forKey: .isRetired)
    }
}

/// What the server answers when a player is put in a gather.
package struct GatherMembership: Hashable, Sendable, Codable {
    package var gatherID: UUID
    package var playerID: Int
    package var team: Team

    package init(gatherID: UUID, playerID: Int, team: Team) {
        self.gatherID = gatherID
        self.playerID = playerID
        self.team = team
    }

    /// The original backend's field names.
    enum CodingKeys: String, CodingKey {
        case gatherID = "gatherId", playerID = "playerId", team
    }
}

extension GatherPlayer: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            player.writeFields(to: &object, retired: isRetired, team: team, regular: player.regular)
        }
    }
}

extension GatherMembership: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("gatherId") { $0.uuid(gatherID) }
            object.field("playerId") { $0.int(playerID) }
            object.field("team") { $0.value(team) }
        }
    }
}
