import HTTP
import Networking
import TestSupport
import XCTest

/// Connections are spread evenly over the event loops, however they arrive, and each is served
/// by the loop it was given.
final class ConnectionBalanceTests: XCTestCase {
    private struct Plain: HTTPResponder {
        func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
            .onWorker { $0.send(HTTPResponse(status: .ok, body: Array(request.target.utf8))) }
        }
    }

    private func server(loops: Int) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = loops
        return try HTTPServer(configuration: configuration, responder: Plain())
    }

    func testABurstOfConnectionsIsSpreadEvenlyAndEachIsServed() throws {
        let server = try server(loops: 3)
        let port = try server.start()
        defer { server.shutdown() }
        // Opened all at once, as a client pool or a load generator opens them.
        let connections = try (0..<30).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)) }
        for (index, connection) in connections.enumerated() {
            let response = try connection.send(method: .get, target: "/\(index)", headers: ["Host": "x"], timeout: .seconds(5))
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.text, "/\(index)")
        }
        XCTAssertEqual(server.connectionsPerLoop, [10, 10, 10])

        // Those that close leave room that new connections fill first.
        for connection in connections.prefix(6) { connection.close() }
        XCTAssertTrue(waitUntil { server.connectionsPerLoop.reduce(0, +) == 24 }, "\(server.connectionsPerLoop)")
        let later = try (0..<6).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)) }
        for connection in later {
            XCTAssertEqual(try connection.send(method: .get, target: "/later", headers: ["Host": "x"], timeout: .seconds(5)).status, 200)
        }
        XCTAssertEqual(server.connectionsPerLoop, [10, 10, 10])
        XCTAssertEqual(server.connectionCount, 30)
    }

    func testConnectionsHandedToAnotherLoopCloseCleanlyAtShutdown() throws {
        let server = try server(loops: 2)
        let port = try server.start()
        let connections = try (0..<8).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)) }
        for connection in connections {
            XCTAssertEqual(try connection.send(method: .get, target: "/", headers: ["Host": "x"], timeout: .seconds(5)).status, 200)
        }
        XCTAssertEqual(server.connectionsPerLoop, [4, 4])
        XCTAssertTrue(server.shutdown(gracePeriod: .seconds(5)), "idle connections close at once")
        XCTAssertEqual(server.connectionCount, 0)
        XCTAssertEqual(server.connectionsPerLoop, [0, 0])
    }
}
