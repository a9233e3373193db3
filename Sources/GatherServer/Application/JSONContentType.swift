import HTTP

/// Whether a request's Content-Type names JSON: `application/json` in any case, before its
/// parameters.
enum JSONContentType {
    static func names(_ contentType: String) -> Bool {
        isPlain(contentType.utf8) || namesAsText(contentType)
    }

    /// The spellings clients send (`application/json`, `…; charset=utf-8`), read as bytes: a
    /// subset of what `namesAsText` takes, which splits and lowercases characters (about 7,000
    /// instructions a body). Only ASCII: after a `;` a combining mark would make one character
    /// of the two, which the text reading does not split at.
    static func isPlain(_ value: String.UTF8View) -> Bool {
        let name = "application/json".utf8
        guard value.allSatisfy({ $0 < 0x80 }), ASCIICaseless.equal(value.prefix(name.count), name) else { return false }
        // Then spaces or tabs, up to the end or the parameters.
        for byte in value.dropFirst(name.count) {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: ";"): return true
            default: return false
            }
        }
        return true
    }

    /// The media type before the first `;`, trimmed and lowercased as text.
    static func namesAsText(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first.map { String($0.trimmingWhitespace()) } ?? ""
        return mediaType.lowercased() == "application/json"
    }
}
