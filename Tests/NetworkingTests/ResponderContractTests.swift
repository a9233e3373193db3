import Dispatch
import HTTP
import Locking
import Networking
import TestSupport
import XCTest

/// The responder's one way in, and the one way back: each request is answered once, by its own
/// reply, wherever the response was made; a reply sent twice or dropped cannot leave a
/// connection answering the wrong request or waiting forever.
final class ResponderContractTests: XCTestCase {
    /// Answers by path: where and how a test asks for.
    private struct Responder: HTTPResponder {
        /// Replies kept by `/kept`, sent or dropped by the test.
        let kept: Locked<[HTTPReply]>

        func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
            switch request.path {
            case "/now":
                return .answered(text("now"))
            case "/later":
                // Sent from another thread once `start` has returned, as a group commit does.
                return .later { reply in DispatchQueue.global().async { reply.send(text("later")) } }
            case "/later-at-once":
                return .later { reply in reply.send(text("later at once")) }
            case "/twice":
                return .onWorker { reply in
                    reply.send(text("first"))
                    reply.send(text("second"))
                }
            case "/dropped":
                return .onWorker { _ in }
            case "/kept":
                return .later { [kept] reply in kept.withLock { $0.append(reply) } }
            default:
                return .onWorker { reply in reply.send(text("worker \(request.path)")) }
            }
        }

        private func text(_ body: String) -> HTTPResponse {
            HTTPResponse(status: .ok, body: Array(body.utf8))
        }
    }

    private let kept = Locked<[HTTPReply]>([])
    private var server: HTTPServer?

    override func tearDown() {
        kept.withLock { $0.removeAll() }
        server?.shutdown(gracePeriod: .seconds(1))
    }

    private func start(errorResponse: @escaping ErrorResponder = HTTPServer.plainTextError) throws -> Int {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = 1
        let server = try HTTPServer(configuration: configuration, responder: Responder(kept: kept), errorResponse: errorResponse)
        self.server = server
        return try server.start()
    }

    private func connect(_ port: Int) throws -> HTTPClientConnection {
        try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5))
    }

    func testEachDispositionAnswersItsRequestOnOneConnection() throws {
        let connection = try connect(try start())
        for (path, body) in [("/now", "now"), ("/later", "later"), ("/later-at-once", "later at once"), ("/w", "worker /w"), ("/now", "now")] {
            let response = try connection.send(method: .get, target: path, headers: ["Host": "x"], timeout: .seconds(5))
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.text, body, path)
        }
    }

    /// Pipelined behind a request whose reply is sent twice: the second send must not answer the
    /// request after it.
    func testASecondSendNeverAnswersTheNextRequest() throws {
        let connection = try connect(try start())
        let paths = ["/twice", "/later", "/twice", "/now", "/twice", "/w"]
        try connection.write(Array(paths.map { "GET \($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined().utf8), timeout: .seconds(5))
        var bodies: [String] = []
        for _ in paths {
            connection.expectResponse(to: .get)
            bodies.append(try connection.readResponse(timeout: .seconds(5)).text)
        }
        XCTAssertEqual(bodies, ["first", "later", "first", "now", "first", "worker /w"])
    }

    func testADroppedReplyAnswers500InTheServersShapeAndCloses() throws {
        let port = try start(errorResponse: { status, reason in
            HTTPResponse(status: status, body: Array("{\"error\":true,\"reason\":\"\(reason)\"}".utf8))
        })
        let connection = try connect(port)
        let response = try connection.send(method: .get, target: "/dropped", headers: ["Host": "x"], timeout: .seconds(5))
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(response.text, "{\"error\":true,\"reason\":\"the request was dropped unanswered\"}")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)), "a connection whose request was dropped is closed")
        let next = try connect(port).send(method: .get, target: "/now", headers: ["Host": "x"], timeout: .seconds(5))
        XCTAssertEqual(next.text, "now", "the server goes on")
    }

    /// A reply kept past its request (the connection closed and its descriptor reused) reaches
    /// nobody: not the new connection on the same descriptor.
    func testAReplyForAClosedConnectionReachesNoOtherConnection() throws {
        let port = try start()
        let first = try RawConnection(port: port)
        first.send("GET /kept HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(waitUntil(timeout: 5) { kept.withLock { $0.count } == 1 }, "the responder took the request")
        // Reset, so the server closes its side at once (a FIN alone waits for the reply), and its
        // descriptor number is free for the next connection.
        first.reset()
        XCTAssertTrue(waitUntil(timeout: 5) { server?.connectionCount == 0 }, "the server closed the first connection")
        let second = try connect(port)
        try second.write(Array("GET /kept HTTP/1.1\r\nHost: x\r\n\r\n".utf8), timeout: .seconds(5))
        XCTAssertTrue(waitUntil(timeout: 5) { kept.withLock { $0.count } == 2 })
        let replies = kept.withLock { $0 }
        replies[0].send(HTTPResponse(status: .ok, body: Array("for the first".utf8)))
        replies[1].send(HTTPResponse(status: .ok, body: Array("for the second".utf8)))
        second.expectResponse(to: .get)
        XCTAssertEqual(try second.readResponse(timeout: .seconds(5)).text, "for the second")
    }

    func testErrorsTheServerAnswersByItselfHaveTheServersShape() throws {
        let port = try start(errorResponse: { status, reason in
            HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array("{\"reason\":\"\(reason)\"}".utf8))
        })
        let connection = try connect(port)
        try connection.write(Array("GET /x HTTP/1.1\r\n\r\n".utf8), timeout: .seconds(5))
        connection.expectResponse(to: .get)
        let response = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.headers["Content-Type"], "application/json")
        XCTAssertEqual(response.text, "{\"reason\":\"missing Host header\"}")
    }

    func testAReplyAnswersOnceEvenWhenSentFromManyThreads() {
        let deliveries = Locked<[HTTPResponse?]>([])
        do {
            let reply = HTTPReply { response in deliveries.withLock { $0.append(response) } }
            DispatchQueue.concurrentPerform(iterations: 16) { index in
                reply.send(HTTPResponse(status: .ok, body: [UInt8(index)]))
            }
        }
        XCTAssertEqual(deliveries.withLock { $0.count }, 1)
        XCTAssertNotNil(deliveries.withLock { $0.first } ?? nil, "the one delivery is a response, not the drop")
    }

    func testADroppedReplyDeliversNothingButItsDrop() {
        let deliveries = Locked<[HTTPResponse?]>([])
        do {
            _ = HTTPReply { response in deliveries.withLock { $0.append(response) } }
        }
        XCTAssertEqual(deliveries.withLock { $0.count }, 1)
        XCTAssertNil(deliveries.withLock { $0.first } ?? nil)
    }
}
