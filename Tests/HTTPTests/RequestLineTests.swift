import HTTP
import XCTest

/// The request line: method, target and version, and the ways it can be malformed.
final class RequestLineTests: XCTestCase {
    func testMethodTargetAndVersion() {
        let run = parse("DELETE /api/players/9 HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.method, "DELETE")
        XCTAssertEqual(run.requests.first?.target, "/api/players/9")
        XCTAssertEqual(run.requests.first?.version, "HTTP/1.1")
    }

    func testMethodMatchesBuiltInConstants() {
        var parser = HTTPRequestParser()
        parser.append(bytes("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.method, .head)
    }

    func testUnknownMethodIsKeptAsSent() {
        let run = parse("PROPFIND /dav HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.method, "PROPFIND")
    }

    func testMethodIsCaseSensitive() {
        var parser = HTTPRequestParser()
        parser.append(bytes("get / HTTP/1.1\r\nHost: h\r\n\r\n"))
        let request = nextRequest(&parser)
        XCTAssertEqual(request?.method.rawValue, "get")
        XCTAssertNotEqual(request?.method, .get)
    }

    func testHTTP10Version() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET / HTTP/1.0\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.version, .http1_0)
    }

    func testLaterHTTP1MinorVersionIsAnsweredAsHTTP11() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET / HTTP/1.7\r\nHost: h\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.version, .http1_1)
    }

    func testHTTP2Is505() {
        assertRejected("GET / HTTP/2.0\r\nHost: h\r\n\r\n", status: 505)
    }

    func testOtherMajorVersionsAre505() {
        assertRejected("GET / HTTP/3.0\r\nHost: h\r\n\r\n", status: 505)
        assertRejected("GET / HTTP/0.9\r\nHost: h\r\n\r\n", status: 505)
    }

    func testMalformedVersionIs400() {
        for version in ["HTTP/1", "HTTP/1.1x", "http/1.1", "HTTP/x.1", "HTTP/1.x", "HTTP/1,1", "HTTP/11.1", "HTTX/1.1"] {
            assertRejected("GET / \(version)\r\nHost: h\r\n\r\n", status: 400)
        }
    }

    func testMissingVersionIs400() {
        assertRejected("GET /\r\nHost: h\r\n\r\n", status: 400)
    }

    func testMissingTargetIs400() {
        assertRejected("GET HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
    }

    func testExtraSpacesAre400() {
        assertRejected("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
        assertRejected(" GET / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
        assertRejected("GET / HTTP/1.1 \r\nHost: h\r\n\r\n", status: 400)
        assertRejected("GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n", status: 400)
    }

    func testMalformedMethodIs400() {
        assertRejected("G@T / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
        assertRejected("GE(T) / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
        assertRejected(bytes("G") + [0xC3, 0x89] + bytes("T / HTTP/1.1\r\nHost: h\r\n\r\n"), status: 400)
    }

    func testControlCharacterInTargetIs400() {
        assertRejected("GET /a\u{01}b HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
        assertRejected("GET /a\tb HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
    }

    func testNonASCIITargetIs400() {
        assertRejected(bytes("GET /") + [0xC3, 0xA9] + bytes(" HTTP/1.1\r\nHost: h\r\n\r\n"), status: 400)
    }

    func testLeadingEmptyLinesAreIgnored() {
        let run = parse("\r\n\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.target), ["/x"])
    }

    func testEndlessEmptyLinesAreRefused() {
        let run = parse(String(repeating: "\r\n", count: 1000))
        XCTAssertEqual(run.status, 400)
    }
}
