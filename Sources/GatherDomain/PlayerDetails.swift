import GatherText
import GatherWire

/// A player's attributes without an id: the body of `POST /api/players` and `PUT /api/players/{id}`.
/// Values of this type are always valid; build them through `init(validating:)` or the decoder.
package struct PlayerDetails: Hashable, Sendable {
    package static let nameLength = 1...100
    package static let ageRange = 0...120
    package static let favouriteTeamMaximumLength = 100
    /// UTF-8 bytes at most for the name and the favourite team: room for emoji sequences, which
    /// take up to 25 bytes a character, while no single character can weigh a megabyte.
    package static let textMaximumBytes = 1024

    package var name: String
    package var age: Int?
    package var skill: Skill?
    package var preferredPosition: Position?
    package var favouriteTeam: String?
    /// Nil: as it was (a `PUT` from a client that does not know the field keeps it), false for a new player.
    package var regular: Bool?

    /// Validates and normalises (trims, NFC) every field.
    package init(name: String, age: Int? = nil, skill: Skill? = nil,
                preferredPosition: Position? = nil, favouriteTeam: String? = nil, regular: Bool? = nil) throws(ValidationError) {
        self.regular = regular
        self.name = try TextRule.required(name, field: "name", length: PlayerDetails.nameLength,
                                          maximumBytes: PlayerDetails.textMaximumBytes)
        if let age, !PlayerDetails.ageRange.contains(age) {
            throw ValidationError(field: "age", message: "must be between 0 and 120")
        }
        self.age = age
        self.skill = skill
        self.preferredPosition = preferredPosition
        self.favouriteTeam = try TextRule.optional(favouriteTeam, field: "favouriteTeam",
                                                   maximumLength: PlayerDetails.favouriteTeamMaximumLength,
                                                   maximumBytes: PlayerDetails.textMaximumBytes)
    }

    /// For values already validated on their way into the store.
    init(trusted name: String, age: Int?, skill: Skill?, preferredPosition: Position?, favouriteTeam: String?, regular: Bool? = nil) {
        self.regular = regular
        self.name = name
        self.age = age
        self.skill = skill
        self.preferredPosition = preferredPosition
        self.favouriteTeam = favouriteTeam
    }
}

extension PlayerDetails: Codable {
    enum CodingKeys: String, CodingKey {
        case name, age, skill, preferredPosition, favouriteTeam, regular
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let age = try container.decodeWholeNumberIfPresent(forKey: .age)
        let skill = try container.decodeEnumIfPresent(Skill.self, forKey: .skill)
        let position = try container.decodeEnumIfPresent(Position.self, forKey: .preferredPosition)
        let team = try container.decodeIfPresent(String.self, forKey: .favouriteTeam)
        let regular: Bool?
        do {
            regular = try container.decodeIfPresent(Bool.self, forKey: .regular)
        } catch {
            throw ValidationError(field: "regular", message: "must be true or false")
        }
        try self.init(name: name, age: age, skill: skill, preferredPosition: position, favouriteTeam: team, regular: regular)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(age, forKey: .age)
        try container.encode(skill, forKey: .skill)
        try container.encode(preferredPosition, forKey: .preferredPosition)
        try container.encode(favouriteTeam, forKey: .favouriteTeam)
        try container.encodeIfPresent(regular, forKey: .regular)
    }
}
