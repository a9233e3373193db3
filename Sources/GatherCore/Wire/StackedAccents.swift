/// Whether a request body stacks more combining marks on one character than any text may
/// (`TextRule.maximumCombiningRun`, Unicode's stream-safe 30), looked for before the body is decoded.
///
/// `String` sorts a run of combining marks into canonical order whenever it hashes or compares
/// text, in time that grows with the square of the run. A 1 MB body that is one run (as a key, or
/// a value compared with an enum's names) held a thread for minutes. Every text field refuses such
/// runs anyway, so refusing the body before decoding changes no answer but the error's wording.
///
/// The scan reads raw UTF-8 and `\uXXXX` escapes (surrogate pairs joined) alike; it does not need
/// to know whether a mark sits inside a string, since outside one the body is not JSON at all.
enum StackedAccents {
    static func exceedLimit(in body: UnsafeRawBufferPointer) -> Bool {
        var run = 0
        var index = 0
        let count = body.count
        while index < count {
            let byte = body[index]
            let scalar: UInt32
            if byte == UInt8(ascii: "\\") {
                guard let escaped = escape(in: body, at: index) else {
                    // `\\`, `\n` and the like: one ASCII character, the backslash's partner skipped
                    // with it (so `\\u0301` reads as text, not as a mark).
                    run = 0
                    index += 2
                    continue
                }
                scalar = escaped.scalar
                index += escaped.length
            } else if byte < 0x80 {
                run = 0
                index += 1
                continue
            } else if let decoded = utf8Scalar(in: body, at: index) {
                scalar = decoded.scalar
                index += decoded.length
            } else {
                // Not UTF-8: the decoder refuses the body; nothing to sort here.
                run = 0
                index += 1
                continue
            }
            run = isStarter(scalar) ? 0 : run + 1
            if run > TextRule.maximumCombiningRun { return true }
        }
        return false
    }

    private static func isStarter(_ value: UInt32) -> Bool {
        // Below U+0300 every scalar is a starter: no lookup for Latin text.
        guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return true }
        return scalar.properties.canonicalCombiningClass == .notReordered
    }

    /// `\uXXXX`, or two of them forming a surrogate pair: the scalar and the bytes taken. Other
    /// escapes are not counted as one (nil): they stand for ASCII.
    private static func escape(in body: UnsafeRawBufferPointer, at index: Int) -> (scalar: UInt32, length: Int)? {
        guard let unit = codeUnit(in: body, at: index) else { return nil }
        if (0xD800..<0xDC00).contains(unit), let low = codeUnit(in: body, at: index + 6), (0xDC00..<0xE000).contains(low) {
            return (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), 12)
        }
        return (unit, 6)
    }

    /// The code unit of a `\uXXXX` escape starting at `index`.
    private static func codeUnit(in body: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 6 <= body.count, body[index] == UInt8(ascii: "\\"), body[index + 1] == UInt8(ascii: "u") else { return nil }
        var unit: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = hexDigit(body[index + offset]) else { return nil }
            unit = unit << 4 | digit
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The scalar of the well-formed UTF-8 sequence at `index` (not ASCII) and its length.
    private static func utf8Scalar(in body: UnsafeRawBufferPointer, at index: Int) -> (scalar: UInt32, length: Int)? {
        let lead = body[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= body.count else { return nil }
        for offset in 1..<length {
            let next = body[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        // Overlong forms, surrogates and values past U+10FFFF are not scalars.
        let smallest: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
        guard value >= smallest, value <= 0x10FFFF, !(0xD800..<0xE000).contains(value) else { return nil }
        return (value, length)
    }
}
