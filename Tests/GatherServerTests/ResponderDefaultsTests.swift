import HTTP
import Networking
import XCTest

/// What the HTTP server answers by itself when the application says nothing of its own.
final class ResponderDefaultsTests: XCTestCase {
    private struct Plain: HTTPResponder {
        func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition { .onWorker { $0.send(HTTPResponse(status: .ok)) } }
    }

    func testProtocolErrorsArePlainTextByDefault() throws {
        let server = try HTTPServer(configuration: { var c = HTTPServerConfiguration(); c.port = 0; return c }(), responder: Plain())
        let port = try server.start()
        defer { server.shutdown() }
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5))
        try connection.write(Array("GET /x HTTP/1.1\r\n\r\n".utf8), timeout: .seconds(5))
        connection.expectResponse(to: .get)
        let response = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.headers["Content-Type"], "text/plain; charset=utf-8")
        XCTAssertEqual(response.text, "missing Host header\n")
    }
}
