import GatherWire

/// The side a player is on in a gather. The raw values are the wire format.
package enum Team: String, Codable, Sendable, CaseIterable {
    case teamA = "Team A"
    case teamB = "Team B"
    case bench = "Bench"
}

/// Each raw value as a literal, written without a string made and scanned for escapes (a gather's
/// players write a side a player). `JSONWriterTests` holds each case against its raw value.
extension Team: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        switch self {
        case .teamA: writer.plainString("Team A")
        case .teamB: writer.plainString("Team B")
        case .bench: writer.plainString("Bench")
        }
    }
}
