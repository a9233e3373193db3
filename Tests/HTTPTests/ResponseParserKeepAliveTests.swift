import HTTP
import XCTest

/// Whether the server keeps the connection open after a response (RFC 9112 §9.3).
final class ResponseParserKeepAliveTests: XCTestCase {
    private func keepAlive(_ head: String, file: StaticString = #filePath, line: UInt = #line) -> Bool? {
        let run = parseResponses(head + "Content-Length: 0\r\n\r\n")
        XCTAssertNil(run.error, file: file, line: line)
        XCTAssertEqual(run.responses.count, 1, file: file, line: line)
        return run.responses.first?.keepAlive
    }

    func testHTTP11DefaultsToKeepAlive() {
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\n"), true)
    }

    func testHTTP11WithConnectionCloseCloses() {
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\nConnection: close\r\n"), false)
    }

    func testConnectionCloseIsCaseInsensitive() {
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\nconnection: Close\r\n"), false)
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\nCONNECTION: CLOSE\r\n"), false)
    }

    func testCloseAmongOtherConnectionOptionsCloses() {
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\nConnection: keep-alive, close\r\n"), false)
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\nConnection: upgrade\r\nConnection: close\r\n"), false)
    }

    func testHTTP11WithKeepAliveStaysOpen() {
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\nConnection: keep-alive\r\n"), true)
    }

    func testHTTP10DefaultsToClose() {
        XCTAssertEqual(keepAlive("HTTP/1.0 200 OK\r\n"), false)
    }

    func testHTTP10WithKeepAliveStaysOpen() {
        XCTAssertEqual(keepAlive("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n"), true)
        XCTAssertEqual(keepAlive("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nKeep-Alive: timeout=5\r\n"), true)
    }

    func testHTTP10WithKeepAliveAndCloseCloses() {
        XCTAssertEqual(keepAlive("HTTP/1.0 200 OK\r\nConnection: keep-alive, close\r\n"), false)
    }

    func testOtherConnectionTokensDoNotChangeTheDefault() {
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\nConnection: upgrade\r\n"), true)
        XCTAssertEqual(keepAlive("HTTP/1.0 200 OK\r\nConnection: upgrade\r\n"), false)
        XCTAssertEqual(keepAlive("HTTP/1.1 200 OK\r\nConnection: closed\r\n"), true)
    }

    func testVersionIsReported() {
        let run = parseResponses("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.version), ["HTTP/1.0", "HTTP/1.1"])
    }
}
