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
        writer.object { object in
            writeFields(to: &object)
        }
    }

    /// The player's fields; with `retired` and `team`, a `GatherPlayer`'s (each in its place).
    func writeFields(to object: inout JSONObject, retired: Bool? = nil, team: Team? = nil) {
        object.field("age") { $0.optional(age) { $0.int($1) } }
        object.field("favouriteTeam") { $0.optional(favouriteTeam) { $0.string($1) } }
        object.field("id") { $0.int(id) }
        object.field("name") { $0.string(name) }
        object.field("preferredPosition") { $0.optional(preferredPosition) { $0.value($1) } }
        if let retired { object.field("retired") { $0.bool(retired) } }
        object.field("skill") { $0.optional(skill) { $0.value($1) } }
        if let team { object.field("team") { $0.value(team) } }
    }
}
