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
    /// tchar of RFC 9110 §5.6.2. Every byte of every method and field name goes through here: a
    /// bit of two constant words, with no table to load (a global's first-use check at each byte
    /// cost more than the test).
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        byte < 64 ? (lowTokenBytes >> UInt64(byte)) & 1 == 1 : byte < 128 && (highTokenBytes >> UInt64(byte &- 64)) & 1 == 1
    }

    /// Bit `b` set when byte `b` (below 64) is a tchar: `!#$%&'*+-.` and the digits.
    static let lowTokenBytes: UInt64 = 0x03FF_6CFA_0000_0000
    /// Bit `b` set when byte `64 + b` is a tchar: the letters, `^_`, `` ` ``, `|` and `~`.
    static let highTokenBytes: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    /// Field values are UTF-8 in practice; anything else is read as ISO-8859-1, byte for byte.
    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        // Nearly every value is ASCII, which needs no validating: the standard library's validating
        // initialiser is generic and not specialised for us (about 1,000 instructions a value).
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
