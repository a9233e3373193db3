import Dispatch
import HTTP
import Locking
import Networking
import TestSupport
import XCTest

/// `shutdown(gracePeriod:)`: stop accepting at once, close what is idle at once, let requests in
/// flight finish (their answer says `Connection: close`) for up to the grace period, then close
/// everything; true only if nothing was left to close.
final class ServerShutdownTests: StubServerTestCase {
    /// Whether shutdown finished gracefully, and how long it took; nil while it runs.
    private typealias Outcome = Locked<(graceful: Bool, seconds: Double)?>

    /// Shuts the server down on another thread, as a signal handler's thread would.
    private func shutdownInBackground(gracePeriod: Duration) -> Outcome {
        let outcome = Outcome(nil)
        let server = self.server!
        DispatchQueue.global().async {
            let started = MonotonicClock.now()
            let graceful = server.shutdown(gracePeriod: gracePeriod)
            outcome.withLock { $0 = (graceful, Double(MonotonicClock.now() - started) / 1e9) }
        }
        return outcome
    }

    /// Shutdown has begun once the listener is gone: a connection attempt is refused.
    private func waitUntilConnectionsAreRefused(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(waitUntil {
            do {
                _ = try connect()
                return false
            } catch {
                return error as? HTTPClientError == .connectionRefused
            }
        }, "still accepting", file: file, line: line)
    }

    func testShutdownClosesIdleConnectionsAtOnce() throws {
        try startServer { $0.eventLoopCount = 2 }
        let connections = try (0..<6).map { _ in try connect() }
        for connection in connections {
            XCTAssertEqual(try get("/hello", on: connection).status, 200)
        }
        waitForIdleConnections(6)
        let started = MonotonicClock.now()
        // Idle connections would otherwise be waited for until the grace period ends.
        XCTAssertTrue(server.shutdown(gracePeriod: .seconds(10)), "an idle connection was still open when the grace period ended")
        XCTAssertLessThan(seconds(since: started), 5)
        for connection in connections {
            XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
        }
        XCTAssertEqual(server.connectionCount, 0)
        XCTAssertEqual(server.connectionsPerLoop, [0, 0])
        XCTAssertNil(server.port)
        XCTAssertTrue(server.shutdown(gracePeriod: .seconds(10)), "a second shutdown has nothing to do")
    }

    /// The request in flight is answered, with `Connection: close`; the one pipelined behind it
    /// is not taken, the idle connection next to it closes at once, and shutdown returns as soon
    /// as the answer is out, well within its grace period.
    func testShutdownLetsARequestInFlightFinishWithConnectionClose() throws {
        try startServer { $0.eventLoopCount = 1 }
        let idle = try connect()
        XCTAssertEqual(try get("/hello", on: idle).status, 200)
        let busy = try connect()
        try write("GET /park/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /now/2 HTTP/1.1\r\nHost: x\r\n\r\n", on: busy)
        XCTAssertTrue(waitUntil { self.responder.parkedCount == 1 })

        let outcome = shutdownInBackground(gracePeriod: .seconds(10))
        XCTAssertTrue(try idle.waitForClose(timeout: .seconds(5)), "the idle connection closes at once")
        waitUntilConnectionsAreRefused()
        XCTAssertNil(outcome.withLock { $0 }, "shutdown waits for the request in flight")

        responder.sendParked()
        let response = try readResponse(on: busy)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "parked")
        XCTAssertEqual(response.headers["Connection"], "close", "no further request on a closing server")
        XCTAssertTrue(try busy.waitForClose(timeout: .seconds(5)))
        XCTAssertEqual(responder.targets, ["/hello", "/park/1"], "the request pipelined behind is not taken")
        // Until the peer closes too, the server lingers (reading and dropping) to let it read the
        // answer, and shutdown waits for that.
        busy.close()

        XCTAssertTrue(waitUntil { outcome.withLock { $0 } != nil })
        let (graceful, seconds) = try XCTUnwrap(outcome.withLock { $0 })
        XCTAssertTrue(graceful)
        XCTAssertLessThan(seconds, 5)
    }

    /// A request whose head was half sent when the shutdown began is in flight too: it is read to
    /// its end and answered.
    func testARequestHalfSentWhenShutdownBeginsIsStillAnswered() throws {
        try startServer { $0.eventLoopCount = 1 }
        let connection = try connect()
        XCTAssertEqual(try get("/hello", on: connection).status, 200)
        try write("GET /late HTTP/1.1\r\nHost: x\r\n", on: connection)
        waitForIdleConnections(0)

        let outcome = shutdownInBackground(gracePeriod: .seconds(10))
        waitUntilConnectionsAreRefused()
        try write("\r\n", on: connection)
        let response = try readResponse(on: connection)
        XCTAssertEqual(response.text, "/late")
        XCTAssertEqual(response.headers["Connection"], "close")
        connection.close()
        XCTAssertTrue(waitUntil { outcome.withLock { $0 } != nil })
        XCTAssertEqual(outcome.withLock { $0?.graceful }, true)
    }

    func testNewConnectionsAreRefusedOnceShutdownHasBegun() throws {
        try startServer { $0.eventLoopCount = 2 }
        let busy = try connect()
        try write("GET /park/1 HTTP/1.1\r\nHost: x\r\n\r\n", on: busy)
        XCTAssertTrue(waitUntil { self.responder.parkedCount == 1 })

        let outcome = shutdownInBackground(gracePeriod: .seconds(10))
        XCTAssertTrue(waitUntil { self.server.port == nil }, "the server says it no longer runs")
        waitUntilConnectionsAreRefused()
        for _ in 0..<5 {
            XCTAssertThrowsError(try connect()) { error in
                XCTAssertEqual(error as? HTTPClientError, .connectionRefused)
            }
        }
        XCTAssertEqual(responder.targets, ["/park/1"])
        responder.sendParked()
        XCTAssertEqual(try readResponse(on: busy).status, 200)
        busy.close()
        XCTAssertTrue(waitUntil { outcome.withLock { $0 } != nil })
        XCTAssertEqual(outcome.withLock { $0?.graceful }, true)
    }

    /// Past the grace period nothing is waited for: a request still with the responder and one
    /// still arriving are closed unanswered, and shutdown says it was not graceful.
    func testEverythingStillOpenWhenTheGracePeriodEndsIsClosed() throws {
        try startServer { $0.eventLoopCount = 2 }
        let parked = try connect()
        try write("GET /park/never HTTP/1.1\r\nHost: x\r\n\r\n", on: parked)
        XCTAssertTrue(waitUntil { self.responder.parkedCount == 1 })
        let arriving = try connect()
        XCTAssertEqual(try get("/hello", on: arriving).status, 200)
        try write("GET /never-finished HTTP/1.1\r\n", on: arriving)
        waitForIdleConnections(0)

        let started = MonotonicClock.now()
        XCTAssertFalse(server.shutdown(gracePeriod: .milliseconds(300)))
        XCTAssertGreaterThanOrEqual(seconds(since: started), 0.3)
        XCTAssertLessThan(seconds(since: started), 5)
        XCTAssertEqual(server.connectionCount, 0)
        XCTAssertEqual(server.connectionsPerLoop, [0, 0])
        for connection in [parked, arriving] {
            XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
            connection.expectResponse(to: .get)
            XCTAssertThrowsError(try connection.readResponse(timeout: .seconds(1)), "closed unanswered") { error in
                XCTAssertEqual(error as? HTTPClientError, .connectionClosed)
            }
        }
        // A reply that comes after the end reaches nobody, and harms nothing.
        responder.sendParked()
    }
}
