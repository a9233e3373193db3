import Glibc
import HTTP
import Networking
import TestSupport
import XCTest

/// Requests sent one after another without waiting (HTTP/1.1 pipelining) are answered one at a
/// time and in order, however each is answered (on the loop, later from another thread, on a
/// worker), and the connection's end (an error, `Connection: close`) ends the pipeline there.
final class ServerPipeliningTests: StubServerTestCase {
    private func request(_ target: String, headers: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: x\r\n\(headers)\r\n"
    }

    private func readBodies(_ count: Int, on connection: HTTPClientConnection) throws -> [String] {
        try (0..<count).map { _ in try readResponse(on: connection).text }
    }

    func testRequestsPipelinedInOneWriteAreAnsweredInOrderWhateverTheirDisposition() throws {
        try startServer { $0.eventLoopCount = 1 }
        let connection = try connect()
        let kinds = ["now", "later", "worker", "now", "worker", "later", "later", "now"]
        let targets = (0..<3).flatMap { round in kinds.enumerated().map { "/\($1)/\(round)-\($0)" } }
        try write(targets.map { request($0) }.joined(), on: connection)
        XCTAssertEqual(try readBodies(targets.count, on: connection), targets)
        XCTAssertEqual(responder.targets, targets, "the responder is asked in the order sent")
    }

    /// Only one request of a connection is with the responder at a time: the next waits in the
    /// socket until the one before is answered, so the answers cannot overtake each other.
    func testTheNextPipelinedRequestWaitsUntilTheOneBeforeIsAnswered() throws {
        try startServer { $0.eventLoopCount = 1 }
        let connection = try connect()
        try write(request("/park/1") + request("/now/2") + request("/worker/3"), on: connection)
        XCTAssertTrue(waitUntil { self.responder.parkedCount == 1 })
        XCTAssertFalse(waitUntil(timeout: 0.3) { self.responder.requests.count > 1 },
                       "asked before the parked request was answered: \(responder.targets)")
        responder.sendParked(HTTPResponse(status: .created, body: Array("parked".utf8)))
        let first = try readResponse(on: connection)
        XCTAssertEqual(first.status, 201)
        XCTAssertEqual(first.text, "parked")
        XCTAssertEqual(try readBodies(2, on: connection), ["/now/2", "/worker/3"])
        XCTAssertEqual(responder.targets, ["/park/1", "/now/2", "/worker/3"])
    }

