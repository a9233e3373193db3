import GatherWire

/// The side a player is on in a gather. The raw values are the wire format.
package enum Team: String, Codable, Sendable, CaseIterable {
    case teamA = "Team A"
    case teamB = "Team B"
    case bench = "Bench"
}

extension Team: JSONWritable {}
