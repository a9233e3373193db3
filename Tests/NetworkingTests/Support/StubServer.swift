import Dispatch
import HTTP
import Locking
import Networking
import TestSupport
import XCTest

/// What the stub responder was asked: the target as sent, the loop that asked, the body's size.
struct StubRequest: Sendable, Equatable {
    let target: String
    let loop: Int
    let bodyBytes: Int
}

/// The responder the server's own tests run against. The first path segment says how to answer,
/// so a test chooses a disposition and a size by what it sends, over any client, in any order:
///
/// - `/later/…`: `.later`, sent from another thread once `start` has returned (as a group commit does)
/// - `/worker/…`: `.onWorker`
/// - `/park/…`: `.later`, kept until the test sends or drops it (`sendParked`, `dropParked`)
/// - `/hold/…`: `.answered`, but only once the test opens the gate (`releaseHeld`): it holds its loop's thread
/// - `/bytes/N`: `.answered` with a body of N bytes, byte i being `i % 251`
/// - `/count/…`: `.answered` with the size of the request's body
/// - `/stream/…`: `.answered` with a streamed body, written by the test through `streams`
/// - anything else: `.answered` with the target
///
/// Every answer the stub makes itself (all but parked and streamed ones) says which loop took its
/// request (`X-Loop`), and the responder keeps every request it was asked, in order (`requests`).
final class StubResponder: HTTPResponder {
    private let seen = Locked<[StubRequest]>([])
    private let parked = Locked<[HTTPReply]>([])
    private let gateOpen = Locked(false)
    /// The body of every `/stream` answer.
    let streams = StubStreams()

    func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
        seen.withLock { $0.append(StubRequest(target: request.target, loop: loop.index, bodyBytes: request.body.count)) }
        let answer = StubResponder.answer(request.target, loop: loop)
        switch request.pathSegments.first ?? "" {
        case "later":
            return .later { reply in DispatchQueue.global().async { reply.send(answer) } }
        case "worker":
            return .onWorker { $0.send(answer) }
        case "park":
            return .later { [parked] reply in parked.withLock { $0.append(reply) } }
        case "hold":
            // Bounded, so that a test that fails before releasing cannot hang the loop for ever.
            _ = waitUntil(timeout: 10) { gateOpen.withLock { $0 } }
            return .answered(answer)
        case "bytes":
            let count = Int(request.pathSegments.dropFirst().first ?? "") ?? 0
            return .answered(HTTPResponse(status: .ok, headers: ["X-Loop": String(loop.index)], body: StubResponder.pattern(count)))
        case "stream":
            return .answered(HTTPResponse(status: .ok, headers: [HTTPHeaders.Name.contentType: "text/event-stream"], stream: streams))
        case "count":
            return .answered(StubResponder.answer(String(request.body.count), loop: loop))
        default:
            return .answered(answer)
        }
    }

    static func answer(_ body: String, loop: EventLoopSlot) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["X-Loop": String(loop.index)], body: Array(body.utf8))
    }

    /// The body of `/bytes/N`: a pattern that shows a byte lost, repeated or out of place.
    static func pattern(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = UInt8(index % 251) }
            initialized = count
        }
    }

    /// Every request the responder was asked, in the order asked.
    var requests: [StubRequest] { seen.withLock { $0 } }
    var targets: [String] { requests.map(\.target) }
    var parkedCount: Int { parked.withLock { $0.count } }

    /// Sends the oldest parked reply (from this thread: the reply crosses to the loop by itself).
    func sendParked(_ response: HTTPResponse = HTTPResponse(status: .ok, body: Array("parked".utf8))) {
        let reply = parked.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        reply?.send(response)
    }

    /// Lets every parked reply go unsent.
    func dropParked() {
        parked.withLock { $0.removeAll() }
    }

    /// Lets every `/hold` request, present and future, answer.
    func releaseHeld() {
        gateOpen.withLock { $0 = true }
    }
}

/// The streamed body of `/stream` answers: keeps each connection's writer for the test to write
/// through, and counts the connections that have closed. No keep-alive bytes: what arrives is
/// only what the test wrote.
final class StubStreams: HTTPBodyStream {
    private let state = Locked<(writers: [any HTTPStreamWriter], closed: Int)>(([], 0))

