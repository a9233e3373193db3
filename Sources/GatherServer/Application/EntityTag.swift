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
        guard let header = request.headers[HTTPHeaders.Name.ifNoneMatch] else { return false }
        for candidate in header.split(separator: ",") {
            var tag = candidate.trimmingWhitespace()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == value[...] { return true }
        }
        return false
    }

    /// Whether a change may go ahead: no `If-Match` (an old client, or one that does not care), `*`,
    /// or this tag among those listed, compared strongly (§13.1.1: a weak tag never matches).
    func allowsChange(by request: HTTPRequest) -> Bool {
        // An empty field names no version at all: read as absent (RFC 9110 §5.3 lets a recipient
        // ignore a field with no value), not as a version nothing can match.
        guard let header = request.headers[HTTPHeaders.Name.ifMatch], !header.trimmingWhitespace().isEmpty else { return true }
        return header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingWhitespace()
            return tag == "*" || tag == value[...]
        }
    }
}
