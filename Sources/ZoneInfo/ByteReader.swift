/// Reads a byte array front to back, every read bounds-checked: running out of bytes is a
/// `ZoneInfoError.malformed` that says what was being read, never a trap.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The next `count` bytes.
    mutating func take(_ count: Int, _ what: String) throws(ZoneInfoError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw .malformed("truncated: \(what) needs \(count) bytes at byte \(offset), only \(remaining) left")
        }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func skip(_ count: Int, _ what: String) throws(ZoneInfoError) {
        _ = try take(count, what)
    }

    mutating func uint8(_ what: String) throws(ZoneInfoError) -> UInt8 {
        try take(1, what).first ?? 0
    }

    mutating func uint32(_ what: String) throws(ZoneInfoError) -> UInt32 {
        UInt32(truncatingIfNeeded: try bigEndian(4, what))
    }

    mutating func int32(_ what: String) throws(ZoneInfoError) -> Int32 {
        Int32(bitPattern: try uint32(what))
    }

    mutating func int64(_ what: String) throws(ZoneInfoError) -> Int64 {
        Int64(bitPattern: try bigEndian(8, what))
    }

    /// A big-endian unsigned integer of `size` (at most 8) bytes.
    private mutating func bigEndian(_ size: Int, _ what: String) throws(ZoneInfoError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try take(size, what) { value = value << 8 | UInt64(byte) }
        return value
    }
}
