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
    /// The raw values packed; for one longer than 16 bytes, a packing no text has.
    @usableFromInline let packedRawValues: [PackedText]
    /// Every raw value as a JSON string, one after another, case `i`'s from `quotedBounds[i]` to
    /// `quotedBounds[i + 1]`: one array, not one a case, so a write takes no reference to a case's
    /// own array (that retain and release were half of writing one).
    @usableFromInline let quoted: [UInt8]
    @usableFromInline let quotedBounds: [Int]

    package init() {
        cases = Array(Value.allCases)
        rawValues = cases.map { Array($0.rawValue.utf8) }
        packedRawValues = rawValues.map { $0.withUnsafeBufferPointer(PackedText.init) ?? .unmatched }
        var writer = JSONWriter(capacity: 32)
        var bounds = [0]
        for value in cases {
            writer.string(value.rawValue)
            bounds.append(writer.count)
        }
        quoted = writer.bytes
        quotedBounds = bounds
    }

    @inlinable
    package func write(_ value: Value, to writer: inout JSONWriter) {
        // A handful of cases: a scan compares them, cheaper than hashing one.
        for index in cases.indices where RawValueTable.same(cases[index], value) {
            let range = quotedBounds[index]..<quotedBounds[index &+ 1]
            quoted.withUnsafeBufferPointer { writer.appendBytes(UnsafeBufferPointer(rebasing: $0[range])) }
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
        guard let packed = PackedText(text) else {
            // Longer than any of our raw values: compared byte by byte all the same.
            return cases.indices.first { rawValues[$0].elementsEqual(text) }.map { cases[$0] }
        }
        guard let index = packedRawValues.firstIndex(of: packed) else { return nil }
        return cases[index]
    }
}

/// Text of up to 16 bytes as its length and two words: two texts are equal when these are, so
/// a stored skill is matched to its case in a few instructions a case (comparing the bytes of
/// each cost more than the rest of reading it).
@usableFromInline
struct PackedText: Equatable, Sendable {
    @usableFromInline let count: Int
    @usableFromInline let head: UInt64
    @usableFromInline let tail: UInt64

    /// Nil for text longer than 16 bytes. From 8, `head` holds the first eight and `tail` the
    /// last eight; from 4 to 7, `head` holds the first four and the last four; below 4, `head`
    /// holds the bytes. The pieces overlap where the text is shorter than they are: with the
    /// length, they still say which text it is.
    @inlinable @inline(__always)
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        guard text.count <= 16 else { return nil }
        count = text.count
        guard let start = text.baseAddress, count >= 4 else {
            var head: UInt64 = 0
            for index in 0..<text.count { head |= UInt64(text[index]) << (8 * UInt64(index)) }
            self.head = head
            tail = 0
            return
        }
        let bytes = UnsafeRawPointer(start)
        if count >= 8 {
            head = bytes.loadUnaligned(as: UInt64.self)
            tail = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            head = UInt64(bytes.loadUnaligned(as: UInt32.self)) | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
            tail = 0
        }
    }

    /// Equal to no text's packing: stands for a raw value too long to pack.
    @usableFromInline
    static let unmatched = PackedText(count: -1, head: 0, tail: 0)

    @usableFromInline
    init(count: Int, head: UInt64, tail: UInt64) {
        self.count = count
        self.head = head
        self.tail = tail
    }
}
