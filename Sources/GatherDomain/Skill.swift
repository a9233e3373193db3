import GatherWire

/// How good a player is, as the organiser rates them.
@usableFromInline
package enum Skill: String, Codable, Sendable, CaseIterable {
    case beginner
    case amateur
    case professional
}

/// Written and read through its raw values' bytes (`RawValueTable`).
extension Skill: JSONWritable {
    package static let rawValueTable = RawValueTable<Skill>()

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        Skill.rawValueTable.write(self, to: &writer)
    }

    package init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard let value = Skill.rawValueTable.value(utf8: text) else { return nil }
        self = value
    }
}
