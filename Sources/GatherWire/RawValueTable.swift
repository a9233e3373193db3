/// A wire enumeration's raw values as bytes, made once from its cases: written without a string
/// made and scanned for escapes at each write, read from a stored column without a string made
/// at each read (a roster writes and reads a skill and a position a player). The raw values stay
/// declared once, on the cases. An enumeration keeps one (`static let`) and calls it from its own
/// `write(to:)` and `init?(utf8:)`: called from generic code, the table looked its type up at
/// every call, a tenth of a request.
///
/// Each case beside its raw value's bytes, and those bytes as a JSON string (quoted, escaped as
/// `JSONWriter.string` escapes them).
@usableFromInline
package struct RawValueTable<Value: RawRepresentable & CaseIterable & Equatable & Sendable>: Sendable
where Value.RawValue == String {
    @usableFromInline let cases: [Value]
    @usableFromInline let rawValues: [[UInt8]]
    @usableFromInline let quotedRawValues: [[UInt8]]

    package init() {
        cases = Array(Value.allCases)
        rawValues = cases.map { Array($0.rawValue.utf8) }
        quotedRawValues = cases.map { value in
            var writer = JSONWriter(capacity: 32)
            writer.string(value.rawValue)
            return writer.bytes
        }
    }

    @inlinable
    package func write(_ value: Value, to writer: inout JSONWriter) {
        // A handful of cases: a scan compares them, cheaper than hashing one.
        for index in cases.indices where RawValueTable.same(cases[index], value) {
            writer.appendBytes(quotedRawValues[index])
            return
        }
    }

    /// The cases' own equality: `==` here would be the one for raw values, which compares strings.
    @inlinable
    static func same<Case: Equatable>(_ first: Case, _ second: Case) -> Bool {
        first == second
    }

    @inlinable
    package func value(utf8 text: UnsafeBufferPointer<UInt8>) -> Value? {
        for index in cases.indices where rawValues[index].count == text.count && rawValues[index].elementsEqual(text) {
            return cases[index]
        }
        return nil
    }
}
