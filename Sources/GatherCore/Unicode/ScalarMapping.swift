/// A table from single scalars to scalar sequences (a decomposition, a case folding), parsed once
/// from the generated text of `UnicodeTables`: one line per scalar, its hexadecimal value and then
/// those of its mapping, separated by spaces. Lines must come in ascending order; a malformed line
/// is left out rather than trusted.
struct ScalarMapping: Sendable {
    private var keys: [UInt32] = []
    /// Where each key's mapping ends in `values` (it starts where the previous one ends).
    private var ends: [Int] = []
    private var values: [Unicode.Scalar] = []

    init(parsing text: String) {
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " ")).map(Self.hexadecimal)
            guard fields.count >= 2, let key = fields[0], keys.last.map({ $0 < key }) ?? true else { continue }
            let mapping = fields.dropFirst().compactMap { $0.flatMap(Unicode.Scalar.init) }
            guard mapping.count == fields.count - 1 else { continue }
            keys.append(key)
            values.append(contentsOf: mapping)
            ends.append(values.count)
        }
    }

    var count: Int { keys.count }

    /// The scalar's mapping, or nil when the table leaves it as it is.
    func mapping(of scalar: Unicode.Scalar) -> ArraySlice<Unicode.Scalar>? {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < scalar.value { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == scalar.value else { return nil }
        return values[(low == 0 ? 0 : ends[low - 1])..<ends[low]]
    }

    /// Every scalar replaced by its mapping; a scalar the table leaves alone goes to `unmapped`
    /// (which keeps it as it is, unless told otherwise).
    func map(_ scalars: some Sequence<Unicode.Scalar>,
             unmapped: (Unicode.Scalar, inout [Unicode.Scalar]) -> Void = { scalar, mapped in mapped.append(scalar) })
        -> [Unicode.Scalar] {
        var mapped: [Unicode.Scalar] = []
        mapped.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            if let mapping = mapping(of: scalar) {
                mapped.append(contentsOf: mapping)
            } else {
                unmapped(scalar, &mapped)
            }
        }
        return mapped
    }

    private static func hexadecimal(_ digits: Substring.UTF8View.SubSequence) -> UInt32? {
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return value
    }
}
