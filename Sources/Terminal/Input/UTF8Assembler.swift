/// Collects the bytes of one multi-byte UTF-8 scalar, which a terminal read can
/// cut anywhere.
///
/// Invalid input (a stray continuation byte, an overlong form, a surrogate, a
/// sequence interrupted by another lead or an ASCII byte) is dropped: a key
/// decoder must survive whatever line noise or pasted binary reaches it.
struct UTF8Assembler: Sendable {
    private var bytes: [UInt8] = []
    private var expectedCount = 0

    /// Whether a lead byte has been seen and its continuation bytes are awaited.
    var isCollecting: Bool { expectedCount > 0 }

    static func isContinuation(_ byte: UInt8) -> Bool {
        (0x80...0xBF).contains(byte)
    }

    /// Begins a scalar at `lead`; returns false (and collects nothing) when the
    /// byte cannot start a UTF-8 sequence.
    mutating func start(_ lead: UInt8) -> Bool {
        let count: Int
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0...0xEF: count = 3
        case 0xF0...0xF4: count = 4
        default: return false
        }
        bytes = [lead]
        expectedCount = count
        return true
    }

    /// Adds a continuation byte. Returns the scalar once the sequence is complete
    /// and valid; returns nil while more bytes are needed or when the completed
    /// sequence turned out to be invalid (it is then discarded).
    mutating func add(_ continuation: UInt8) -> Unicode.Scalar? {
        bytes.append(continuation)
        guard bytes.count == expectedCount else { return nil }
        defer { reset() }
        // The standard library knows the exact rules (overlongs, surrogates, range).
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return text.unicodeScalars.first
    }

    /// Forgets a partial sequence, e.g. when a byte that cannot continue it arrives.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        expectedCount = 0
    }
}
