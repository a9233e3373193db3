import HTTP
import Networking
import TestSupport
import XCTest

/// Several event loops share one listener: whichever loop accepts a connection hands it to the
/// loop with the fewest (or, when the server is full, to the loop whose idle connection makes
/// room), and that loop serves it for its whole life. The stub answers with the loop that took
/// each request (`X-Loop`), so a test sees where each connection is served.
final class LoopHandOverTests: StubServerTestCase {
    private func loop(of response: ReceivedResponse) -> Int? {
        response.headers["X-Loop"].flatMap { Int($0) }
    }

    /// Connections per loop as the responder saw them: one request each.
    private func servedPerLoop(_ connections: [HTTPClientConnection], loops: Int) throws -> [Int] {
        var served = Array(repeating: 0, count: loops)
        for (index, connection) in connections.enumerated() {
            let response = try get("/\(index)", on: connection)
            XCTAssertEqual(response.text, "/\(index)")
            served[try XCTUnwrap(loop(of: response))] += 1
        }
        return served
    }

    func testConnectionsAreSpreadEvenlyAndEachIsServedByTheLoopItWasGiven() throws {
        try startServer { $0.eventLoopCount = 3 }
        // Opened all at once, before any asks, as a client pool opens them.
        let connections = try (0..<12).map { _ in try connect() }
        XCTAssertTrue(waitUntil { self.server.connectionsPerLoop.reduce(0, +) == 12 }, "\(server.connectionsPerLoop)")
        XCTAssertEqual(server.connectionsPerLoop, [4, 4, 4])
        XCTAssertEqual(try servedPerLoop(connections, loops: 3), [4, 4, 4], "each loop serves the connections it was counted for")
    }

    func testAConnectionIsServedByOneLoopForItsWholeLifeWhateverTheDisposition() throws {
        try startServer { $0.eventLoopCount = 2 }
        let connections = try (0..<4).map { _ in try connect() }
        for connection in connections {
            let home = try XCTUnwrap(loop(of: try get("/first", on: connection)))
            for target in ["/now/1", "/later/2", "/worker/3", "/later/4", "/now/5"] {
                let response = try get(target, on: connection)
                XCTAssertEqual(response.text, target)
                XCTAssertEqual(loop(of: response), home, target)
            }
        }
        XCTAssertEqual(server.connectionsPerLoop, [2, 2])
    }

    /// With one loop's connections all gone, every newcomer goes to it, whichever loop accepts:
    /// those the other loop accepts are handed over, and served where they were handed.
    func testNewcomersAreHandedToTheLoopWithFewestConnectionsAndServedThere() throws {
        try startServer { $0.eventLoopCount = 2 }
        let first = try (0..<8).map { _ in try connect() }
        var byLoop: [Int: [HTTPClientConnection]] = [:]
        for connection in first {
            byLoop[try XCTUnwrap(loop(of: try get("/hello", on: connection))), default: []].append(connection)
        }
        XCTAssertEqual(byLoop[0]?.count, 4)
        XCTAssertEqual(byLoop[1]?.count, 4)

        for connection in byLoop[0] ?? [] { connection.close() }
        XCTAssertTrue(waitUntil { self.server.connectionsPerLoop == [0, 4] }, "\(server.connectionsPerLoop)")

        let newcomers = try (0..<4).map { _ in try connect() }
        for connection in newcomers {
            XCTAssertEqual(loop(of: try get("/newcomer", on: connection)), 0)
        }
        XCTAssertEqual(server.connectionsPerLoop, [4, 4])
        for connection in byLoop[1] ?? [] {
            XCTAssertEqual(loop(of: try get("/old", on: connection)), 1, "the others stay where they were")
        }
    }

    /// The server full, one loop's only connection busy and the other's idle: the idle one's loop
    /// closes it and serves the newcomer, even when the busy loop accepted it.
    func testWhenFullANewcomerIsServedByTheLoopWhoseIdleConnectionMadeRoom() throws {
        try startServer {
            $0.maxConnections = 2
            $0.eventLoopCount = 2
        }
        let busy = try connect()
        let busyLoop = try XCTUnwrap(loop(of: try get("/busy", on: busy)))
        var idle = try connect()
        let idleLoop = try XCTUnwrap(loop(of: try get("/idle", on: idle)))
        XCTAssertNotEqual(busyLoop, idleLoop)
        waitForIdleConnections(2)
        try write("GET /busy HTTP/1.1\r\nHost: x\r\n", on: busy)
        waitForIdleConnections(1)

        for round in 0..<8 {
            let newcomer = try connect()
            XCTAssertEqual(loop(of: try get("/newcomer", on: newcomer)), idleLoop, "round \(round)")
            XCTAssertTrue(try idle.waitForClose(timeout: .seconds(5)), "round \(round)")
            idle = newcomer
            waitForIdleConnections(1)
            XCTAssertEqual(server.connectionCount, 2, "round \(round)")
            XCTAssertEqual(server.connectionsPerLoop, [1, 1], "round \(round)")
        }
        XCTAssertEqual(server.refusedConnections, .none)
        try write("\r\n", on: busy)
        let finished = try readResponse(on: busy)
        XCTAssertEqual(finished.text, "/busy")
        XCTAssertEqual(loop(of: finished), busyLoop)
    }

    /// A loop whose thread is stuck in a responder (which it must never be, but a bug may make it)
    /// stalls only its own connections.
    func testALoopHeldByItsResponderStallsOnlyItsOwnConnections() throws {
        try startServer { $0.eventLoopCount = 2 }
        let held = try connect()
        let heldLoop = try XCTUnwrap(loop(of: try get("/hello", on: held)))
        let other = try connect()
        let otherLoop = try XCTUnwrap(loop(of: try get("/hello", on: other)))
        XCTAssertNotEqual(heldLoop, otherLoop)

        try write("GET /hold/1 HTTP/1.1\r\nHost: x\r\n\r\n", on: held)
        XCTAssertTrue(waitUntil { self.responder.targets.last == "/hold/1" })
        for index in 0..<20 {
            let response = try get("/worker/\(index)", on: other)
            XCTAssertEqual(response.text, "/worker/\(index)")
            XCTAssertEqual(loop(of: response), otherLoop)
        }
        responder.releaseHeld()
        XCTAssertEqual(try readResponse(on: held).text, "/hold/1")
    }
}
