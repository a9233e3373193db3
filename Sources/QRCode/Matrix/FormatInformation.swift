/// The 15 bits that tell a reader the correction level and the mask: those 5 bits, 10 BCH(15, 5) check
/// bits, all XORed with 101010000010010 so that no combination leaves the area all light.
/// Drawn twice, once by the top left finder pattern and once split between the other two, so that a
/// damaged corner still leaves one copy.
struct FormatInformation: Hashable, Sendable {
    /// Bit 14 is the most significant.
    let bits: Int

    private static let generator = 0b101_0011_0111 // x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1
    private static let xorMask = 0b101_0100_0001_0010

    init(correction: QRCode.Correction, mask: MaskPattern) {
        let data = correction.formatBits << 3 | mask.reference
        var remainder = data << 10
        for bit in stride(from: 14, through: 10, by: -1) where remainder >> bit & 1 == 1 {
            remainder ^= Self.generator << (bit - 10)
        }
        bits = (data << 10 | remainder) ^ Self.xorMask
    }

    /// Marks the format areas, and the dark module beside the lower copy, as function modules before the
    /// codewords are placed; the real bits go in once the mask is chosen.
    static func reserve(in grid: inout ModuleGrid) {
        for (x, y) in positions(size: grid.size).flatMap({ [$0.first, $0.second] }) {
            grid.setFunction(x: x, y: y, dark: false)
        }
        grid.setFunction(x: 8, y: grid.size - 8, dark: true)
    }

    func draw(into grid: inout ModuleGrid) {
        for (bit, position) in Self.positions(size: grid.size).enumerated() {
            let dark = bits >> bit & 1 == 1
            grid.setFunction(x: position.first.x, y: position.first.y, dark: dark)
            grid.setFunction(x: position.second.x, y: position.second.y, dark: dark)
        }
    }

    /// Where bit i (least significant first) goes in each copy. The first copy runs down column 8 and
    /// then left along row 8, stepping over the timing patterns; the second runs along row 8 from the
    /// right edge, then down column 8 to the bottom edge.
    private static func positions(size: Int) -> [(first: (x: Int, y: Int), second: (x: Int, y: Int))] {
        (0..<15).map { bit in
            let first: (x: Int, y: Int) =
                switch bit {
                case 0...5: (8, bit)
                case 6: (8, 7)
                case 7: (8, 8)
                case 8: (7, 8)
                default: (14 - bit, 8)
                }
            let second: (x: Int, y: Int) = bit < 8 ? (size - 1 - bit, 8) : (8, size - 15 + bit)
            return (first, second)
        }
    }
}