    func testPipelinedRequestsWithBodiesAndAHeadRequestKeepTheirFraming() throws {
        try startServer { $0.eventLoopCount = 1 }
        let connection = try connect()
        try write("POST /count/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
                  + request("/a")
                  + "POST /count/2 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n"
                  + "HEAD /head HTTP/1.1\r\nHost: x\r\n\r\n"
                  + "POST /count/3 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"
                  + request("/b"), on: connection)
        XCTAssertEqual(try readResponse(on: connection, to: .post).text, "5")
        XCTAssertEqual(try readResponse(on: connection).text, "/a")
        XCTAssertEqual(try readResponse(on: connection, to: .post).text, "7")
        let head = try readResponse(on: connection, to: .head)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["Content-Length"], "5", "the length of the body a GET would get")
        XCTAssertEqual(head.body, [], "no body follows a HEAD answer")
        XCTAssertEqual(try readResponse(on: connection, to: .post).text, "0")
        XCTAssertEqual(try readResponse(on: connection).text, "/b")
        XCTAssertEqual(responder.requests.map(\.bodyBytes), [5, 0, 7, 0, 0, 0])
    }

    func testRequestsArrivingInSmallPiecesAreAnsweredInOrder() throws {
        try startServer { $0.eventLoopCount = 1 }
        let connection = try connect()
        let targets = ["/now/1", "/worker/2", "/later/3", "/now/4", "/worker/5"]
        let bytes = Array(targets.map { request($0) }.joined().utf8)
        // Seven bytes at a time: request lines, header fields and the blank line are cut anywhere.
        for start in stride(from: 0, to: bytes.count, by: 7) {
            try connection.write(Array(bytes[start..<min(start + 7, bytes.count)]), timeout: .seconds(5))
        }
        XCTAssertEqual(try readBodies(targets.count, on: connection), targets)
    }

    /// More than the loop reads at once (64 KiB): the rest is read as the answers go out.
    func testHundredsOfPipelinedRequestsBeyondOneReadAreAnsweredInOrder() throws {
        try startServer { $0.eventLoopCount = 1 }
        let connection = try connect()
        let kinds = ["now", "later", "worker", "now"]
        let targets = (0..<400).map { "/\(kinds[$0 % kinds.count])/\($0)" }
        // The padding makes the requests big and leaves the answers small, so that the answers
        // never fill the socket buffers while this thread is still writing.
        let padding = "X-Padding: " + String(repeating: "p", count: 200) + "\r\n"
        let text = targets.map { request($0, headers: padding) }.joined()
        XCTAssertGreaterThan(text.utf8.count, 64 * 1024)
        try write(text, on: connection)
        XCTAssertEqual(try readBodies(targets.count, on: connection), targets)
    }

    func testAMalformedRequestInThePipelineIsAnswered400AfterThoseBeforeItAndEndsTheConnection() throws {
        try startServer { $0.eventLoopCount = 1 }
        let connection = try connect()
        try write(request("/now/1") + request("/worker/2") + "GET /no-host HTTP/1.1\r\n\r\n" + request("/now/3"), on: connection)
        XCTAssertEqual(try readBodies(2, on: connection), ["/now/1", "/worker/2"])
        let refused = try readResponse(on: connection)
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.text, "missing Host header\n")
        XCTAssertEqual(refused.headers["Connection"], "close")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
        XCTAssertEqual(responder.targets, ["/now/1", "/worker/2"], "nothing after the malformed request is read")
    }

    func testConnectionCloseInThePipelineIsItsLastAnswer() throws {
        try startServer { $0.eventLoopCount = 1 }
        let connection = try connect()
        try write(request("/now/1") + request("/later/2", headers: "Connection: close\r\n") + request("/now/3"), on: connection)
        let first = try readResponse(on: connection)
        XCTAssertEqual(first.text, "/now/1")
        XCTAssertNotEqual(first.headers["Connection"], "close")
        let last = try readResponse(on: connection)
        XCTAssertEqual(last.text, "/later/2")
        XCTAssertEqual(last.headers["Connection"], "close")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
        XCTAssertEqual(responder.targets, ["/now/1", "/later/2"])
    }

    /// A client that sends its requests and then closes its sending side (as `nc -N` or a
    /// shell's `printf | nc` does) still gets every answer before the server closes.
    func testAClientThatHalfClosesAfterItsRequestsGetsEveryAnswer() throws {
        try startServer { $0.eventLoopCount = 1 }
        let targets = ["/now/1", "/worker/2", "/later/3"]
        let connection = try RawConnection(port: port)
        connection.send(targets.map { request($0) }.joined())
        shutdown(connection.descriptor, Int32(SHUT_WR))
        XCTAssertTrue(connection.waitForClose(), "still open after its peer finished sending: \(connection.text)")
        var parser = HTTPResponseParser()
        parser.append(connection.received)
        parser.finish()
        var bodies: [String] = []
        for _ in targets {
            parser.expectResponse(to: .get)
            if let response = try parser.nextResponse() { bodies.append(response.text) }
        }
        XCTAssertEqual(bodies, targets)
    }

    func testAnHTTP10ConnectionClosesAfterItsAnswerUnlessItAsksToBeKept() throws {
        try startServer { $0.eventLoopCount = 1 }
        let kept = try connect()
        for target in ["/now/1", "/worker/2"] {
            try write("GET \(target) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", on: kept)
            let response = try readResponse(on: kept)
            XCTAssertEqual(response.text, target)
            XCTAssertEqual(response.headers["Connection"], "keep-alive", "an HTTP/1.0 client waits for the close unless told")
        }
        let closed = try connect()
        try write("GET /later/3 HTTP/1.0\r\n\r\n", on: closed)
        let response = try readResponse(on: closed)
        XCTAssertEqual(response.text, "/later/3")
        XCTAssertEqual(response.headers["Connection"], "close")
        XCTAssertTrue(try closed.waitForClose(timeout: .seconds(5)))
    }
}
