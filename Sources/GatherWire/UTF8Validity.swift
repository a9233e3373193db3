/// Whether bytes are UTF-8, one sequence at a time: what lets stored text be written from its
/// bytes, with a string made only for text that needs repair (`JSONWriter.string(utf8:)`).
/// The rules are Unicode's (table 3-7 of the standard): no overlong forms, no surrogates, nothing
/// above U+10FFFF.
enum UTF8Validity {
    /// The length of the valid sequence that starts at `index` (a byte of 0x80 or more), or 0 if
    /// none does.
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        // The range the second byte must fall in, and the sequence's length, by its first byte.
        let second: ClosedRange<UInt8>
        let length: Int
        switch lead {
        case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
        case 0xE0: (second, length) = (0xA0...0xBF, 3)
        case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
        case 0xED: (second, length) = (0x80...0x9F, 3)
        case 0xF0: (second, length) = (0x90...0xBF, 4)
        case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
        case 0xF4: (second, length) = (0x80...0x8F, 4)
        default: return 0
        }
        guard bytes.count - index >= length, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }
}
