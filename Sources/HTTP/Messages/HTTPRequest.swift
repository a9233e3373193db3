/// A complete request as the parser delivers it.
package struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    /// The request target exactly as sent, e.g. `/api/players/3?x=1`.
    package var target: String
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var body: [UInt8]

    /// The percent-decoded path segments: `/api/players/3` → `["api", "players", "3"]`.
    package var pathSegments: [String]
    /// The path without the query, as sent (not decoded): what an access log shows.
    package var path: String
    /// Query parameters in order, decoded (`+` is a space).
    package var query: [(name: String, value: String)]
    /// Who sent it: the peer's address (or what a trusted proxy said); set by the server.
    package var client: String = "-"

    package init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) throws(HTTPParseError) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        let parsed = try RequestTarget(target)
        self.path = parsed.path
        self.pathSegments = parsed.segments
        self.query = parsed.query
    }

    /// Whether the connection stays open after the response (RFC 9112 §9.3).
    package var keepAlive: Bool {
        if headers.containsToken("close", in: HTTPHeaders.Name.connection) { return false }
        if version == .http1_0 { return headers.containsToken("keep-alive", in: HTTPHeaders.Name.connection) }
        return true
    }
}

package struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    package let major: Int
    package let minor: Int

    package static let http1_0 = HTTPVersion(major: 1, minor: 0)
    package static let http1_1 = HTTPVersion(major: 1, minor: 1)

    package var description: String { "HTTP/\(major).\(minor)" }
}
