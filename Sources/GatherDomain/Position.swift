import GatherWire

/// Where a player prefers to play.
@usableFromInline
package enum Position: String, Codable, Sendable, CaseIterable {
    case goalkeeper
    case defender
    case midfielder
    case winger
    case striker
}

/// Written and read through its raw values' bytes (`RawValueTable`).
extension Position: JSONWritable {
    package static let rawValueTable = RawValueTable<Position>()

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        Position.rawValueTable.write(self, to: &writer)
    }

    package init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard let value = Position.rawValueTable.value(utf8: text) else { return nil }
        self = value
    }
}
