/// The request target split into path segments and query, percent-decoded (RFC 9112 §3.2, RFC 3986 §2.1).
struct RequestTarget {
    let path: String
    let segments: [String]
    let query: [(name: String, value: String)]

    /// Works on the UTF-8 bytes: every delimiter is ASCII, and walking Characters cost more than
    /// the rest of a request's parsing.
    init(_ target: String) throws(HTTPParseError) {
        var rest = ArraySlice(target.utf8)
        if rest.elementsEqual(CollectionOfOne(Byte.asterisk)) {
            path = "*"; segments = []; query = []
            return
        }
        // absolute-form ("http://host/path"): keep what follows the authority.
        if rest.first != Byte.slash, let afterScheme = RequestTarget.afterScheme(rest) {
            // The authority ends at the path or, when the path is empty, at the query.
            if let end = afterScheme.firstIndex(where: { $0 == Byte.slash || $0 == Byte.question }) {
                rest = afterScheme[end] == Byte.slash ? afterScheme[end...] : ArraySlice([Byte.slash] + afterScheme[end...])
            } else {
                rest = [Byte.slash]
            }
        }
        guard rest.first == Byte.slash else {
            throw HTTPParseError(.badRequest, "request target must start with '/'")
        }
        if let hash = rest.firstIndex(of: Byte.hash) { rest = rest[..<hash] }
        let pathPart: ArraySlice<UInt8>
        let queryPart: ArraySlice<UInt8>?
        if let mark = rest.firstIndex(of: Byte.question) {
            pathPart = rest[..<mark]
            queryPart = rest[(mark + 1)...]
        } else {
            pathPart = rest
            queryPart = nil
        }
        path = String(decoding: pathPart, as: UTF8.self)
        // Empty segments ("//", a trailing "/") carry no meaning for our routes.
        var segments: [String] = []
        for segment in pathPart.split(separator: Byte.slash) {
            segments.append(try PercentDecoding.decode(segment, plusIsSpace: false))
        }
        self.segments = segments
        var pairs: [(name: String, value: String)] = []
        for item in queryPart?.split(separator: Byte.ampersand) ?? [] {
            let parts = item.split(separator: Byte.equals, maxSplits: 1, omittingEmptySubsequences: false)
            let name = try PercentDecoding.decode(parts[0], plusIsSpace: true)
            let value = parts.count > 1 ? try PercentDecoding.decode(parts[1], plusIsSpace: true) : ""
            pairs.append((name, value))
        }
        query = pairs
    }

    private enum Byte {
        static let slash = UInt8(ascii: "/")
        static let question = UInt8(ascii: "?")
        static let hash = UInt8(ascii: "#")
        static let asterisk = UInt8(ascii: "*")
        static let ampersand = UInt8(ascii: "&")
        static let equals = UInt8(ascii: "=")
        static let colon = UInt8(ascii: ":")
    }
}

extension RequestTarget {
    /// What follows `scheme://` when the target starts with a scheme (RFC 3986 §3.1:
    /// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )); nil for anything else.
    static func afterScheme(_ target: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let colon = target.firstIndex(of: Byte.colon) else { return nil }
        let scheme = target[..<colon]
        guard let first = scheme.first, isLetter(first),
              scheme.allSatisfy({ isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                  || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
              target[colon...].starts(with: "://".utf8) else {
            return nil
        }
        return target[(colon + 3)...]
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}

enum PercentDecoding {
    /// Decodes `%XX` escapes; the result must be valid UTF-8.
    static func decode(_ utf8: ArraySlice<UInt8>, plusIsSpace: Bool) throws(HTTPParseError) -> String {
        guard utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && utf8.contains(UInt8(ascii: "+"))) else {
            // The target was a String: its bytes are valid UTF-8 already.
            return String(decoding: utf8, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.endIndex, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) else {
                    throw HTTPParseError(.badRequest, "malformed percent-encoding in request target")
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw HTTPParseError(.badRequest, "request target is not valid UTF-8 once decoded")
        }
        return decoded
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
