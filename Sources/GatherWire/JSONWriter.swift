import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writes JSON straight into bytes, exactly as `WireFormat.encoder()` would write the same value
/// (keys in byte order, `/` unescaped, ISO 8601 dates in whole seconds, integral doubles without
/// `.0`), at a fraction of the cost: the server's answers are mostly this. `JSONWriterTests`
/// compares both on every wire type, so the two cannot drift apart.
///
/// Objects are written through `object(_:)`, whose fields must be given in byte order of their
/// keys: the writer does not sort, it only checks in debug builds.
///
/// What every object and field goes through (`object`, `JSONObject.field`, `optional`, `null`)
/// is inlinable, so the wire types of the other modules write their fields without a call each:
/// out of line they cost a twentieth of a request. Inlinable within the package only (`package`
/// with `@usableFromInline`): nothing here is public.
@usableFromInline
package struct JSONWriter {
    /// Where the bytes go: written through `base` up to `capacity`, `count` of them so far. The
    /// buffer is `storage`'s, which frees it; a larger one replaces it as the output grows. Bytes
    /// are stored straight through the pointer, so a field costs a few instructions instead of
    /// an array's uniqueness and capacity checks at each byte (most of a roster's cost).
    ///
    /// A writer is one output: `object(_:)` lends it to a `JSONObject` and takes it back. A copy
    /// written to alongside the original would write over its bytes (never outside the buffer).
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    @usableFromInline var storage: JSONWriterStorage

    @usableFromInline
    package init(capacity: Int = 256) {
        storage = JSONWriterStorage(capacity: max(16, capacity))
        base = storage.base
        self.capacity = storage.capacity
    }

    /// What has been written.
    @usableFromInline
    package var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    // MARK: Values

    @inlinable
    package mutating func null() {
        appendLiteral("null")
    }

    @usableFromInline
    package mutating func bool(_ value: Bool) {
        appendLiteral(value ? "true" : "false")
    }

    @usableFromInline
    package mutating func int(_ value: Int) {
        reserve(20)  // Int.min's 19 digits and its sign.
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count &+= 1
        }
        // Magnitude as unsigned so Int.min does not overflow. Its digits are counted first, then
        // stored in place from the last: no turning them round after.
        var magnitude = value.magnitude
        var length = 1
        var bound: UInt = 10
        while length < 19 && magnitude >= bound {
            length &+= 1
            bound &*= 10
        }
        // Two digits a division, from a table of the pairs: an id or an age is one or two.
        var position = count &+ length
        let pairs = JSONWriter.digitPairs.utf8Start
        while magnitude >= 100 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            magnitude /= 100
            position &-= 2
            base[position] = pairs[pair]
            base[position &+ 1] = pairs[pair &+ 1]
        }
        if magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            base[position &- 2] = pairs[pair]
            base[position &- 1] = pairs[pair &+ 1]
        } else {
            base[position &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        count &+= length
    }

    /// "00", "01", … "99", one after another.
    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// As `JSONEncoder`: Swift's shortest round-trip form, without a trailing `.0`. Only finite
    /// values reach the wire (rates and skill sums).
    package mutating func double(_ value: Double) {
        if appendHundredths(value) { return }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        appendText(text)
    }

    /// A value that is a whole number of hundredths, as every rating and rate we write is (they
    /// are rounded to two decimals), written from that number: the same text as its shortest
    /// round-trip form, since the two decimals read back to the value and no shorter text comes
    /// within a hundredth of it, for about a tenth of the cost (a table's ratings were an eighth
    /// of its answer). False, with nothing written, for any other value: zero (its sign),
    /// anything from a billion (the form may turn to an exponent) or between hundredths.
    mutating func appendHundredths(_ value: Double) -> Bool {
        guard value != 0, value.magnitude < 1e9 else { return false }
        let scaled = (value * 100).rounded()
        // The value is the double nearest to `scaled` hundredths exactly when this division,
        // rounded as IEEE rounds it, gives the value back.
        guard scaled / 100 == value else { return false }
        let hundredths = Int(scaled.magnitude)
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        int(hundredths / 100)
        let fraction = hundredths % 100
        guard fraction != 0 else { return true }
        appendByte(UInt8(ascii: "."))
        appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10))
        if fraction % 10 != 0 { appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)) }
        return true
    }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            // A string's bytes are UTF-8 by construction: nothing to check.
            _ = appendQuoted(utf8, validating: false)
        }
    }

    /// Text read as bytes (a stored column, without a string made for it), written as `string`
    /// writes the same text decoded: bytes that are not UTF-8 come out replaced, as
    /// `String(decoding:as:)` replaces them.
    package mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard appendQuoted(text, validating: true) else {
            string(String(decoding: text, as: UTF8.self))
            return
        }
    }

    /// `utf8` quoted, with what JSON requires escaped. When `validating`, false and nothing
    /// written at the first byte that does not belong to a whole, valid UTF-8 sequence.
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, validating: Bool) -> Bool {
        if appendQuotedIfShortAndPlain(utf8) { return true }
        let mark = count
        // One reservation for the usual string, which needs no escape: quotes and its bytes.
        reserve(utf8.count + 2)
        appendByte(UInt8(ascii: "\""))
        var start = 0
        var index = 0
        // Eight bytes at a time while they are plain ASCII, as most text is; a byte at a time from
        // the first word that is not, and for the last few bytes.
        if let bytes = utf8.baseAddress {
            while utf8.count &- index >= 8 && JSONWriter.isPlain(UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)) {
                index &+= 8
            }
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte >= 0x80 {
                guard validating else {
                    index &+= 1
                    continue
                }
                let length = UTF8Validity.sequenceLength(utf8, at: index)
                guard length > 0 else {
                    count = mark
                    return false
                }
                index &+= length
                continue
            }
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                index &+= 1
                continue
            }
            appendBytes(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            appendEscape(byte)
            index &+= 1
            start = index
        }
        appendBytes(UnsafeBufferPointer(rebasing: utf8[start...]))
        appendByte(UInt8(ascii: "\""))
        return true
    }

    /// A text of 4 to 16 bytes, as most names are, written at once when it is plain ASCII: its bytes
    /// read as two words that overlap where it is shorter than they are, both tested, then copied.
    /// False, with nothing written, for any other text (the scan then writes it).
    @inline(__always)
    mutating func appendQuotedIfShortAndPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = utf8.count
        guard length >= 4, length <= 16, let start = utf8.baseAddress else { return false }
        let bytes = UnsafeRawPointer(start)
        let plain: Bool
        if length >= 8 {
            plain = JSONWriter.isPlain(bytes.loadUnaligned(as: UInt64.self))
                && JSONWriter.isPlain(bytes.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self))
        } else {
            plain = JSONWriter.isPlain(UInt64(bytes.loadUnaligned(as: UInt32.self))
                                       | UInt64(bytes.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)) << 32)
        }
        guard plain else { return false }
        reserve(length &+ 2)
        base[count] = UInt8(ascii: "\"")
        JSONWriter.copy(start, to: base + (count &+ 1), count: length)
        base[count &+ 1 &+ length] = UInt8(ascii: "\"")
        count &+= length &+ 2
        return true
    }

    /// Whether eight bytes are all printable ASCII that JSON takes as it is: none from 0x80, none
    /// below 0x20, no quote, no backslash (word-at-a-time tests for a byte below a bound, and for
    /// a byte equal to one, exact while no byte has its high bit set).
    @inline(__always)
    static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- 0x20 &* ones) & ~word
        let quotes = word ^ (0x22 &* ones), backslashes = word ^ (0x5C &* ones)
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (word | control | quote | backslash) & highs == 0
    }

    /// Upper-case, as `UUID.uuidString` and `JSONEncoder` write it.
    package mutating func uuid(_ value: UUID) {
        appendByte(UInt8(ascii: "\""))
        value.withCanonicalText { appendBytes($0) }
        appendByte(UInt8(ascii: "\""))
    }

    /// `2026-11-22T21:38:42Z`: `InternetDate`'s form, which its parser reads back.
    package mutating func date(_ value: Date) {
        var text: [UInt8] = []
        text.reserveCapacity(24)
        InternetDate.append(value, to: &text)
        appendByte(UInt8(ascii: "\""))
        appendBytes(text)
        appendByte(UInt8(ascii: "\""))
    }

    /// `2026-12-03T19:00:00+01:00`: the wall-clock time at `utcOffset` with its offset (`InternetDate`).
    package mutating func date(_ value: Date, utcOffset: Int) {
        var text: [UInt8] = []
        text.reserveCapacity(30)
        InternetDate.append(value, utcOffset: utcOffset, to: &text)
        appendByte(UInt8(ascii: "\""))
        appendBytes(text)
        appendByte(UInt8(ascii: "\""))
    }

    /// JSON this writer wrote earlier (kept as text, a webhook's `fixture` say), written as it is.
    package mutating func json(_ text: String) {
        var text = text
        text.withUTF8 { appendBytes($0) }
    }

    /// Any value that writes itself.
    package mutating func value<Value: JSONWritable>(_ value: Value) {
        value.write(to: &self)
    }

    /// A value or `null`, as `JSONEncoder` writes an optional given to `encode(_:forKey:)`.
    @inlinable
    package mutating func optional<Value>(_ value: Value?, _ write: (inout JSONWriter, Value) -> Void) {
        guard let value else {
            null()
            return
        }
        write(&self, value)
    }

    /// Inlinable, so the caller's module specialises it for its element type: in a generic loop
    /// every element was copied through witness tables, a seventh of a roster's cost.
    @inlinable
    package mutating func array<Element: JSONWritable>(_ elements: [Element]) {
        array(elements) { writer, element in element.write(to: &writer) }
    }

    /// An array whose elements `write` writes (plain strings, say, which are no wire type of their own).
    @inlinable
    package mutating func array<Element>(_ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        array { array in
            for element in elements {
                array.element { write(&$0, element) }
            }
        }
    }

    /// `[…]` with the elements `body` writes through `JSONArray.element`, as they come: a roster
    /// is written from its rows while they are read, without an array of values made first. If
    /// `body` throws, what was written is to be thrown away with the writer.
    @inlinable
    package mutating func array(_ body: (inout JSONArray) throws -> Void) rethrows {
        // The writer is lent to the array and taken back, as to an object.
        var array = JSONArray(writer: self)
        defer { self = array.writer }
        array.writer.appendByte(UInt8(ascii: "["))
        try body(&array)
        array.writer.appendByte(UInt8(ascii: "]"))
    }

    @inlinable
    mutating func appendByte(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count &+= 1
    }

    @inlinable
    mutating func appendBytes(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        JSONWriter.copy(source, to: base + count, count: buffer.count)
        count &+= buffer.count
    }

    /// `"key":`, after a comma if the object has fields already: stored straight into the room
    /// made for it, one check for the whole of it.
    @inlinable @inline(__always)
    mutating func appendKey(_ key: StaticString, afterAnother: Bool) {
        guard key.hasPointerRepresentation else {
            // A one-scalar literal: never one of ours, but still written right.
            if afterAnother { appendByte(UInt8(ascii: ",")) }
            appendByte(UInt8(ascii: "\""))
            key.withUTF8Buffer { appendBytes($0) }
            appendLiteral("\":")
            return
        }
        let length = key.utf8CodeUnitCount
        reserve(length &+ 4)
        var end = base + count
        if afterAnother {
            end.pointee = UInt8(ascii: ",")
            end += 1
        }
        end.pointee = UInt8(ascii: "\"")
        JSONWriter.copy(key.utf8Start, to: end + 1, count: length)
        end += 1 &+ length
        end[0] = UInt8(ascii: "\"")
        end[1] = UInt8(ascii: ":")
        count = end + 2 - base
    }

    /// Copies `count` bytes: up to 16 with two overlapping loads and stores (a key or a short name,
    /// where a call to memcpy costs more than the copy), more with memcpy.
    @inlinable @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        case 0..<4:
            for index in 0..<count { target[index] = source[index] }
        default:
            target.initialize(from: source, count: count)
        }
    }

    @inlinable
    mutating func appendBytes(_ array: [UInt8]) {
        array.withUnsafeBufferPointer { appendBytes($0) }
    }

    @inlinable
    mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { appendBytes($0) }
    }

    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { appendBytes($0) }
    }

    /// Room for `more` bytes after those written.
    @inlinable
    mutating func reserve(_ more: Int) {
        if capacity &- count < more { grow(toHold: more) }
    }

    /// A buffer at least twice as large, holding what was written.
    @usableFromInline
    mutating func grow(toHold more: Int) {
        let larger = JSONWriterStorage(capacity: max(capacity * 2, count + more))
        larger.base.initialize(from: base, count: count)
        storage = larger
        base = larger.base
        capacity = larger.capacity
    }

    // MARK: Objects

    /// `{…}` with the fields `body` writes through `JSONObject.field`.
    @inlinable
    package mutating func object(_ body: (inout JSONObject) -> Void) {
        // The writer is lent to the object and taken back: one buffer, never copied.
        var object = JSONObject(writer: self)
        object.writer.appendByte(UInt8(ascii: "{"))
        body(&object)
        object.writer.appendByte(UInt8(ascii: "}"))
        self = object.writer
    }

    // MARK: Helpers

    private mutating func appendEscape(_ byte: UInt8) {
        appendByte(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): appendByte(byte)
        case 0x08: appendByte(UInt8(ascii: "b"))
        case 0x0C: appendByte(UInt8(ascii: "f"))
        case 0x0A: appendByte(UInt8(ascii: "n"))
        case 0x0D: appendByte(UInt8(ascii: "r"))
        case 0x09: appendByte(UInt8(ascii: "t"))
        default:
            appendLiteral("u00")
            appendByte(JSONWriter.lowerHexDigits[Int(byte >> 4)])
            appendByte(JSONWriter.lowerHexDigits[Int(byte & 0x0F)])
        }
    }

    private static let lowerHexDigits = Array("0123456789abcdef".utf8)
}

