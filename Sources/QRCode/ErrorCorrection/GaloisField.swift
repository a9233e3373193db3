/// Arithmetic in GF(2⁸) reduced by x⁸ + x⁴ + x³ + x² + 1 (0x11D), the field of QR codes' Reed–Solomon
/// codes. Addition is XOR; multiplication goes through tables of the powers of α = 2 and their
/// logarithms, since α generates every non-zero element.
enum GaloisField {
    /// αⁿ for n in 0..<510: twice round the cycle of 255, so a sum of two logarithms needs no reduction.
    private static let powers: [UInt8] = {
        var powers = [UInt8](repeating: 0, count: 510)
        var value = 1
        for exponent in 0..<510 {
            powers[exponent] = UInt8(value)
            value <<= 1
            if value > 0xFF { value ^= 0x11D }
        }
        return powers
    }()

    private static let logarithms: [Int] = {
        var logarithms = [Int](repeating: 0, count: 256)
        for exponent in 0..<255 {
            logarithms[Int(powers[exponent])] = exponent
        }
        return logarithms
    }()

    /// αⁿ, for any n ≥ 0.
    static func power(_ exponent: Int) -> UInt8 {
        powers[exponent % 255]
    }

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return powers[logarithms[Int(a)] + logarithms[Int(b)]]
    }
}
