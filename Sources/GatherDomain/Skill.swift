import GatherWire

/// How good a player is, as the organiser rates them.
package enum Skill: String, Codable, Sendable, CaseIterable {
    case beginner
    case amateur
    case professional
}

extension Skill {
    /// From its raw value's bytes, nil for any other text: the store's column read in place.
    package init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        if text.equals("beginner") { self = .beginner }
        else if text.equals("amateur") { self = .amateur }
        else if text.equals("professional") { self = .professional }
        else { return nil }
    }
}

/// Each raw value as a literal, written without a string made and scanned for escapes (a roster
/// writes a skill and a position a player). `JSONWriterTests` holds each case against its raw value.
extension Skill: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        switch self {
        case .beginner: writer.plainString("beginner")
        case .amateur: writer.plainString("amateur")
        case .professional: writer.plainString("professional")
        }
    }
}
