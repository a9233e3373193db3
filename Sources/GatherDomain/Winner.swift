import GatherWire

/// Who won a gather. "None" is a draw. The raw values are the wire format.
package enum Winner: String, Codable, Sendable, CaseIterable {
    case teamA = "Team A"
    case teamB = "Team B"
    case none = "None"
}

extension Winner: JSONWritable {}
