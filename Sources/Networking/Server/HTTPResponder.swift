import HTTP

/// Turns a request into a response. Called on a worker thread; may block (database, hashing).
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}

/// One line of the access log: what was asked, what was answered, how long it took.
public struct AccessLogEntry: Sendable {
    public let requestID: UInt64
    /// `-` when the request could not be parsed far enough to know.
    public let method: String
    /// The path without its query string, which may carry secrets.
    public let path: String
    public let status: Int
    /// From the complete request to the response being queued for writing.
    public let duration: Duration
    /// The peer's address, or the client a trusted proxy named (`X-Forwarded-For`, `X-Real-IP`).
    public let client: String
}

public typealias AccessLogger = @Sendable (AccessLogEntry) -> Void
