import HTTP
import Networking
import TestSupport
import XCTest

/// One address cannot hold the server's connections, and idle keep-alive connections give way to
/// newcomers when the server is full. Over real sockets; 127.0.0.2 and 127.0.0.3 are loopback
/// addresses too, so one machine plays several clients.
final class ConnectionFairnessTests: XCTestCase {
    private struct Plain: HTTPResponder {
        func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
            .onWorker { $0.send(HTTPResponse(status: .ok, body: Array("ok".utf8))) }
        }
    }

    private var server: HTTPServer?

    override func tearDown() {
        server?.shutdown(gracePeriod: .seconds(1))
    }

    private func start(_ configure: (inout HTTPServerConfiguration) -> Void) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configure(&configuration)
        let started = try HTTPServer(configuration: configuration, responder: Plain())
        try started.start()
        server = started
        return started
    }

    private func connect(to server: HTTPServer, from address: String = "127.0.0.1") throws -> HTTPClientConnection {
        try HTTPClientConnection(host: "127.0.0.1", port: try XCTUnwrap(server.port), timeout: .seconds(5), receiveBufferSize: nil,
                                 localAddress: address)
    }

    /// Waits until the loops have published `count` idle connections in all: a response reaches
    /// the client a moment before its loop files the connection as idle again.
    private func waitForIdle(_ count: Int, on server: HTTPServer, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(waitUntil { server.idleConnectionsPerLoop.reduce(0, +) == count },
                      "idle: \(server.idleConnectionsPerLoop)", file: file, line: line)
    }

    private func reason(_ response: ReceivedResponse) -> String {
        String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    private func health(on connection: HTTPClientConnection) throws -> ReceivedResponse {
        try connection.send(method: .get, target: "/health", headers: ["Host": "x"], timeout: .seconds(5))
    }

    /// A request head begun and not finished: the connection is busy, not idle.
    private func beginRequest(on connection: HTTPClientConnection) throws {
        try connection.write(Array("GET /health HTTP/1.1\r\nHost: x\r\n".utf8), timeout: .seconds(5))
    }

    private func finishRequest(on connection: HTTPClientConnection) throws -> ReceivedResponse {
        try connection.write(Array("\r\n".utf8), timeout: .seconds(5))
        connection.expectResponse(to: .get)
        return try connection.readResponse(timeout: .seconds(5))
    }

    // MARK: Per address

    func testOneAddressOverItsCapIsRefusedWhileAnotherIsServed() throws {
        let server = try start { $0.maxConnectionsPerAddress = 3 }
        let crowd = try (0..<3).map { _ in try connect(to: server, from: "127.0.0.2") }
        for connection in crowd {
            XCTAssertEqual(try health(on: connection).status, 200)
        }
        let oneTooMany = try connect(to: server, from: "127.0.0.2")
        let refused = try oneTooMany.readResponse(timeout: .seconds(5))
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(reason(refused), "too many connections from this address, try again")
        XCTAssertTrue(try oneTooMany.waitForClose(timeout: .seconds(5)))

        let neighbour = try connect(to: server, from: "127.0.0.1")
        XCTAssertEqual(try health(on: neighbour).status, 200, "another address is served")
        XCTAssertEqual(server.connectionCount, 4)

        // A connection that closes gives its address one place back, once: one more is served,
        // the next is refused again.
        crowd[0].close()
        XCTAssertTrue(waitUntil { server.connectionCount == 3 })
        let again = try connect(to: server, from: "127.0.0.2")
        XCTAssertEqual(try health(on: again).status, 200)
        let stillTooMany = try connect(to: server, from: "127.0.0.2")
        XCTAssertEqual(try stillTooMany.readResponse(timeout: .seconds(5)).status, 503)
    }

    func testBehindATrustedProxyConnectionsAreNotCappedPerAddress() throws {
        let direct = try start { $0.maxConnectionsPerAddress = 2 }
        let crowd = try (0..<2).map { _ in try connect(to: direct) }
        for connection in crowd {
            XCTAssertEqual(try health(on: connection).status, 200)
        }
        XCTAssertEqual(try connect(to: direct).readResponse(timeout: .seconds(5)).status, 503)
        direct.shutdown(gracePeriod: .seconds(1))

        // Through a proxy every client arrives from the proxy's address: the same crowd and more
        // are served.
        let proxied = try start {
            $0.maxConnectionsPerAddress = 2
            $0.trustProxyHeaders = true
        }
        let connections = try (0..<5).map { _ in try connect(to: proxied) }
        for connection in connections {
            XCTAssertEqual(try health(on: connection).status, 200)
        }
    }

    // MARK: Idle connections when the server is full

    func testWhenFullTheLongestIdleConnectionMakesRoomForANewcomer() throws {
        let server = try start {
            $0.maxConnections = 3
            $0.eventLoopCount = 1
        }
        let first = try connect(to: server)
        let second = try connect(to: server)
        let third = try connect(to: server)
        for connection in [first, second, third] {
            XCTAssertEqual(try health(on: connection).status, 200)
        }
        // The first was idle longest, until it asked again: now the second has.
        XCTAssertEqual(try health(on: first).status, 200)
        waitForIdle(3, on: server)

        let newcomer = try connect(to: server)
        XCTAssertEqual(try health(on: newcomer).status, 200, "served, not refused")
        XCTAssertTrue(try second.waitForClose(timeout: .seconds(5)), "the connection idle longest was closed")
        XCTAssertEqual(try health(on: first).status, 200)
        XCTAssertEqual(try health(on: third).status, 200)
        XCTAssertEqual(server.connectionCount, 3)
    }

    func testWhenFullTheAddressHoldingMostGivesUpAnIdleConnectionFirst() throws {
        let server = try start {
            $0.maxConnections = 4
            $0.eventLoopCount = 1
        }
        let loner = try connect(to: server, from: "127.0.0.1")
        XCTAssertEqual(try health(on: loner).status, 200)
        let crowd = try (0..<3).map { _ in try connect(to: server, from: "127.0.0.2") }
        for connection in crowd {
            XCTAssertEqual(try health(on: connection).status, 200)
        }
        waitForIdle(4, on: server)

        let newcomer = try connect(to: server, from: "127.0.0.3")
        XCTAssertEqual(try health(on: newcomer).status, 200)
        XCTAssertTrue(try crowd[0].waitForClose(timeout: .seconds(5)), "the crowd's longest idle connection was closed")
        XCTAssertEqual(try health(on: loner).status, 200, "though idle longer, the loner kept its connection")
    }

    func testWhenFullOfBusyConnectionsANewcomerIsRefused() throws {
        let server = try start { $0.maxConnections = 2 }
        let first = try connect(to: server)
        let second = try connect(to: server)
        XCTAssertEqual(try health(on: first).status, 200)
        XCTAssertEqual(try health(on: second).status, 200)
        waitForIdle(2, on: server)
        try beginRequest(on: first)
        try beginRequest(on: second)
        waitForIdle(0, on: server)

        let third = try connect(to: server)
        let refused = try third.readResponse(timeout: .seconds(5))
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(reason(refused), "too many connections, try again")
        XCTAssertEqual(try finishRequest(on: first).status, 200, "a request under way is not cut off")
        XCTAssertEqual(try finishRequest(on: second).status, 200)

        // Both are idle now: the next newcomer takes one's place.
        waitForIdle(2, on: server)
        let fourth = try connect(to: server)
        XCTAssertEqual(try health(on: fourth).status, 200)
    }

    func testIdleConnectionsOnAnyLoopMakeRoomAndTheCountsStayTrue() throws {
        let server = try start {
            $0.maxConnections = 2
            $0.eventLoopCount = 2
        }
        // The balancer puts these two on different loops; the busy one stays, the idle one gives
        // way, whichever loop accepts the newcomer (the accepting loop closes its own idle
        // connection, or hands the newcomer to the loop that has one).
        let busy = try connect(to: server)
        XCTAssertEqual(try health(on: busy).status, 200)
        var idle = try connect(to: server)
        XCTAssertEqual(try health(on: idle).status, 200)
        XCTAssertEqual(server.connectionsPerLoop, [1, 1])
        waitForIdle(2, on: server)
        try beginRequest(on: busy)
        waitForIdle(1, on: server)

        for round in 0..<10 {
            let newcomer = try connect(to: server)
            XCTAssertEqual(try health(on: newcomer).status, 200, "round \(round)")
            XCTAssertTrue(try idle.waitForClose(timeout: .seconds(5)), "round \(round)")
            idle = newcomer
            waitForIdle(1, on: server)
            XCTAssertEqual(server.connectionCount, 2, "round \(round)")
            XCTAssertEqual(server.connectionsPerLoop, [1, 1], "round \(round)")
        }
        XCTAssertEqual(try finishRequest(on: busy).status, 200)
    }
}
