import FoundationEssentials
import GatherWire

/// A person on the organiser's roster. Optional attributes are `null` on the wire when unset.
package struct Player: Hashable, Sendable, Codable {
    package var id: Int
    package var name: String
    package var age: Int?
    package var skill: Skill?
    package var preferredPosition: Position?
    package var favouriteTeam: String?

    package init(id: Int, name: String, age: Int? = nil, skill: Skill? = nil,
                preferredPosition: Position? = nil, favouriteTeam: String? = nil) {
        self.id = id
        self.name = name
        self.age = age
        self.skill = skill
        self.preferredPosition = preferredPosition
        self.favouriteTeam = favouriteTeam
    }

    package init(id: Int, details: PlayerDetails) {
        self.init(id: id, name: details.name, age: details.age, skill: details.skill,
                  preferredPosition: details.preferredPosition, favouriteTeam: details.favouriteTeam)
    }

    /// Everything but the identity: what a create or a full replace carries.
    /// A player that came from the store or the server was validated on the way in.
    package var details: PlayerDetails {
        PlayerDetails(trusted: name, age: age, skill: skill, preferredPosition: preferredPosition, favouriteTeam: favouriteTeam)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, age, skill, preferredPosition, favouriteTeam
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        // Explicit nulls: clients see every field, set or not.
        try container.encode(age, forKey: .age)
        try container.encode(skill, forKey: .skill)
        try container.encode(preferredPosition, forKey: .preferredPosition)
        try container.encode(favouriteTeam, forKey: .favouriteTeam)
    }
}

extension Player: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { writeFields(to: &$0) }
    }

    /// The player's fields; with `retired` and `team`, a `GatherPlayer`'s.
    func writeFields(to object: inout JSONObject, retired: Bool? = nil, team: Team? = nil) {
        object.playerFields(id: id, age: age, skill: skill, preferredPosition: preferredPosition, retired: retired, team: team,
                            name: { $0.string(name) }, favouriteTeam: { $0.optional(favouriteTeam) { $0.string($1) } })
    }
}
