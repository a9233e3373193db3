import GatherWire

/// Where a player prefers to play.
package enum Position: String, Codable, Sendable, CaseIterable {
    case goalkeeper
    case defender
    case midfielder
    case winger
    case striker
}

extension Position: JSONWritable {}
