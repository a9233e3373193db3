import HTTP
import Synchronization

/// Which of the server's event loops a call runs on: the same number is always the same thread,
/// so a responder can keep there what that thread alone may use (a database connection) without
/// ever waiting for it.
package struct EventLoopSlot: Sendable, Hashable {
    /// From 0 to the server's loop count, less one.
    package let index: Int

    package init(index: Int) {
        self.index = index
    }
}

/// Turns a request into a response: the server's one way in.
package protocol HTTPResponder: Sendable {
    /// Called on the event loop's own thread, which serves all of the loop's connections: the
    /// answer says where the response is made, and the connection waits for it there.
    func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition
}

/// Where a request is answered.
package enum Disposition: Sendable {
    /// Answered during the call: written at once, no other thread involved.
    case answered(HTTPResponse)
    /// Taken on the loop: `start` runs there, now, and must not block (no lock held for long, no
    /// pool, no disk flush). It hands the work on (a write to its group commit), and the reply is
    /// sent from wherever that work ends.
    case later(_ start: @Sendable (HTTPReply) -> Void)
    /// Work that may block (the database, a password hash): run on one of the server's workers.
    case onWorker(_ work: @Sendable (HTTPReply) -> Void)
}

/// The response owed to one request, sent from any thread to the connection that asked, on its
/// loop. The first `send` answers; a later one is ignored, so it can never answer the next request
/// on the same connection. A reply dropped unsent answers 500 and closes the connection, which
/// would otherwise wait for it forever.
package final class HTTPReply: Sendable {
    private let isSent = Atomic<Bool>(false)
    /// Nil: dropped unsent.
    private let deliver: @Sendable (HTTPResponse?) -> Void

    /// `deliver` gets the response, or nil once the reply is dropped unsent; at most once.
    package init(_ deliver: @escaping @Sendable (HTTPResponse?) -> Void) {
        self.deliver = deliver
    }

    package func send(_ response: HTTPResponse) {
        guard !isSent.exchange(true, ordering: .acquiringAndReleasing) else { return }
        deliver(response)
    }

    deinit {
        if !isSent.load(ordering: .acquiring) { deliver(nil) }
    }
}

/// The answer to what never reaches the responder: a request the parser refused (400, 413, 414,
/// 431…), a connection over the server's cap (503), or a reply dropped unsent (500). The
/// application chooses its shape.
package typealias ErrorResponder = @Sendable (_ status: HTTPStatus, _ reason: String) -> HTTPResponse

extension HTTPServer {
    /// Plain text: the reason on one line.
    package static let plainTextError: ErrorResponder = { status, reason in
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
    /// The route that answered, as the responder named it (`HTTPResponse.route`); nil for none.
    package var route: String?
    /// The account the request came from, when it was authenticated (its id).
    package var account: String?

    package init(requestID: UInt64, method: String, path: String, status: Int, duration: Duration, client: String, route: String? = nil,
                 account: String? = nil) {
        self.requestID = requestID
        self.method = method
        self.path = path
        self.status = status
        self.duration = duration
        self.client = client
        self.route = route
        self.account = account
    }
}

package typealias AccessLogger = @Sendable (AccessLogEntry) -> Void