/// The memory a `JSONWriter` writes into, freed with the last writer that holds it.
@usableFromInline
final class JSONWriterStorage {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int

    @usableFromInline
    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        base.deallocate()
    }
}

/// The inside of one JSON object being written: its fields, in byte order of their keys.
@usableFromInline
package struct JSONObject {
    @usableFromInline
    var writer: JSONWriter
    @usableFromInline
    var hasFields = false
    /// The last key written, to check the order (debug builds only).
    @usableFromInline
    var lastKey: StaticString?

    @usableFromInline
    init(writer: JSONWriter) {
        self.writer = writer
    }

    /// `"key":` followed by what `write` writes. Keys are literals: they need no escaping.
    @inlinable
    package mutating func field(_ key: StaticString, _ write: (inout JSONWriter) -> Void) {
        #if DEBUG
        if let lastKey {
            assert(JSONObject.precedes(lastKey, key), "JSON keys out of order: \(lastKey) before \(key)")
        }
        lastKey = key
        #endif
        writer.appendKey(key, afterAnother: hasFields)
        hasFields = true
        write(&writer)
    }

    @usableFromInline
    static func precedes(_ first: StaticString, _ second: StaticString) -> Bool {
        first.withUTF8Buffer { a in second.withUTF8Buffer { b in a.lexicographicallyPrecedes(b) } }
    }
}

