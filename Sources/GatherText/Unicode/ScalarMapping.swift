/// A table from single scalars to scalar sequences (a decomposition, a case folding), parsed once
/// from the generated text of `UnicodeTables`: one line per scalar, its hexadecimal value and then
/// those of its mapping, separated by spaces. Lines must come in ascending order; a malformed line
/// is left out rather than trusted.
struct ScalarMapping: Sendable {
    private let keys: [UInt32]
    /// Where each key's mapping ends in `values` (it starts where the previous one ends).
    private let ends: [Int]
    private let values: [Unicode.Scalar]

    init(parsing text: String) {
        // One pass over the bytes, no intermediate strings: this runs once, at start-up when
        // accounts exist, and must cost well under a millisecond.
        var keys: [UInt32] = []
        var ends: [Int] = []
        var values: [Unicode.Scalar] = []
        var text = text
        text.withUTF8 { bytes in
            var key: UInt32?
            var value: UInt32 = 0
            var digits = 0
            var lineIsSound = true
            var valuesAtLineStart = 0
            // A line is at least a scalar, a space, a scalar and a line break.
            keys.reserveCapacity(bytes.count / 8)
            ends.reserveCapacity(bytes.count / 8)
            values.reserveCapacity(bytes.count / 4)
            for byte in bytes {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                case UInt8(ascii: " "), UInt8(ascii: "\n"):
                    // The end of a field.
                    if digits == 0 || digits > 6 {
                        lineIsSound = false
                    } else if key == nil {
                        key = value
                        if Unicode.Scalar(value) == nil { lineIsSound = false }
                    } else if let scalar = Unicode.Scalar(value) {
                        values.append(scalar)
                    } else {
                        lineIsSound = false
                    }
                    value = 0
                    digits = 0
                    guard byte == UInt8(ascii: "\n") else { continue }
                    if lineIsSound, let key, values.count > valuesAtLineStart, keys.last.map({ $0 < key }) ?? true {
                        keys.append(key)
                        ends.append(values.count)
                    } else {
                        values.removeSubrange(valuesAtLineStart...)
                    }
                    key = nil
                    lineIsSound = true
                    valuesAtLineStart = values.count
                    continue
                default:
                    lineIsSound = false
                    continue
                }
                value = value << 4 | digit
                digits += 1
            }
            // The last line, when the text does not end with a line break.
            if let key, digits > 0, digits <= 6, lineIsSound, let scalar = Unicode.Scalar(value),
               keys.last.map({ $0 < key }) ?? true {
                values.append(scalar)
                keys.append(key)
                ends.append(values.count)
            } else {
                values.removeSubrange(valuesAtLineStart...)
            }
        }
        self.keys = keys
        self.ends = ends
        self.values = values
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
}
