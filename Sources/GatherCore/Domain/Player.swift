import Foundation

/// A person on the organiser's roster. Optional attributes are `null` on the wire when unset.
public struct Player: Hashable, Sendable, Codable {
    public var id: Int
    public var name: String
    public var age: Int?
    public var skill: Skill?
    public var preferredPosition: Position?
    public var favouriteTeam: String?

    public init(id: Int, name: String, age: Int? = nil, skill: Skill? = nil,
                preferredPosition: Position? = nil, favouriteTeam: String? = nil) {
        self.id = id
        self.name = name
        self.age = age
        self.skill = skill
        self.preferredPosition = preferredPosition
        self.favouriteTeam = favouriteTeam
    }

    public init(id: Int, details: PlayerDetails) {
        self.init(id: id, name: details.name, age: details.age, skill: details.skill,
                  preferredPosition: details.preferredPosition, favouriteTeam: details.favouriteTeam)
    }

    /// Everything but the identity: what a create or a full replace carries.
    /// A player that came from the store or the server was validated on the way in.
    public var details: PlayerDetails {
        PlayerDetails(trusted: name, age: age, skill: skill, preferredPosition: preferredPosition, favouriteTeam: favouriteTeam)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, age, skill, preferredPosition, favouriteTeam
    }

    public func encode(to encoder: any Encoder) throws {
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
