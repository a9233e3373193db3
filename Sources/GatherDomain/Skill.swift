import GatherWire

/// How good a player is, as the organiser rates them.
package enum Skill: String, Codable, Sendable, CaseIterable {
    case beginner
    case amateur
    case professional
}

extension Skill: JSONWritable {}
