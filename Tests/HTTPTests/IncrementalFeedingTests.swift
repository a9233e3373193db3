import HTTP
import XCTest

/// A request split anywhere, or sent one byte at a time, parses exactly as when it arrives at once.
final class IncrementalFeedingTests: XCTestCase {
    func testGetWithHeaders() {
        let run = assertSplitInvariant(
            "GET /api/players/3?sort=name&dir=asc HTTP/1.1\r\nHost: example.com\r\nAccept: application/json\r\nX-Trace: a, b\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
        let request = run.requests.first
        XCTAssertEqual(request?.method, "GET")
        XCTAssertEqual(request?.target, "/api/players/3?sort=name&dir=asc")
        XCTAssertEqual(request?.pathSegments, ["api", "players", "3"])
        XCTAssertEqual(request?.query, [["sort", "name"], ["dir", "asc"]])
        XCTAssertEqual(request?.headers, [["Host", "example.com"], ["Accept", "application/json"], ["X-Trace", "a, b"]])
        XCTAssertEqual(request?.body, [])
        XCTAssertEqual(run.partialAtEnd, false)
    }

    func testPostWithContentLengthBody() {
        let run = assertSplitInvariant(
            "POST /api/players HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"name\":\"Jo\"}")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
        XCTAssertEqual(run.requests.first?.method, "POST")
        XCTAssertEqual(run.requests.first?.pathSegments, ["api", "players"])
        XCTAssertEqual(run.requests.first?.body, bytes("{\"name\":\"Jo\"}"))
    }

    func testChunkedBodyWithExtensionsAndTrailers() {
        let run = assertSplitInvariant(
            "POST /upload HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n7 ; ext\r\n, world\r\n0;last\r\nX-Checksum: abc\r\nX-Other: 1\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
        XCTAssertEqual(run.requests.first?.body, bytes("hello, world"))
        XCTAssertEqual(run.requests.first?.headers, [["Host", "h"], ["Transfer-Encoding", "chunked"]])
    }

    func testTwoPipelinedRequests() {
        let run = assertSplitInvariant(
            "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
                + "GET /b?x=1 HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.method), ["POST", "GET"])
        XCTAssertEqual(run.requests.map(\.target), ["/a", "/b?x=1"])
        XCTAssertEqual(run.requests.map(\.body), [bytes("abc"), []])
    }

    func testExpectContinueRequest() {
        let run = assertSplitInvariant(
            "PUT /api/players/7 HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\ndata")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
        XCTAssertEqual(run.requests.first?.method, "PUT")
        XCTAssertEqual(run.requests.first?.body, bytes("data"))
    }

    func testLeadingEmptyLinesBeforeRequestLine() {
        let run = assertSplitInvariant("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
        XCTAssertEqual(run.requests.first?.target, "/")
        XCTAssertEqual(run.requests.first?.pathSegments, [])
    }

    func testHTTP10Request() {
        let run = assertSplitInvariant("GET /legacy HTTP/1.0\r\nUser-Agent: old\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
        XCTAssertEqual(run.requests.first?.version, "HTTP/1.0")
        XCTAssertEqual(run.requests.first?.headers, [["User-Agent", "old"]])
    }

    func testBareLineFeedsAcceptedAsLineEnds() {
        let run = assertSplitInvariant("POST /x HTTP/1.1\nHost: h\nContent-Length: 2\n\nhi")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("hi"))
    }

    func testRequestRefusedPartwayIsRefusedTheSameWayHoweverSplit() {
        let run = assertSplitInvariant(
            "GET /a HTTP/1.1\r\nHost: h\r\n\r\nPOST /b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
        XCTAssertEqual(run.requests.map(\.target), ["/a"])
        XCTAssertEqual(run.status, 400)
    }
}
