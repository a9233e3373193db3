import GatherServer
import HTTP
import Networking
import XCTest

/// A request without an `Authorization` header may carry a small body only, and must send it
/// quickly; one with the header keeps the ordinary limit and time. Over real sockets against the
/// real application, whose error shape the refusals take.
final class AnonymousBodyTests: XCTestCase {
    private var server: TestServer?

    override func tearDown() {
        server?.stop()
    }

    private func start(_ configure: @escaping (inout ServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        let started = try TestServer(configure: configure)
        server = started
        return started
    }

    private func send(_ text: String, on connection: HTTPClientConnection) throws {
        try connection.write(Array(text.utf8), timeout: .seconds(5))
    }

    func testA5000ByteBodyIs413AtOnceWithoutCredentialsAndServedWithThem() throws {
        // A body timeout far beyond the read below: a 408 cannot stand in for the 413.
        let server = try start { $0.http.anonymousBodyReadTimeout = .seconds(60) }
        let connection = try server.connect()
        // No body follows: the answer comes from the head alone.
        try send("POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n", on: connection)
        connection.expectResponse(to: .post)
        let response = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(try response.errorReason(), "body exceeds 4096 bytes")
        XCTAssertEqual(response.headers["Connection"], "close")

        // The same size with a token: a valid player padded with whitespace to 5000 bytes.
        let (client, _) = try server.registeredClient()
        let token = try XCTUnwrap(client.token)
        let json = #"{"name":"Padded"}"#
        let body = json + String(repeating: " ", count: 5000 - json.utf8.count)
        let authenticated = try server.connect().send(method: .post, target: "/api/players",
                                                      headers: ["Host": "x", "Authorization": "Bearer \(token)",
                                                                "Content-Type": "application/json"],
                                                      body: Array(body.utf8), timeout: .seconds(5))
        XCTAssertEqual(authenticated.status, 201, authenticated.text)
    }

    func testAnAnonymousChunkedBodyIs413OnceItPassesTheLimit() throws {
        let server = try start()
        let connection = try server.connect()
        try send("POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", on: connection)
        try send("1000\r\n" + String(repeating: " ", count: 4096) + "\r\n", on: connection)
        // One more byte passes the 4096: refused as its chunk's size arrives.
        try send("1\r\n", on: connection)
        connection.expectResponse(to: .post)
        let response = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(try response.errorReason(), "body exceeds 4096 bytes")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
    }

    func testAnAnonymousBodyMustArriveWithinTheShortTimeout() throws {
        let server = try start { $0.http.anonymousBodyReadTimeout = .milliseconds(200) }
        let (client, _) = try server.registeredClient()
        let token = try XCTUnwrap(client.token)
        let body = #"{"name":"Slow"}"#
        let authenticated = try server.connect()
        try send("POST /api/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
                 + "Content-Length: \(body.utf8.count)\r\n\r\n{", on: authenticated)
        let anonymous = try server.connect()
        try send("POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{", on: anonymous)

        anonymous.expectResponse(to: .post)
        let timedOut = try anonymous.readResponse(timeout: .seconds(5))
        XCTAssertEqual(timedOut.status, 408)
        XCTAssertEqual(try timedOut.errorReason(), "request not received in time")
        XCTAssertTrue(try anonymous.waitForClose(timeout: .seconds(5)))

        // Begun before the anonymous one, the authenticated body is older than 200 ms by now, and
        // keeps the ordinary 30 s: still waiting, and answered once it is complete.
        XCTAssertFalse(try authenticated.waitForClose(timeout: .zero))
        try send(String(body.dropFirst()), on: authenticated)
        authenticated.expectResponse(to: .post)
        XCTAssertEqual(try authenticated.readResponse(timeout: .seconds(5)).status, 201)
    }
}
