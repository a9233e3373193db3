/// The version number (6 bits) with 12 BCH(18, 6) check bits, drawn in two 6 × 3 blocks beside the top
/// right and bottom left finder patterns, one the other's transpose, for versions 7 and up.
struct VersionInformation: Hashable, Sendable {
    /// Bit 17 is the most significant.
    let bits: Int

    private static let generator = 0b1_1111_0010_0101 // x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1

    init(version: Version) {
        var remainder = version.number << 12
        for bit in stride(from: 17, through: 12, by: -1) where remainder >> bit & 1 == 1 {
            remainder ^= Self.generator << (bit - 12)
        }
        bits = version.number << 12 | remainder
    }

    /// Bit i (least significant first) goes to column i / 3 of the bottom left block, row size − 11 + i % 3,
    /// and to the mirror position of the top right block.
    func draw(into grid: inout ModuleGrid) {
        for bit in 0..<18 {
            let dark = bits >> bit & 1 == 1
            let across = bit / 3
            let along = grid.size - 11 + bit % 3
            grid.setFunction(x: across, y: along, dark: dark)
            grid.setFunction(x: along, y: across, dark: dark)
        }
    }
}
