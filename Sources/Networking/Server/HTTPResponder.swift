import HTTP

/// Which of the server's event loops a call runs on: the same number is always the same thread,
/// so a responder can keep there what that thread alone may use (a database connection) without
/// ever waiting for it.
package struct EventLoopSlot: Sendable, Hashable {
    /// From 0 to the server's loop count, less one.
    package let index: Int
}

/// Turns a request into a response. Called on a worker thread; may block (database, hashing),
/// unless it says it answers a request on the event loop.
package protocol HTTPResponder: Sendable {
    /// Called on the event loop's own thread first. Returns false, having done nothing, for a
    /// request that must go to a worker; otherwise takes it and returns true, and then must not
    /// block (no lock held for long, no pool, no disk flush): it calls `completion` at once (a
    /// quick read) or hands the work on and calls it later from another thread (a write waiting
    /// for its group commit). Saves the hops to a worker and back. Default: false.
    func respondOnLoop(to request: HTTPRequest, on loop: EventLoopSlot, completion: @escaping @Sendable (HTTPResponse) -> Void) -> Bool

    /// The response, computed on the calling thread.
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// What the server calls, on one of its worker threads. `completion` must be called exactly
    /// once, from any thread: at once, or later from other work the responder started (so a slow
    /// kind of request can wait on a pool of its own instead of holding a worker).
    func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void)

    /// The answer to what never reached `respond`: a request the parser refused (400, 413, 414,
    /// 431…) or a connection over the server's cap (503). The application chooses its shape.
    func errorResponse(_ status: HTTPStatus, reason: String) -> HTTPResponse
}

extension HTTPResponder {
    package func respondOnLoop(to request: HTTPRequest, on loop: EventLoopSlot,
                              completion: @escaping @Sendable (HTTPResponse) -> Void) -> Bool { false }

    package func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        completion(respond(to: request))
    }

    /// Plain text: the reason on one line.
    package func errorResponse(_ status: HTTPStatus, reason: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeaders.Name.contentType: "text/plain; charset=utf-8"], body: Array((reason + "\n").utf8))
    }
}

/// One line of the access log: what was asked, what was answered, how long it took.
package struct AccessLogEntry: Sendable {
    package let requestID: UInt64
    /// `-` when the request could not be parsed far enough to know.
    package let method: String
    /// The path without its query string, which may carry secrets.
    package let path: String
    package let status: Int
    /// From the complete request to the response being queued for writing.
    package let duration: Duration
    /// The peer's address, or the client a trusted proxy named (the last `X-Forwarded-For` entry).
    package let client: String
}

package typealias AccessLogger = @Sendable (AccessLogEntry) -> Void
