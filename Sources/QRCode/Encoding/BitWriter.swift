/// Bits appended most significant first and packed into bytes, as QR data codewords are.
struct BitWriter: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var bitCount = 0

    /// Appends the low `width` bits of `value`.
    mutating func append(_ value: Int, width: Int) {
        for shift in stride(from: width - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 {
                bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8)
            }
            bitCount += 1
        }
    }
}
