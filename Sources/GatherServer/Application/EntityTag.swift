import HTTP

/// A representation's validator (RFC 9110 §8.8.3): a strong tag made from the digest of its bytes.
/// A share page's `If-None-Match` is tested against it, so a reload of a page that has not changed
/// costs a 304 and no body; a change's `If-Match`, so an edit made against an older version of a
/// player or gather is refused instead of overwriting someone else's (`ConditionalChange`).
struct EntityTag: Hashable, Sendable {
    let value: String

    /// Tells versions apart, nothing more: a 64-bit FNV-1a of the bytes (a few instructions a byte,
    /// where a SHA-256 through OpenSSL cost a player's read a third again). Whoever could make two
    /// versions collide may already write them.
    init(of body: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        value = "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// Whether the request already has this version: `If-None-Match` lists this tag (weakly
    /// compared, as §13.1.2 says), or is `*`.
    func isMatched(by request: HTTPRequest) -> Bool {
        switch EntityTag.listed(in: request, field: HTTPHeaders.Name.ifNoneMatch) {
        case .absent: return false
        case .any: return true
        case .tags(let tags): return tags.contains { ($0.hasPrefix("W/") ? $0.dropFirst(2) : $0) == value[...] }
        }
    }

    /// Whether a change may go ahead: no `If-Match` (an old client, or one that does not care), `*`,
    /// or this tag among those listed, compared strongly (§13.1.1: a weak tag never matches).
    func allowsChange(by request: HTTPRequest) -> Bool {
        switch EntityTag.listed(in: request, field: HTTPHeaders.Name.ifMatch) {
        case .absent, .any: return true
        case .tags(let tags): return tags.contains { $0 == value[...] }
        }
    }

    /// What a precondition field says.
    enum Listed: Equatable {
        /// No such field, or only empty ones: it names no version at all (RFC 9110 §5.3 lets a
        /// recipient ignore a field with no value), not a version nothing can match.
        case absent
        case any
        /// Each tag as written (`"…"` or `W/"…"`), in order.
        case tags([Substring])
    }

    /// The tags of every line of a precondition field (RFC 9110 §13.1.1–2, `"*" / #entity-tag`):
    /// the lines of one field are one list (§5.3), whether the tags are sent on one line or several;
    /// a comma inside a tag's quotes is part of the tag. Whatever is not a tag (a bare word, an
    /// unclosed quote) is kept as written, so it matches nothing.
    static func listed(in request: HTTPRequest, field: String) -> Listed {
        var tags: [Substring] = []
        var any = false
        for line in request.headers.fields where ASCIICaseless.equal(line.name.utf8, field.utf8) {
            let text = line.value[...]
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character == "," || character == " " || character == "\t" {
                    index = text.index(after: index)
                    continue
                }
                let start = index
                var quoted = false
                while index < text.endIndex {
                    let next = text[index]
                    if next == "\"" { quoted.toggle() } else if next == ",", !quoted { break }
                    index = text.index(after: index)
                }
                let element = text[start..<index].trimmingWhitespace()
                if element == "*" { any = true } else if !element.isEmpty { tags.append(element) }
            }
        }
        if any { return .any }
        return tags.isEmpty ? .absent : .tags(tags)
    }
}
