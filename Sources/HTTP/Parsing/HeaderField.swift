/// One `name: value` line of a header or trailer section (RFC 9110 §5, RFC 9112 §5), read the
/// same way for requests and responses.
enum HeaderField {
    static func parse(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw HTTPParseError(.badRequest, "obsolete line folding is not accepted")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPParseError(.badRequest, "header field without a colon")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(Token.isTokenByte) else {
            throw HTTPParseError(.badRequest, "malformed header field name")
        }
        let value = OptionalWhitespace.trim(line[(colon + 1)...])
        guard value.allSatisfy({ $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw HTTPParseError(.badRequest, "control character in header field \(String(decoding: name, as: UTF8.self))")
        }
        return (String(decoding: name, as: UTF8.self), Token.text(value))
    }
}

/// Spaces and horizontal tabs: the "optional whitespace" of RFC 9110 §5.6.3.
enum OptionalWhitespace {
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        trimEnd(bytes.drop(while: isWhitespace))
    }

    static func trimEnd(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var trimmed = bytes
        while let last = trimmed.last, isWhitespace(last) { trimmed.removeLast() }
        return trimmed
    }

    static func trim(_ text: String) -> String {
        String(decoding: trim(ArraySlice(text.utf8)), as: UTF8.self)
    }
}

enum Token {
    /// tchar of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        tokenBytes[Int(byte)]
    }

    /// Looked up, not searched: every byte of every method and field name goes through here.
    private static let tokenBytes: [Bool] = (0...255).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Field values are UTF-8 in practice; anything else is read as ISO-8859-1, byte for byte.
    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        // Nearly every value is ASCII, which needs no validating: the standard library's validating
        // initialiser is generic and not specialised for us (about 1,000 instructions a value).
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
