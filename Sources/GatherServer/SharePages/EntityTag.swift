import HTTP

/// A page's validator (RFC 9110 §8.8.3): a strong tag made from the digest of its bytes, and the
/// test of a request's `If-None-Match` against it, so a reload of a page that has not changed
/// costs a 304 and no body.
struct EntityTag: Hashable, Sendable {
    let value: String

    init(of body: [UInt8]) {
        value = "\"" + SHA256.hash(body).prefix(16).hexString + "\""
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
}