/// The inside of one JSON array being written: its elements, as they come.
@usableFromInline
package struct JSONArray {
    @usableFromInline
    var writer: JSONWriter
    @usableFromInline
    var hasElements = false

    @usableFromInline
    init(writer: JSONWriter) {
        self.writer = writer
    }

    /// The next element, as `write` writes it.
    @inlinable
    package mutating func element(_ write: (inout JSONWriter) throws -> Void) rethrows {
        if hasElements { writer.appendByte(UInt8(ascii: ",")) }
        hasElements = true
        try write(&writer)
    }
}

/// A wire type that writes its own JSON: what the server sends without `JSONEncoder`.
/// `write(to:)` must produce what `WireFormat.encode` produces for the same value.
@usableFromInline
package protocol JSONWritable: Encodable {
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The value as JSON bytes.
    @inlinable
    package func jsonBytes(capacity: Int = 256) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        write(to: &writer)
        return writer.bytes
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    @inlinable
    package func write(to writer: inout JSONWriter) {
        // A player with every field set takes about 130 bytes: one allocation for a roster instead of a
        // doubling series with a copy at each step.
        writer.reserve(count * 144)
        writer.array(self)
    }
}

/// The wire's enumerations travel as their raw strings.
extension JSONWritable where Self: RawRepresentable, RawValue == String {
    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.string(rawValue)
    }
}

extension Int: JSONWritable {
    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.int(self)
    }
}