    var keepAliveBytes: [UInt8] { [] }

    func opened(_ writer: any HTTPStreamWriter) {
        state.withLock { $0.writers.append(writer) }
    }

    func closed(_ writer: any HTTPStreamWriter) {
        state.withLock { $0.closed += 1 }
    }

    var writers: [any HTTPStreamWriter] { state.withLock { $0.writers } }
    var closedCount: Int { state.withLock { $0.closed } }
}

/// Starts an `HTTPServer` with a `StubResponder` on a free port of 127.0.0.1 and stops it after
/// each test; connects clients to it, from other loopback addresses when asked (127.0.0.2 and
/// 127.0.0.3 are loopback too, so one machine plays several clients).
class StubServerTestCase: XCTestCase {
    private(set) var server: HTTPServer!
    private(set) var responder: StubResponder!
    private(set) var port = 0

    override func tearDown() {
        responder?.releaseHeld()
        responder?.dropParked()
        server?.shutdown(gracePeriod: .seconds(1))
        super.tearDown()
    }

    /// The library's defaults, but for a free port, a few workers and what `configure` changes.
    /// A server this test started before is stopped first.
    @discardableResult
    func startServer(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
        try start(errorResponse: HTTPServer.plainTextError, accessLogger: nil, configure)
    }

    /// The same, answering the server's own errors in the shape `errorResponse` gives them.
    @discardableResult
    func startServer(errorResponse: @escaping ErrorResponder,
                     _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
        try start(errorResponse: errorResponse, accessLogger: nil, configure)
    }

    /// The same, with an access log.
    @discardableResult
    func startServer(accessLogger: @escaping AccessLogger) throws -> HTTPServer {
        try start(errorResponse: HTTPServer.plainTextError, accessLogger: accessLogger, { _ in })
    }

    private func start(errorResponse: @escaping ErrorResponder, accessLogger: AccessLogger?,
                       _ configure: (inout HTTPServerConfiguration) -> Void) throws -> HTTPServer {
        server?.shutdown(gracePeriod: .seconds(1))
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.workerCount = 2
        configure(&configuration)
        let responder = StubResponder()
        let server = try HTTPServer(configuration: configuration, responder: responder, errorResponse: errorResponse,
                                    accessLogger: accessLogger)
        port = try server.start()
        self.server = server
        self.responder = responder
        return server
    }

    func connect(from address: String = "127.0.0.1", receiveBufferSize: Int? = nil) throws -> HTTPClientConnection {
        try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5), receiveBufferSize: receiveBufferSize,
                                 localAddress: address)
    }

    /// One request and its response on `connection`.
    func get(_ target: String, on connection: HTTPClientConnection, headers: HTTPHeaders = ["Host": "x"]) throws -> ReceivedResponse {
        try connection.send(method: .get, target: target, headers: headers, timeout: .seconds(5))
    }

    /// Writes `text` as it is (several requests, half of one, garbage).
    func write(_ text: String, on connection: HTTPClientConnection) throws {
        try connection.write(Array(text.utf8), timeout: .seconds(5))
    }

    /// The next response on `connection`, to a request written with `write`.
    func readResponse(on connection: HTTPClientConnection, to method: HTTPMethod = .get) throws -> ReceivedResponse {
        connection.expectResponse(to: method)
        return try connection.readResponse(timeout: .seconds(5))
    }

    /// The loops have published `count` idle connections in all: a response reaches its client a
    /// moment before its loop files the connection as idle again.
    func waitForIdleConnections(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(waitUntil { server.idleConnectionsPerLoop.reduce(0, +) == count },
                      "idle per loop: \(server.idleConnectionsPerLoop)", file: file, line: line)
    }

    func waitForConnectionCount(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(waitUntil { server.connectionCount == count }, "open: \(server.connectionCount)", file: file, line: line)
    }

    /// Seconds since `start` on the monotonic clock.
    func seconds(since start: UInt64) -> Double {
        Double(MonotonicClock.now() - start) / 1e9
    }
}
