/// Makes the error correction codewords of one block: the remainder of the data polynomial times xⁿ
/// divided by the generator (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), n being the number of codewords wanted.
struct ReedSolomonEncoder: Sendable {
    /// The generator's coefficients below its leading 1, highest degree first.
    private let generator: [UInt8]

    init(correctionCodewords degree: Int) {
        var coefficients: [UInt8] = [1]
        for exponent in 0..<degree {
            // Times (x + αⁱ): subtraction is addition in a field of characteristic 2.
            let root = GaloisField.power(exponent)
            var product = coefficients + [0]
            for index in 1..<product.count {
                product[index] ^= GaloisField.multiply(coefficients[index - 1], root)
            }
            coefficients = product
        }
        generator = Array(coefficients.dropFirst())
    }

    func correctionCodewords(for data: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        // Long division, one data codeword at a time, keeping only the running remainder.
        for codeword in data {
            let factor = codeword ^ (remainder.first ?? 0)
            remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices {
                remainder[index] ^= GaloisField.multiply(generator[index], factor)
            }
        }
        return remainder
    }
}
