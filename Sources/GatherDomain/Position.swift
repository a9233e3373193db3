import GatherWire

/// Where a player prefers to play.
package enum Position: String, Codable, Sendable, CaseIterable {
    case goalkeeper
    case defender
    case midfielder
    case winger
    case striker
}

extension Position {
    /// From its raw value's bytes, nil for any other text: the store's column read in place.
    package init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        if text.equals("goalkeeper") { self = .goalkeeper }
        else if text.equals("defender") { self = .defender }
        else if text.equals("midfielder") { self = .midfielder }
        else if text.equals("winger") { self = .winger }
        else if text.equals("striker") { self = .striker }
        else { return nil }
    }
}

/// Each raw value as a literal, written without a string made and scanned for escapes (a roster
/// writes a skill and a position a player). `JSONWriterTests` holds each case against its raw value.
extension Position: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        switch self {
        case .goalkeeper: writer.plainString("goalkeeper")
        case .defender: writer.plainString("defender")
        case .midfielder: writer.plainString("midfielder")
        case .winger: writer.plainString("winger")
        case .striker: writer.plainString("striker")
        }
    }
}
