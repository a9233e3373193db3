import GatherWire

/// The side a player is on in a gather. The raw values are the wire format.
@usableFromInline
package enum Team: String, Codable, Sendable, CaseIterable {
    case teamA = "Team A"
    case teamB = "Team B"
    case bench = "Bench"
}

/// Written and read through its raw values' bytes (`RawValueTable`).
extension Team: JSONWritable {
    package static let rawValueTable = RawValueTable<Team>()

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        Team.rawValueTable.write(self, to: &writer)
    }
}
