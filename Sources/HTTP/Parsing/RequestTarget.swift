/// The request target split into path segments and query, percent-decoded (RFC 9112 §3.2, RFC 3986 §2.1).
struct RequestTarget {
    let path: String
    let segments: [String]
    let query: [(name: String, value: String)]

    init(_ target: String) throws(HTTPParseError) {
        var rest = Substring(target)
        if rest == "*" {
            path = "*"; segments = []; query = []
            return
        }
        // absolute-form ("http://host/path"): keep what follows the authority.
        if rest.first != "/", let afterScheme = RequestTarget.afterScheme(rest) {
            // The authority ends at the path or, when the path is empty, at the query.
            if let end = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                rest = afterScheme[end] == "/" ? afterScheme[end...] : Substring("/" + afterScheme[end...])
            } else {
                rest = "/"
            }
        }
        guard rest.first == "/" else {
            throw HTTPParseError(.badRequest, "request target must start with '/'")
        }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = rest.firstIndex(of: "?") {
            pathPart = rest[..<mark]
            queryPart = rest[rest.index(after: mark)...]
        } else {
            pathPart = rest
            queryPart = nil
        }
        path = String(pathPart)
        // Empty segments ("//", a trailing "/") carry no meaning for our routes.
        segments = try pathPart.split(separator: "/").map { segment throws(HTTPParseError) in
            try PercentDecoding.decode(segment, plusIsSpace: false)
        }
        var pairs: [(name: String, value: String)] = []
        for item in queryPart?.split(separator: "&") ?? [] {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try PercentDecoding.decode(parts[0], plusIsSpace: true)
            let value = parts.count > 1 ? try PercentDecoding.decode(parts[1], plusIsSpace: true) : ""
            pairs.append((name, value))
        }
        query = pairs
    }
}

extension RequestTarget {
    /// What follows `scheme://` when the target starts with a scheme (RFC 3986 §3.1:
    /// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )); nil for anything else.
    static func afterScheme(_ target: Substring) -> Substring? {
        guard let colon = target.firstIndex(of: ":") else { return nil }
        let scheme = target[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }),
              target[colon...].hasPrefix("://") else {
            return nil
        }
        return target[target.index(colon, offsetBy: 3)...]
    }
}

enum PercentDecoding {
    /// Decodes `%XX` escapes; the result must be valid UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool) throws(HTTPParseError) -> String {
        let utf8 = Array(text.utf8)
        guard utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && utf8.contains(UInt8(ascii: "+"))) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) else {
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
