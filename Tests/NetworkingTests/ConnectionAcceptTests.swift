import HTTP
import Locking
import Networking
import TestSupport
import XCTest

/// Accepting connections: however many arrive at once, each is served; past `maxConnections` an
/// idle connection makes room or the newcomer is refused with 503; past
/// `maxConnectionsPerAddress` a newcomer from that address is refused, whatever the server holds.
final class ConnectionAcceptTests: StubServerTestCase {
    /// A request head begun and not finished: the connection is busy, not idle, until `finish`.
    private func begin(on connection: HTTPClientConnection, target: String = "/busy") throws {
        try write("GET \(target) HTTP/1.1\r\nHost: x\r\n", on: connection)
    }

    private func finish(on connection: HTTPClientConnection) throws -> ReceivedResponse {
        try write("\r\n", on: connection)
        return try readResponse(on: connection)
    }

    func testManyConnectionsOpenedAtOnceAreAllServed() throws {
        try startServer { $0.eventLoopCount = 2 }
        let failures = Locked<[String]>([])
        let threads = 8
        let perThread = 12
        let total = threads * perThread
        let opened = Locked(0)
        let finished = Locked(0)
        let server = try XCTUnwrap(server)
        let port = self.port
        // Threads of their own, all running at once (a pool's might wait for each other): each
        // opens its connections, then waits until the server holds all of them before any asks,
        // so the loops meet them as one burst, all open together.
        for thread in 0..<threads {
            try DetachedThread.start(name: "client-\(thread)") {
                do {
                    let connections = try (0..<perThread).map { _ in
                        try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5))
                    }
                    opened.withLock { $0 += perThread }
                    if !waitUntil(timeout: 10, { opened.withLock { $0 } == total && server.connectionCount == total }) {
                        failures.withLock { $0.append("thread \(thread): \(server.connectionCount) open, not \(total)") }
                    }
                    for (index, connection) in connections.enumerated() {
                        for kind in ["now", "later", "worker"] {
                            let target = "/\(kind)/\(thread)-\(index)"
                            let response = try connection.send(method: .get, target: target, timeout: .seconds(5))
                            if response.status != 200 || response.text != target {
                                failures.withLock { $0.append("\(target): \(response.status) \(response.text)") }
                            }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("thread \(thread): \(error)") }
                }
                finished.withLock { $0 += 1 }
            }
        }
        XCTAssertTrue(waitUntil(timeout: 30) { finished.withLock { $0 } == threads })
        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(responder.requests.count, total * 3)
        XCTAssertEqual(server.refusedConnections, .none)
        // The connections closed as each thread ended: every slot comes back.
        waitForConnectionCount(0)
        // Each loop frees its own count just after the server's: polled, not read once.
        XCTAssertTrue(waitUntil(timeout: 5) { self.server.connectionsPerLoop == [0, 0] }, "\(server.connectionsPerLoop)")
    }

    func testANewcomerOverMaxConnectionsIsRefusedWith503InPlainTextWhenNoneIsIdle() throws {
        try startServer {
            $0.maxConnections = 2
            $0.eventLoopCount = 1
        }
        let first = try connect()
        let second = try connect()
        // Served once each, so both are the server's before they turn busy: a connection accepted
        // but not yet read from is idle, and would make room.
        XCTAssertEqual(try get("/one", on: first).status, 200)
        XCTAssertEqual(try get("/two", on: second).status, 200)
        try begin(on: first)
        try begin(on: second)
        waitForIdleConnections(0)

        let newcomer = try connect()
        let refused = try newcomer.readResponse(timeout: .seconds(5))
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.headers["Content-Type"], "text/plain; charset=utf-8", "HTTPServer.plainTextError")
        XCTAssertEqual(refused.text, "too many connections, try again\n")
        XCTAssertEqual(refused.headers["Connection"], "close")
        XCTAssertTrue(try newcomer.waitForClose(timeout: .seconds(5)))
        XCTAssertEqual(server.refusedConnections.overServerCap, 1)
        XCTAssertEqual(server.refusedConnections.overAddressCap, 0)
        XCTAssertEqual(server.connectionCount, 2, "a refused connection never counts")

        // The requests under way were not cut off for it.
        XCTAssertEqual(try finish(on: first).text, "/busy")
        XCTAssertEqual(try finish(on: second).text, "/busy")
        XCTAssertEqual(responder.targets, ["/one", "/two", "/busy", "/busy"], "the refused connection never reached the responder")
    }

    func testASlotFreedByAClosingConnectionServesTheNextNewcomer() throws {
        try startServer {
            $0.maxConnections = 2
            $0.eventLoopCount = 1
        }
        let first = try connect()
        let second = try connect()
        // Served once each, so both are the server's before they turn busy.
        XCTAssertEqual(try get("/one", on: first).status, 200)
        XCTAssertEqual(try get("/two", on: second).status, 200)
        try begin(on: first)
        try begin(on: second)
        waitForIdleConnections(0)
        XCTAssertEqual(try connect().readResponse(timeout: .seconds(5)).status, 503)

        second.close()
        waitForConnectionCount(1)
        let newcomer = try connect()
        XCTAssertEqual(try get("/newcomer", on: newcomer).text, "/newcomer")
        XCTAssertEqual(server.refusedConnections.overServerCap, 1)
    }

    func testWhenFullTheLongestIdleConnectionIsClosedToServeANewcomer() throws {
        try assertTheLongestIdleMakesRoom(afterTheFirstAsksAgain: "/worker/again")
    }

    /// Answered during the loop's call, the request leaves and rejoins the idle list within one
    /// turn: the connection must still go to the back of it, not keep its old place.
    func testAConnectionAnsweredOnTheLoopIsNoLongerTheLongestIdle() throws {
        try assertTheLongestIdleMakesRoom(afterTheFirstAsksAgain: "/now/again")
    }

    private func assertTheLongestIdleMakesRoom(afterTheFirstAsksAgain path: String,
                                               file: StaticString = #filePath, line: UInt = #line) throws {
        try startServer {
            $0.maxConnections = 3
            $0.eventLoopCount = 1
        }
        let first = try connect()
        let second = try connect()
        let third = try connect()
        for connection in [first, second, third] {
            XCTAssertEqual(try get("/hello", on: connection).status, 200)
        }
        // The first was idle longest until it asked again: now the second has been.
        XCTAssertEqual(try get(path, on: first).status, 200, file: file, line: line)
        waitForIdleConnections(3)

        let newcomer = try connect()
        XCTAssertEqual(try get("/newcomer", on: newcomer).text, "/newcomer", "served, not refused", file: file, line: line)
        XCTAssertTrue(try second.waitForClose(timeout: .seconds(5)), "the connection idle longest made room", file: file, line: line)
        XCTAssertEqual(try get("/still", on: first).status, 200, file: file, line: line)
        XCTAssertEqual(try get("/still", on: third).status, 200, file: file, line: line)
        XCTAssertEqual(server.connectionCount, 3, file: file, line: line)
        XCTAssertEqual(server.refusedConnections, .none, file: file, line: line)
    }

    func testWhenFullTheAddressHoldingMostIdleConnectionsGivesOneUpFirst() throws {
        try startServer {
            $0.maxConnections = 3
            $0.eventLoopCount = 1
        }
        // The loner has been idle longest, but the crowd's address holds more.
        let loner = try connect(from: "127.0.0.1")
        XCTAssertEqual(try get("/loner", on: loner).status, 200)
        let crowd = try (0..<2).map { _ in try connect(from: "127.0.0.2") }
        for connection in crowd {
            XCTAssertEqual(try get("/crowd", on: connection).status, 200)
        }
        waitForIdleConnections(3)

        let newcomer = try connect(from: "127.0.0.3")
        XCTAssertEqual(try get("/newcomer", on: newcomer).status, 200)
        XCTAssertTrue(try crowd[0].waitForClose(timeout: .seconds(5)), "the crowd's longest idle connection made room")
        XCTAssertEqual(try get("/loner", on: loner).status, 200, "though idle longer, the loner kept its connection")
        XCTAssertEqual(try get("/crowd", on: crowd[1]).status, 200)
    }

    func testOverItsAddressCapANewcomerIsRefusedEvenWhenItsConnectionsAreIdle() throws {
        try startServer(errorResponse: { status, reason in
            HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array("{\"reason\":\"\(reason)\"}".utf8))
        }) {
            $0.maxConnectionsPerAddress = 2
            $0.eventLoopCount = 1
        }
        let crowd = try (0..<2).map { _ in try connect(from: "127.0.0.2") }
        for connection in crowd {
            XCTAssertEqual(try get("/crowd", on: connection).status, 200)
        }
        // Idle connections give way to the server's cap, never to an address's.
        waitForIdleConnections(2)

        let oneTooMany = try connect(from: "127.0.0.2")
        let refused = try oneTooMany.readResponse(timeout: .seconds(5))
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.headers["Content-Type"], "application/json", "the server's errorResponse shapes the refusal")
        XCTAssertEqual(refused.text, "{\"reason\":\"too many connections from this address, try again\"}")
        XCTAssertTrue(try oneTooMany.waitForClose(timeout: .seconds(5)))
        XCTAssertEqual(server.refusedConnections.overServerCap, 0)
        XCTAssertEqual(server.refusedConnections.overAddressCap, 1)

        for connection in crowd {
            XCTAssertEqual(try get("/crowd", on: connection).status, 200, "the address's own connections are untouched")
        }
        let neighbour = try connect(from: "127.0.0.3")
        XCTAssertEqual(try get("/neighbour", on: neighbour).status, 200, "another address is served")

        // A connection that closes gives its address one place back, once.
        crowd[0].close()
        waitForConnectionCount(2)
        let again = try connect(from: "127.0.0.2")
        XCTAssertEqual(try get("/again", on: again).status, 200)
        XCTAssertEqual(try connect(from: "127.0.0.2").readResponse(timeout: .seconds(5)).status, 503)
        XCTAssertEqual(server.refusedConnections.overAddressCap, 2)
    }

    /// A newcomer refused for the server's cap was counted under its address first: that count
    /// must come back, or an address refused often enough would be locked out for good.
    func testRefusalsAtTheServersCapDoNotUseUpTheirAddresssPlaces() throws {
        try startServer {
            $0.maxConnections = 2
            $0.maxConnectionsPerAddress = 2
            $0.eventLoopCount = 1
        }
        let busy = try (0..<2).map { _ in try connect(from: "127.0.0.2") }
        for connection in busy {
            XCTAssertEqual(try get("/first", on: connection).status, 200)
            try begin(on: connection)
        }
        waitForIdleConnections(0)
        for _ in 0..<5 {
            let refused = try connect(from: "127.0.0.3")
            XCTAssertEqual(try refused.readResponse(timeout: .seconds(5)).status, 503)
            XCTAssertTrue(try refused.waitForClose(timeout: .seconds(5)))
        }
        XCTAssertEqual(server.refusedConnections.overServerCap, 5)
        XCTAssertEqual(server.refusedConnections.overAddressCap, 0)

        for connection in busy { connection.close() }
        waitForConnectionCount(0)
        let welcome = try (0..<2).map { _ in try connect(from: "127.0.0.3") }
        for connection in welcome {
            XCTAssertEqual(try get("/welcome", on: connection).status, 200, "its two places are free")
        }
        XCTAssertEqual(server.refusedConnections.overAddressCap, 0)
    }
}
