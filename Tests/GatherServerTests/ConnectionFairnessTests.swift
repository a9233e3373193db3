import HTTP
@_spi(Testing) import Networking
import XCTest

/// One address cannot hold the server's connections. Over real sockets; 127.0.0.2 is a loopback
/// address too, so one machine plays several clients.
final class ConnectionFairnessTests: XCTestCase {
    private struct Plain: HTTPResponder {
        func respond(to request: HTTPRequest) -> HTTPResponse {
            HTTPResponse(status: .ok, body: Array("ok".utf8))
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

    private func reason(_ response: ReceivedResponse) -> String {
        String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    private func health(on connection: HTTPClientConnection) throws -> ReceivedResponse {
        try connection.send(method: .get, target: "/health", headers: ["Host": "x"], timeout: .seconds(5))
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
}
