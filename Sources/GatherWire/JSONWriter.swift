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
/// out of line they cost a twentieth of a request.
public struct JSONWriter {
    /// Settable so that inlined code can append (a setter narrower than the property cannot be
    /// reached from inlined code); written only through the methods below.
    public var bytes: [UInt8]

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Values

    @inlinable
    public mutating func null() {
        appendBytes(JSONWriter.nullLiteral)
    }

    package mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? JSONWriter.trueLiteral : JSONWriter.falseLiteral)
    }

    package mutating func int(_ value: Int) {
        guard value != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Magnitude as unsigned so Int.min does not overflow.
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits.
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// As `JSONEncoder`: Swift's shortest round-trip form, without a trailing `.0`. Only finite
    /// values reach the wire (rates and skill sums).
    package mutating func double(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Upper-case, as `UUID.uuidString` and `JSONEncoder` write it.
    package mutating func uuid(_ value: UUID) {
        bytes.append(UInt8(ascii: "\""))
        value.appendCanonicalText(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `2026-11-22T21:38:42Z`: `InternetDate`'s form, which its parser reads back.
    package mutating func date(_ value: Date) {
        bytes.append(UInt8(ascii: "\""))
        InternetDate.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Any value that writes itself.
    package mutating func value<Value: JSONWritable>(_ value: Value) {
        value.write(to: &self)
    }

    /// A value or `null`, as `JSONEncoder` writes an optional given to `encode(_:forKey:)`.
    @inlinable
    public mutating func optional<Value>(_ value: Value?, _ write: (inout JSONWriter, Value) -> Void) {
        guard let value else {
            null()
            return
        }
        write(&self, value)
    }

    /// Inlinable, so the caller's module specialises it for its element type: in a generic loop
    /// every element was copied through witness tables, a seventh of a roster's cost.
    @inlinable
    public mutating func array<Element: JSONWritable>(_ elements: [Element]) {
        array(elements) { writer, element in element.write(to: &writer) }
    }

    /// An array whose elements `write` writes (plain strings, say, which are no wire type of their own).
    @usableFromInline
    package mutating func array<Element>(_ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        appendByte(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { appendByte(UInt8(ascii: ",")) }
            first = false
            write(&self, element)
        }
        appendByte(UInt8(ascii: "]"))
    }

    @inlinable
    mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inlinable
    mutating func appendBytes(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    @inlinable
    mutating func appendBytes(_ array: [UInt8]) {
        bytes.append(contentsOf: array)
    }

    /// This writer as it is, leaving it empty.
    @inlinable
    mutating func takeBytes() -> JSONWriter {
        let whole = self
        bytes = []
        return whole
    }

    @usableFromInline
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    // MARK: Objects

    /// `{…}` with the fields `body` writes through `JSONObject.field`.
    @inlinable
    public mutating func object(_ body: (inout JSONObject) -> Void) {
        // The bytes move into the object and back: one buffer, never copied.
        var object = JSONObject(writer: takeBytes())
        object.writer.appendByte(UInt8(ascii: "{"))
        body(&object)
        object.writer.appendByte(UInt8(ascii: "}"))
        self = object.writer
    }

    // MARK: Helpers

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      JSONWriter.lowerHexDigits[Int(byte >> 4)], JSONWriter.lowerHexDigits[Int(byte & 0x0F)]])
        }
    }

    private mutating func appendDigits(_ value: Int, width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    @usableFromInline
    static let nullLiteral = Array("null".utf8)
    private static let trueLiteral = Array("true".utf8)
    private static let falseLiteral = Array("false".utf8)
    private static let lowerHexDigits = Array("0123456789abcdef".utf8)
}

/// The inside of one JSON object being written: its fields, in byte order of their keys.
public struct JSONObject {
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
    public mutating func field(_ key: StaticString, _ write: (inout JSONWriter) -> Void) {
        #if DEBUG
        if let lastKey {
            assert(JSONObject.precedes(lastKey, key), "JSON keys out of order: \(lastKey) before \(key)")
        }
        lastKey = key
        #endif
        if hasFields { writer.appendByte(UInt8(ascii: ",")) }
        hasFields = true
        writer.appendByte(UInt8(ascii: "\""))
        key.withUTF8Buffer { writer.appendBytes($0) }
        writer.appendByte(UInt8(ascii: "\""))
        writer.appendByte(UInt8(ascii: ":"))
        write(&writer)
    }

    @usableFromInline
    static func precedes(_ first: StaticString, _ second: StaticString) -> Bool {
        first.withUTF8Buffer { a in second.withUTF8Buffer { b in a.lexicographicallyPrecedes(b) } }
    }
}

/// A wire type that writes its own JSON: what the server sends without `JSONEncoder`.
/// `write(to:)` must produce what `WireFormat.encode` produces for the same value.
public protocol JSONWritable: Encodable {
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The value as JSON bytes.
    @inlinable
    public func jsonBytes(capacity: Int = 256) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        write(to: &writer)
        return writer.bytes
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    @inlinable
    public func write(to writer: inout JSONWriter) {
        // About what a player takes: one allocation for a roster instead of a doubling series.
        writer.reserve(count * 112)
        writer.array(self)
    }
}

/// The wire's enumerations travel as their raw strings.
extension JSONWritable where Self: RawRepresentable, RawValue == String {
    public func write(to writer: inout JSONWriter) {
        writer.string(rawValue)
    }
}

extension Int: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.int(self)
    }
}
