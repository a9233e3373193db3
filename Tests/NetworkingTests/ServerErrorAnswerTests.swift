import HTTP
import Locking
import Networking
import TestSupport
import XCTest

/// What the server answers by itself, never asking the responder: a request it cannot read (400),
/// one over a limit of `HTTPServerConfiguration.limits` (413, 414, 431), an unsupported version
/// (505). Each in the shape of the server's `errorResponse`, each closing the connection after a
/// lingering close, so the peer reads the answer even while it is still sending.
final class ServerErrorAnswerTests: StubServerTestCase {
    /// An application's own error shape, to tell it from the default plain text.
    private static let jsonError: ErrorResponder = { status, reason in
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array("{\"reason\":\"\(reason)\"}".utf8))
    }

    /// Sends `text` on a new connection and returns the answer, checking it closes the connection.
    private func answer(to text: String, method: HTTPMethod = .get, file: StaticString = #filePath,
                        line: UInt = #line) throws -> ReceivedResponse {
        let connection = try connect()
        try write(text, on: connection)
        let response = try readResponse(on: connection, to: method)
        XCTAssertEqual(response.headers["Connection"], "close", file: file, line: line)
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)), "still open after its error", file: file, line: line)
        return response
    }

    func testMalformedRequestsAreAnswered400InTheServersShapeAndClosed() throws {
        try startServer(errorResponse: ServerErrorAnswerTests.jsonError)
        let malformed = [
            ("\u{01}\u{02}\u{03}\r\n\r\n", "not an HTTP request (is this a TLS connection to a plain HTTP port?)"),
            ("GET /x HTTP/1.1 extra\r\nHost: x\r\n\r\n", "malformed request line"),
            ("GET /x HTTP/1.1\r\n\r\n", "missing Host header"),
            ("GET /x HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", "malformed header field name"),
            ("GET /x HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", "obsolete line folding is not accepted"),
            ("GET x HTTP/1.1\r\nHost: x\r\n\r\n", "request target must start with '/'"),
            ("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", "conflicting Content-Length values"),
            ("POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "malformed chunk size"),
        ]
        for (request, reason) in malformed {
            let response = try answer(to: request)
            XCTAssertEqual(response.status, 400, request.debugDescription)
            XCTAssertEqual(response.headers["Content-Type"], "application/json", request.debugDescription)
            XCTAssertEqual(response.text, "{\"reason\":\"\(reason)\"}", request.debugDescription)
        }
        XCTAssertEqual(responder.requests, [], "the responder never sees what could not be read")
        XCTAssertEqual(try get("/fine", on: try connect()).text, "/fine", "the server goes on")
    }

    func testAHeadOverTheHeaderLimitIsAnswered431WithoutWaitingForItsEnd() throws {
        try startServer(errorResponse: ServerErrorAnswerTests.jsonError) {
            $0.limits.maxHeaderBytes = 1024
            $0.headerReadTimeout = .seconds(30)
        }
        // The head never ends: the answer must come from the limit, not from a timeout.
        let response = try answer(to: "GET /x HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 2048))
        XCTAssertEqual(response.status, 431)
        XCTAssertEqual(response.text, "{\"reason\":\"header section exceeds 1024 bytes\"}")

        let fields = (0..<5).map { "X-F\($0): v\r\n" }.joined()
        try startServer { $0.limits.maxHeaderCount = 5 }
        XCTAssertEqual(try answer(to: "GET /x HTTP/1.1\r\nHost: x\r\n\(fields)\r\n").status, 431, "six fields, five allowed")
        XCTAssertEqual(responder.requests, [])
    }

    func testARequestLineOverItsLimitIsAnswered414() throws {
        try startServer { $0.limits.maxRequestLineBytes = 256 }
        let response = try answer(to: "GET /" + String(repeating: "a", count: 300) + " HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(response.status, 414)
        XCTAssertEqual(response.text, "request line exceeds 256 bytes\n")
    }

    /// Refused from `Content-Length` alone, before any of the body is sent or read.
    func testABodyOverTheLimitIsAnswered413FromItsLengthAlone() throws {
        try startServer { $0.limits.maxBodyBytes = 1024 }
        let response = try answer(to: "POST /count/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 1025\r\n\r\n",
                                  method: .post)
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.text, "body exceeds 1024 bytes\n")
        let atTheLimit = try connect()
        try write("POST /count/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 1024\r\n\r\n"
                  + String(repeating: "a", count: 1024), on: atTheLimit)
        XCTAssertEqual(try readResponse(on: atTheLimit, to: .post).text, "1024")
    }

    func testAChunkedBodyOverTheLimitIsAnswered413AsItArrives() throws {
        try startServer { $0.limits.maxBodyBytes = 1024 }
        let chunk = "200\r\n" + String(repeating: "c", count: 512) + "\r\n"
        // Two chunks fill the limit, the third passes it; the last chunk never comes.
        let response = try answer(to: "POST /count/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nTransfer-Encoding: chunked\r\n\r\n"
                                  + chunk + chunk + chunk, method: .post)
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.text, "body exceeds 1024 bytes\n")
        XCTAssertEqual(responder.requests, [])
    }

    /// The configuration's default limits: 4 KiB for the body of a request without credentials,
    /// the full 1 MiB with them.
    func testTheDefaultLimitsKeepAnonymousBodiesSmall() throws {
        try startServer()
        let body = String(repeating: "a", count: 5000)
        let anonymous = try answer(to: "POST /count/x HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n\(body)", method: .post)
        XCTAssertEqual(anonymous.status, 413)
        XCTAssertEqual(anonymous.text, "body exceeds 4096 bytes\n")
        let credited = try connect()
        try write("POST /count/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 5000\r\n\r\n\(body)", on: credited)
        XCTAssertEqual(try readResponse(on: credited, to: .post).text, "5000")
    }

    func testExpectContinueIsAnswered100BeforeTheBodyOr413InsteadOfIt() throws {
        try startServer { $0.limits.maxBodyBytes = 1024 }
        let allowed = try connect()
        try write("POST /count/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n", on: allowed)
        allowed.expectResponse(to: .post)
        XCTAssertEqual(try allowed.waitForInterimResponse(timeout: .seconds(5)), 100)
        try write("0123456789", on: allowed)
        XCTAssertEqual(try allowed.readResponse(timeout: .seconds(5)).text, "10")

        let tooLarge = try connect()
        try write("POST /count/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 2048\r\nExpect: 100-continue\r\n\r\n", on: tooLarge)
        tooLarge.expectResponse(to: .post)
        XCTAssertThrowsError(try tooLarge.waitForInterimResponse(timeout: .seconds(5))) { error in
            XCTAssertEqual(error as? HTTPClientError, .finalResponseInsteadOfContinue)
        }
        XCTAssertEqual(try tooLarge.readResponse(timeout: .seconds(5)).status, 413)
    }

    func testAnUnsupportedVersionIsAnswered505() throws {
        try startServer()
        let response = try answer(to: "GET /x HTTP/2.0\r\nHost: x\r\n\r\n")
        XCTAssertEqual(response.status, 505)
        XCTAssertEqual(response.text, "only HTTP/1.0 and HTTP/1.1 are supported\n")
    }

    /// Closing at once with the peer's bytes unread would reset the connection, and the reset can
    /// destroy the answer before the peer reads it. Lingering, the server reads and drops the rest.
    func testAPeerStillSendingWhenRefusedReadsTheWholeAnswer() throws {
        try startServer { $0.limits.maxBodyBytes = 1024 }
        let connection = try connect()
        // Refused from its length; 1 MiB of the body keeps coming, unread when the answer goes out.
        try write("POST /count/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 4194304\r\n\r\n", on: connection)
        let chunk = [UInt8](repeating: UInt8(ascii: "d"), count: 64 * 1024)
        for _ in 0..<16 {
            try connection.write(chunk, timeout: .seconds(5))
        }
        let response = try readResponse(on: connection, to: .post)
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.text, "body exceeds 1024 bytes\n")
    }

    /// One line per answer, the server's own included (`-` for what it could not read), without
    /// the query string, which may carry secrets.
    func testEveryAnswerHasOneAccessLogLine() throws {
        let entries = Locked<[AccessLogEntry]>([])
        try startServer(accessLogger: { entry in entries.withLock { $0.append(entry) } })
        let connection = try connect()
        XCTAssertEqual(try get("/worker/a?token=secret", on: connection).status, 200)
        XCTAssertEqual(try get("/later/b", on: connection).status, 200)
        try write("GET /c HTTP/1.1\r\n\r\n", on: connection)
        XCTAssertEqual(try readResponse(on: connection).status, 400)
        XCTAssertTrue(waitUntil { entries.withLock { $0.count } == 3 })
        let logged = entries.withLock { $0 }
        XCTAssertEqual(logged.map(\.method), ["GET", "GET", "-"])
        XCTAssertEqual(logged.map(\.path), ["/worker/a", "/later/b", "-"])
        XCTAssertEqual(logged.map(\.status), [200, 200, 400])
        XCTAssertEqual(logged.map(\.client), ["127.0.0.1", "127.0.0.1", "127.0.0.1"])
        XCTAssertEqual(Set(logged.map(\.requestID)).count, 3, "each has its own id")
    }
}
