/// The first key that appears twice in one object of a JSON body, looked for before the body is
/// decoded, so that such a body is refused (400) instead of read one way here and another way
/// elsewhere: `JSONDecoder` keeps the first of two equal keys, Go, Python and JavaScript keep the
/// last, so a proxy that checked the body would have checked another value than the one stored.
///
/// Keys compare as the decoder compares them: escapes decoded (`"a"` and `"\u0061"` are one key),
/// as Swift strings (canonically equivalent spellings are one key). Anything that is not JSON ends
/// the scan with no answer; the decoder then says what is wrong. One pass, no recursion: nesting
/// costs a stack entry, not a stack frame.
enum DuplicateKeys {
    static func first(in body: UnsafeRawBufferPointer) -> String? {
        var scanner = Scanner(body: body)
        return scanner.firstDuplicate()
    }

    private struct Scanner {
        let body: UnsafeRawBufferPointer
        var index = 0
        /// For each object or array open around the current position, whether it is an object.
        var containers: [Bool] = []
        /// For each object open around the current position, the keys it has had so far.
        var keys: [Set<String>] = []

        init(body: UnsafeRawBufferPointer) {
            self.body = body
        }

        mutating func firstDuplicate() -> String? {
            while true {
                skipWhitespace()
                guard index < body.count else { return nil }
                switch body[index] {
                case UInt8(ascii: "{"):
                    containers.append(true)
                    keys.append([])
                    index += 1
                    skipWhitespace()
                    if index < body.count, body[index] == UInt8(ascii: "}") { continue }
                    guard let duplicate = readKey() else { return nil }
                    if let duplicate = duplicate { return duplicate }
                case UInt8(ascii: "["):
                    containers.append(false)
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard let isObject = containers.popLast() else { return nil }
                    if isObject { keys.removeLast() }
                    index += 1
                case UInt8(ascii: ","):
                    index += 1
                    guard let isObject = containers.last else { return nil }
                    if isObject {
                        guard let duplicate = readKey() else { return nil }
                        if let duplicate = duplicate { return duplicate }
                    }
                case UInt8(ascii: "\""):
                    guard skipString() else { return nil }
                default:
                    // A number or a literal: up to the next delimiter.
                    index += 1
                    while index < body.count, !Scanner.isDelimiter(body[index]) { index += 1 }
                }
            }
        }

        /// Reads `"key" :` in the innermost object and records it: `.some(key)` when the object
        /// already had it, `.some(nil)` when not, nil when the text is not JSON.
        private mutating func readKey() -> String?? {
            skipWhitespace()
            guard index < body.count, body[index] == UInt8(ascii: "\""), let key = readString() else { return nil }
            skipWhitespace()
            guard index < body.count, body[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard containers.last == true, let last = keys.indices.last else { return nil }
            // Inserted in place: a copy of the set per key would make a body of many keys quadratic.
            return keys[last].insert(key).inserted ? .some(nil) : .some(key)
        }

        /// A string at `index` (its opening quote), decoded; nil if it is not valid JSON text.
        private mutating func readString() -> String? {
            index += 1
            // The usual key, printable ASCII without an escape, is its own bytes: no scalars.
            var end = index
            while end < body.count, body[end] >= 0x20, body[end] < 0x80, body[end] != UInt8(ascii: "\""), body[end] != UInt8(ascii: "\\") {
                end += 1
            }
            if end < body.count, body[end] == UInt8(ascii: "\"") {
                let key = String(decoding: UnsafeRawBufferPointer(rebasing: body[index..<end]), as: UTF8.self)
                index = end + 1
                return key
            }
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flushRaw() -> Bool {
                guard !raw.isEmpty else { return true }
                guard let text = String(validating: raw, as: UTF8.self) else { return false }
                scalars.append(contentsOf: text.unicodeScalars)
                raw.removeAll(keepingCapacity: true)
                return true
            }
            while index < body.count {
                let byte = body[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return flushRaw() ? String(scalars) : nil
                case UInt8(ascii: "\\"):
                    guard flushRaw(), let scalar = readEscape() else { return nil }
                    scalars.append(scalar)
                default:
                    guard byte >= 0x20 else { return nil }
                    raw.append(byte)
                    index += 1
                }
            }
            return nil
        }

        /// The character an escape at `index` stands for; a lone surrogate stands for U+FFFD, as
        /// the decoder reads it.
        private mutating func readEscape() -> Unicode.Scalar? {
            guard index + 1 < body.count else { return nil }
            let letter = body[index + 1]
            index += 2
            switch letter {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let unit = hexUnit() else { return nil }
                if (0xD800..<0xDC00).contains(unit), index + 1 < body.count, body[index] == UInt8(ascii: "\\"),
                   body[index + 1] == UInt8(ascii: "u") {
                    let mark = index
                    index += 2
                    if let low = hexUnit(), (0xDC00..<0xE000).contains(low) {
                        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    }
                    index = mark
                }
                return Unicode.Scalar(unit) ?? "\u{FFFD}"
            default:
                return nil
            }
        }

        private mutating func hexUnit() -> UInt32? {
            guard index + 4 <= body.count else { return nil }
            var unit: UInt32 = 0
            for offset in 0..<4 {
                let byte = body[index + offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                unit = unit << 4 | digit
            }
            index += 4
            return unit
        }

        /// Skips a string value; false if it never ends.
        private mutating func skipString() -> Bool {
            index += 1
            while index < body.count {
                switch body[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\\"):
                    index += 2
                default:
                    index += 1
                }
            }
            return false
        }

        private mutating func skipWhitespace() {
            while index < body.count {
                switch body[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private static func isDelimiter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D: return true
            default: return false
            }
        }
    }
}
