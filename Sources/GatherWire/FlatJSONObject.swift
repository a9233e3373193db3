/// A JSON object of plain members, read in one pass: the shape of almost every request body
/// (`{"name":"Ada","age":30}`). It is the fast way in for `WireFormat.decode`, which is
/// otherwise Foundation's `JSONDecoder` (about a tenth of the server's time on writes).
///
/// It reads only what it can read exactly as `JSONDecoder` would, and gives up (nil) on anything
/// else, leaving that document to `JSONDecoder`: nested objects and arrays, escaped or invalid
/// strings, numbers that are not plain integers within `Int`, duplicate keys, keys that are not
/// ASCII (none of ours is, and hashing a key of many combining marks is slow), a byte-order mark,
/// and anything that is not valid JSON. So a body it reads means what it meant before, and every
/// error message still comes from the one place that always wrote it.
struct FlatJSONObject {
    enum Value: Equatable {
        case string(String)
        case integer(Int)
        case bool(Bool)
        case null
    }

    let members: [String: Value]

    /// The object in `bytes`, or nil when it is not a flat object this reader takes on.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> FlatJSONObject? {
        var reader = Reader(bytes: bytes)
        return reader.object()
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func object() -> FlatJSONObject? {
            skipWhitespace()
            guard take(UInt8(ascii: "{")) else { return nil }
            // Room for every body of ours at once: grown from empty, the table was rehashed at
            // the second, third and fifth member (a quarter of this reading of a player).
            var members = [String: Value](minimumCapacity: 8)
            skipWhitespace()
            if !take(UInt8(ascii: "}")) {
                repeat {
                    skipWhitespace()
                    guard let key = string(), key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
                    skipWhitespace()
                    guard take(UInt8(ascii: ":")) else { return nil }
                    skipWhitespace()
                    guard let value = value() else { return nil }
                    // Which of two equal keys a decoder keeps is its own choice: leave it to it.
                    guard members.updateValue(value, forKey: key) == nil else { return nil }
                    skipWhitespace()
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "}")) else { return nil }
            }
            skipWhitespace()
            guard index == bytes.count else { return nil }
            return FlatJSONObject(members: members)
        }

        private mutating func value() -> Value? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return string().map(Value.string)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return integer().map(Value.integer)
            case UInt8(ascii: "t"):
                return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"):
                return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"):
                return literal("null") ? .null : nil
            default:
                // Objects, arrays, and whatever is not JSON.
                return nil
            }
        }

        /// A string without escapes or control characters, in valid UTF-8.
        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            var isASCII = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    // ASCII is valid UTF-8 as it stands: no need to validate what cannot be wrong.
                    return isASCII ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                if byte >= 0x80 { isASCII = false }
                index += 1
            }
            return nil
        }

        /// `-?(0|[1-9][0-9]*)` within `Int`, ending where JSON lets a value end. Not "-0": plain
        /// zero is the only zero taken.
        private mutating func integer() -> Int? {
            let negative = take(UInt8(ascii: "-"))
            let start = index
            var magnitude = 0
            while index < bytes.count, let digit = Reader.digit(bytes[index]) {
                let (shifted, overflowShift) = magnitude.multipliedReportingOverflow(by: 10)
                // Negative numbers gather as negative, so Int.min is reachable.
                let (next, overflowAdd) = negative ? shifted.subtractingReportingOverflow(digit)
                                                   : shifted.addingReportingOverflow(digit)
                guard !overflowShift, !overflowAdd else { return nil }
                magnitude = next
                index += 1
            }
            let digits = index - start
            guard digits > 0 else { return nil }
            if bytes[start] == UInt8(ascii: "0") && (digits > 1 || negative) { return nil }
            // A fraction or an exponent: not a plain integer.
            guard index == bytes.count || !Reader.continuesNumber(bytes[index]) else { return nil }
            return magnitude
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }

        private static func continuesNumber(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                return false
            }
            index += count
            return true
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// JSON's four whitespace characters, no others.
        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }
    }
}
