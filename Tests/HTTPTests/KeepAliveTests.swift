import HTTP
import XCTest

/// Whether the connection stays open after the response (RFC 9112 §9.3).
final class KeepAliveTests: XCTestCase {
    private func keepAlive(_ request: String) -> Bool? {
        let run = parse(request)
        XCTAssertNil(run.error)
        return run.requests.first?.keepAlive
    }

    func testHTTP11DefaultsToKeepAlive() {
        XCTAssertEqual(keepAlive("GET / HTTP/1.1\r\nHost: h\r\n\r\n"), true)
    }

    func testHTTP11WithConnectionCloseCloses() {
        XCTAssertEqual(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"), false)
    }

    func testConnectionCloseIsCaseInsensitive() {
        XCTAssertEqual(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nconnection: Close\r\n\r\n"), false)
    }

    func testCloseAmongOtherConnectionOptionsCloses() {
        XCTAssertEqual(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: keep-alive, close\r\n\r\n"), false)
        XCTAssertEqual(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade\r\nConnection: close\r\n\r\n"), false)
    }

    func testHTTP11WithKeepAliveStaysOpen() {
        XCTAssertEqual(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: keep-alive\r\n\r\n"), true)
    }

    func testHTTP10DefaultsToClose() {
        XCTAssertEqual(keepAlive("GET / HTTP/1.0\r\n\r\n"), false)
    }

    func testHTTP10WithKeepAliveStaysOpen() {
        XCTAssertEqual(keepAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"), true)
        XCTAssertEqual(keepAlive("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"), true)
    }

    func testHTTP10WithKeepAliveAndCloseCloses() {
        XCTAssertEqual(keepAlive("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n"), false)
    }

    func testKeepAliveOfABuiltRequest() throws {
        XCTAssertTrue(try HTTPRequest(method: .get, target: "/").keepAlive)
        XCTAssertFalse(try HTTPRequest(method: .get, target: "/", version: .http1_0).keepAlive)
    }
}
