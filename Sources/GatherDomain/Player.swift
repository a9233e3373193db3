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
    /// Answers "in" to each new occurrence of a weekly series by themselves (and can still say out).
    package var regular: Bool

    package init(id: Int, name: String, age: Int? = nil, skill: Skill? = nil,
                preferredPosition: Position? = nil, favouriteTeam: String? = nil, regular: Bool = false) {
        self.regular = regular
        self.id = id
        self.name = name
        self.age = age
        self.skill = skill
        self.preferredPosition = preferredPosition
        self.favouriteTeam = favouriteTeam
    }

    package init(id: Int, details: PlayerDetails) {
        self.init(id: id, name: details.name, age: details.age, skill: details.skill,
                  preferredPosition: details.preferredPosition, favouriteTeam: details.favouriteTeam, regular: details.regular ?? false)
    }

    /// Everything but the identity: what a create or a full replace carries.
    /// A player that came from the store or the server was validated on the way in.
    package var details: PlayerDetails {
        // Without `regular`, which no form edits: a change sent from these details keeps it as it is.
        PlayerDetails(trusted: name, age: age, skill: skill, preferredPosition: preferredPosition, favouriteTeam: favouriteTeam)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, age, skill, preferredPosition, favouriteTeam, regular
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(Int.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  age: try container.decodeIfPresent(Int.self, forKey: .age), skill: try container.decodeIfPresent(Skill.self, forKey: .skill),
                  preferredPosition: try container.decodeIfPresent(Position.self, forKey: .preferredPosition),
                  favouriteTeam: try container.decodeIfPresent(String.self, forKey: .favouriteTeam),
                  regular: try container.decodeIfPresent(Bool.self, forKey: .regular) ?? false)
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
        try container.encode(regular, forKey: .regular)
    }
}

extension Player: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { writeFields(to: &$0, regular: regular) }
    }

    /// The player's fields; with `retired` and `team`, a `GatherPlayer`'s.
    func writeFields(to object: inout JSONObject, retired: Bool? = nil, team: Team? = nil, regular: Bool? = nil) {
        object.playerFields(id: id, age: age, skill: skill, preferredPosition: preferredPosition, retired: retired, team: team, regular: regular,
                            name: { $0.string(name) }, favouriteTeam: { $0.optional(favouriteTeam) { $0.string($1) } })
    }
}
