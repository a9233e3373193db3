import HTTP
import Networking
import TestSupport
import XCTest

/// The clocks of `HTTPServerConfiguration` enforced over real sockets, each set short: an idle
/// keep-alive connection is closed, a request arriving too slowly is answered 408 and closed, a
/// peer that reads nothing is cut off, a closing connection lingers only so long; and no clock
/// runs while the responder works.
final class ServerDeadlineTests: StubServerTestCase {
    /// Whether nothing at all arrives on `connection` before it closes.
    private func closesSilently(_ connection: HTTPClientConnection) throws -> Bool {
        guard try connection.waitForClose(timeout: .seconds(5)) else { return false }
        do {
            _ = try connection.readResponse(timeout: .seconds(1))
            return false
        } catch HTTPClientError.connectionClosed {
            return true
        }
    }

    func testAnIdleKeepAliveConnectionIsClosedAfterItsTimeout() throws {
        // Long enough for the request to arrive on a slow (sanitized) run: the clock also runs
        // between the accept and the first request.
        try startServer { $0.idleTimeout = .milliseconds(500) }
        let connection = try connect()
        // The idle clock starts when the answer goes out, which is after this.
        let asked = MonotonicClock.now()
        XCTAssertEqual(try get("/hello", on: connection).status, 200)
        XCTAssertTrue(try closesSilently(connection), "closed without a word: the client asks again on a new connection")
        XCTAssertGreaterThanOrEqual(seconds(since: asked), 0.5)
        waitForConnectionCount(0)
    }

    /// Nothing sent is no request begun: the idle clock, not the header clock, and no 408.
    func testAConnectionThatNeverSendsAnythingIsClosedAtTheIdleTimeoutWithoutAnAnswer() throws {
        try startServer {
            $0.idleTimeout = .milliseconds(200)
            $0.headerReadTimeout = .seconds(30)
        }
        let opened = MonotonicClock.now()
        let connection = try connect()
        XCTAssertTrue(try closesSilently(connection))
        XCTAssertGreaterThanOrEqual(seconds(since: opened), 0.2)
        XCTAssertLessThan(seconds(since: opened), 5, "the header clock (30 s) did not apply")
    }

    /// Slowloris: a head sent a line at a time keeps bytes moving, but the header clock runs from
    /// its first byte, not from the last.
    func testAHeadThatKeepsTricklingInIsAnswered408AtTheHeaderTimeoutAndClosed() throws {
        try startServer {
            $0.headerReadTimeout = .milliseconds(300)
            $0.idleTimeout = .seconds(30)
        }
        let connection = try connect()
        let started = MonotonicClock.now()
        try write("GET /slow HTTP/1.1\r\nHost: x\r\n", on: connection)
        connection.expectResponse(to: .get)
        var answer: ReceivedResponse?
        var line = 0
        while answer == nil && seconds(since: started) < 5 {
            line += 1
            try write("X-Line-\(line): still coming\r\n", on: connection)
            do {
                answer = try connection.readResponse(timeout: .milliseconds(50))
            } catch HTTPClientError.timedOut {
                continue
            }
        }
        let response = try XCTUnwrap(answer, "no answer to a head that never ends")
        XCTAssertGreaterThanOrEqual(seconds(since: started), 0.3)
        XCTAssertGreaterThanOrEqual(line, 2, "bytes kept arriving past the first")
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(response.text, "request not received in time\n")
        XCTAssertEqual(response.headers["Connection"], "close")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
        XCTAssertEqual(responder.requests, [])
    }

    func testABodyThatStallsIsAnswered408AtTheBodyTimeoutAndClosed() throws {
        try startServer {
            $0.bodyReadTimeout = .milliseconds(300)
            $0.headerReadTimeout = .seconds(30)
        }
        let connection = try connect()
        let started = MonotonicClock.now()
        // With credentials: the body clock, not the anonymous one.
        try write("POST /count/stalled HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 100\r\n\r\n0123456789", on: connection)
        let response = try readResponse(on: connection, to: .post)
        XCTAssertGreaterThanOrEqual(seconds(since: started), 0.3)
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(response.headers["Connection"], "close")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
        XCTAssertEqual(responder.requests, [])
    }

