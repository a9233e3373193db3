import Foundation
import GatherDomain

/// An attribute of a player as the screens name and edit it.
package enum PlayerField: String, CaseIterable, Sendable {
    case name, age, preferredPosition, skill, favouriteTeam

    package var title: String {
        switch self {
        case .name: return "Name"
        case .age: return "Age"
        case .preferredPosition: return "Preferred position"
        case .skill: return "Skill"
        case .favouriteTeam: return "Favourite team"
        }
    }

    /// Free text (name, age, team) or one of a list (position, skill).
    package var isChoice: Bool { self == .preferredPosition || self == .skill }

    /// The choices of a choice field, "Not set" first.
    package var options: [String] {
        switch self {
        case .preferredPosition: return [PlayerField.notSet] + Position.allCases.map { $0.rawValue.capitalized }
        case .skill: return [PlayerField.notSet] + Skill.allCases.map { $0.rawValue.capitalized }
        default: return []
        }
    }

    package static let notSet = "Not set"

    /// The field's value for display ("—" when unset).
    package func value(of player: Player) -> String {
        text(of: player.details) ?? "—"
    }

    /// The field's value as editable text, nil when unset.
    package func text(of details: PlayerDetails) -> String? {
        switch self {
        case .name: return details.name
        case .age: return details.age.map(String.init)
        case .preferredPosition: return details.preferredPosition?.rawValue.capitalized
        case .skill: return details.skill?.rawValue.capitalized
        case .favouriteTeam: return details.favouriteTeam
        }
    }

    /// The index in `options` of the player's current choice.
    package func optionIndex(of details: PlayerDetails) -> Int {
        switch self {
        case .preferredPosition: return details.preferredPosition.flatMap { Position.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        case .skill: return details.skill.flatMap { Skill.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        default: return 0
        }
    }
}

/// Turns what was typed and chosen into valid `PlayerDetails`, or a message for the person.
/// Shared by the add and edit screens so both apply the same rules.
package struct PlayerForm: Equatable, Sendable {
    package var name: String
    package var age: String
    /// Index into `PlayerField.preferredPosition.options` (0 = not set).
    package var positionIndex: Int
    /// Index into `PlayerField.skill.options` (0 = not set).
    package var skillIndex: Int
    package var favouriteTeam: String

    package init(name: String = "", age: String = "", positionIndex: Int = 0, skillIndex: Int = 0, favouriteTeam: String = "") {
        self.name = name
        self.age = age
        self.positionIndex = positionIndex
        self.skillIndex = skillIndex
        self.favouriteTeam = favouriteTeam
    }

    package init(_ details: PlayerDetails) {
        self.init(name: details.name, age: details.age.map(String.init) ?? "",
                  positionIndex: PlayerField.preferredPosition.optionIndex(of: details),
                  skillIndex: PlayerField.skill.optionIndex(of: details),
                  favouriteTeam: details.favouriteTeam ?? "")
    }

    /// This form with `field` as `other` has it: one field's edit laid over another version.
    package func with(_ field: PlayerField, from other: PlayerForm) -> PlayerForm {
        var form = self
        switch field {
        case .name: form.name = other.name
        case .age: form.age = other.age
        case .preferredPosition: form.positionIndex = other.positionIndex
        case .skill: form.skillIndex = other.skillIndex
        case .favouriteTeam: form.favouriteTeam = other.favouriteTeam
        }
        return form
    }

    package func validated() -> Result<PlayerDetails, FormError> {
        let trimmedAge = age.trimmingCharacters(in: .whitespaces)
        var ageValue: Int?
        if !trimmedAge.isEmpty {
            guard let parsed = Int(trimmedAge), PlayerDetails.ageRange.contains(parsed) else {
                return .failure(FormError(field: .age, message: "Age must be a number from 0 to 120"))
            }
            ageValue = parsed
        }
        let position = positionIndex > 0 && positionIndex <= Position.allCases.count ? Position.allCases[positionIndex - 1] : nil
        let skill = skillIndex > 0 && skillIndex <= Skill.allCases.count ? Skill.allCases[skillIndex - 1] : nil
        do {
            return .success(try PlayerDetails(name: name, age: ageValue, skill: skill, preferredPosition: position,
                                              favouriteTeam: favouriteTeam))
        } catch {
            let field = error.field.flatMap(PlayerField.init(rawValue:)) ?? .name
            return .failure(FormError(field: field, message: "\(field.title) \(error.message)"))
        }
    }
}

package struct FormError: Error, Equatable, Sendable {
    package let field: PlayerField
    package let message: String
}
