import GatherText

/// Whether a request body stacks more combining marks on one character than any text may
/// (`CombiningRun`, Unicode's stream-safe 30), looked for before the body is decoded.
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
        var run = CombiningRun()
        var index = 0
        while index < body.count {
            let byte = body[index]
            let read: (scalar: Unicode.Scalar?, length: Int)
            if byte == UInt8(ascii: "\\") {
                // `\\`, `\n` and the like stand for one ASCII character: the backslash's partner is
                // skipped with it (so `\\u0301` reads as text, not as a mark).
                read = escape(in: body, at: index) ?? (nil, 2)
            } else if byte < 0x80 {
                read = (nil, 1)
            } else {
                // Bytes that are not UTF-8 end a run: the decoder refuses the body anyway.
                read = utf8Scalar(in: body, at: index) ?? (nil, 1)
            }
            index += read.length
            guard let scalar = read.scalar else {
                run.end()
                continue
            }
            if run.exceedsLimit(after: scalar) { return true }
        }
        return false
    }

    /// `\uXXXX`, or two of them forming a surrogate pair: the scalar (nil for a lone surrogate)
    /// and the bytes taken. Nil for any other escape.
    private static func escape(in body: UnsafeRawBufferPointer, at index: Int) -> (scalar: Unicode.Scalar?, length: Int)? {
        guard let unit = codeUnit(in: body, at: index) else { return nil }
        if (0xD800..<0xDC00).contains(unit), let low = codeUnit(in: body, at: index + 6), (0xDC00..<0xE000).contains(low) {
            return (Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)), 12)
        }
        return (Unicode.Scalar(unit), 6)
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
    private static func utf8Scalar(in body: UnsafeRawBufferPointer, at index: Int) -> (scalar: Unicode.Scalar?, length: Int)? {
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
        // Overlong forms are not UTF-8; surrogates and values past U+10FFFF are not scalars.
        let smallest: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
