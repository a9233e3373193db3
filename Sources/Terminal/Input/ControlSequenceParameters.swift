/// The parameter and intermediate bytes of a control sequence being decoded.
///
/// Storage is bounded: a sequence longer than any key encoding is still consumed
/// to its final byte (so none of it leaks out as characters) but no longer stored,
/// and it is then ignored.
struct ControlSequenceParameters: Sendable {
    static let capacity = 16

    private(set) var bytes: [UInt8] = []
    private(set) var overflowed = false

    var isEmpty: Bool { bytes.isEmpty && !overflowed }

    mutating func append(_ byte: UInt8) {
        if bytes.count < Self.capacity {
            bytes.append(byte)
        } else {
            overflowed = true
        }
    }
}