    /// A body without an `Authorization` header has the shorter clock; one with it has the
    /// longer, and can still finish after the shorter has run out.
    func testAnAnonymousBodyRunsOnTheShorterClock() throws {
        try startServer {
            $0.anonymousBodyReadTimeout = .milliseconds(200)
            $0.bodyReadTimeout = .seconds(30)
        }
        let anonymous = try connect()
        try write("POST /count/anonymous HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\n0123456789", on: anonymous)
        XCTAssertEqual(try readResponse(on: anonymous, to: .post).status, 408)

        let credited = try connect()
        try write("POST /count/credited HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 20\r\n\r\n0123456789", on: credited)
        credited.expectResponse(to: .post)
        XCTAssertThrowsError(try credited.readResponse(timeout: .milliseconds(600)), "answered before its body came") { error in
            XCTAssertEqual(error as? HTTPClientError, .timedOut)
        }
        try write("0123456789", on: credited)
        let response = try credited.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "20")
    }

    /// While the responder works, every clock stops, however short: the request is answered.
    func testNoClockRunsWhileTheResponderTakesItsTime() throws {
        try startServer {
            $0.headerReadTimeout = .milliseconds(100)
            $0.bodyReadTimeout = .milliseconds(100)
            $0.anonymousBodyReadTimeout = .milliseconds(100)
            // The idle clock also runs from the accept to the request: not so short that a slow
            // run loses the connection before it asks.
            $0.idleTimeout = .milliseconds(300)
            $0.writeTimeout = .milliseconds(100)
        }
        let connection = try connect()
        try write("GET /park/slow HTTP/1.1\r\nHost: x\r\n\r\n", on: connection)
        XCTAssertTrue(waitUntil { self.responder.parkedCount == 1 })
        XCTAssertFalse(try connection.waitForClose(timeout: .milliseconds(600)), "closed while its request was being answered")
        responder.sendParked()
        let response = try readResponse(on: connection)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "parked")
        // Answered, the connection is idle again, and its clock runs.
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
    }

    /// A peer that left while its request was with the responder: its answer goes nowhere, and
    /// its connection is released then rather than held for ever.
    func testAConnectionWhosePeerLeftDuringItsRequestIsReleasedOnceAnswered() throws {
        try startServer()
        let connection = try connect()
        try write("GET /park/gone HTTP/1.1\r\nHost: x\r\n\r\n", on: connection)
        XCTAssertTrue(waitUntil { self.responder.parkedCount == 1 })
        connection.close()
        responder.sendParked()
        waitForConnectionCount(0)
    }

    func testAPeerThatNeverReadsItsResponseIsClosedAtTheWriteTimeout() throws {
        try startServer {
            $0.eventLoopCount = 1
            $0.writeTimeout = .milliseconds(200)
        }
        let reader = try connect(receiveBufferSize: 4096)
        let started = MonotonicClock.now()
        // 8 MiB, more than the socket buffers hold: the rest waits for a reader that never comes.
        try write("GET /bytes/\(8 * 1024 * 1024) HTTP/1.1\r\nHost: x\r\n\r\n", on: reader)
        XCTAssertTrue(waitUntil { self.responder.requests.count == 1 })
        waitForConnectionCount(0)
        XCTAssertGreaterThanOrEqual(seconds(since: started), 0.2)
        let other = try connect()
        XCTAssertEqual(try get("/after", on: other).text, "/after")
    }

    /// After its last answer a connection reads and drops what the peer still sends, so the peer
    /// is not reset before it reads the answer; but only until the linger timeout, however much
    /// keeps coming.
    func testALingeringCloseEndsAtTheLingerTimeoutEvenIfThePeerKeepsSending() throws {
        try startServer { $0.lingerTimeout = .milliseconds(300) }
        let connection = try connect()
        let started = MonotonicClock.now()
        try write("GET /close HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", on: connection)
        let response = try readResponse(on: connection)
        XCTAssertEqual(response.headers["Connection"], "close")
        let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 1024)
        XCTAssertTrue(waitUntil {
            // Written until the server has closed and the peer's writes fail.
            try? connection.write(chunk, timeout: .seconds(1))
            return server.connectionCount == 0
        }, "still lingering")
        XCTAssertGreaterThanOrEqual(seconds(since: started), 0.3)
    }
}
