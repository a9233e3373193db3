import HTTP
import XCTest

/// How `Content-Length` and `Transfer-Encoding` decide where a body ends, and which combinations are refused.
final class BodyFramingTests: XCTestCase {
    private func post(_ framing: String, body: String = "") -> String {
        "POST /p HTTP/1.1\r\nHost: h\r\n" + framing + "\r\n" + body
    }

    func testNoFramingHeadersMeansNoBody() {
        let run = parse("POST /p HTTP/1.1\r\nHost: h\r\n\r\nGET /q HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.target), ["/p", "/q"])
        XCTAssertEqual(run.requests.first?.body, [])
    }

    func testContentLengthZeroMeansEmptyBody() {
        let run = parse(post("Content-Length: 0\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, [])
        XCTAssertFalse(run.partialAtEnd)
    }

    func testBodyStopsAtContentLength() {
        let run = parse(post("Content-Length: 3\r\n", body: "abcGET / HTTP/1.1\r\nHost: h\r\n\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.body), [bytes("abc"), []])
    }

    func testBothContentLengthAndTransferEncodingIs400() {
        assertRejected(post("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", body: "0\r\n\r\n"), status: 400)
    }

    func testTransferEncodingBeforeContentLengthIs400() {
        assertRejected(post("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", body: "0\r\n\r\n"), status: 400)
    }

    func testTwoDifferentContentLengthHeadersIs400() {
        assertRejected(post("Content-Length: 5\r\nContent-Length: 6\r\n", body: "hello!"), status: 400)
    }

    func testContentLengthListWithDifferentValuesIs400() {
        assertRejected(post("Content-Length: 5, 6\r\n", body: "hello!"), status: 400)
    }

    func testRepeatedIdenticalContentLengthHeadersAreAccepted() {
        let run = parse(post("Content-Length: 5\r\nContent-Length: 5\r\n", body: "hello"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("hello"))
    }

    func testContentLengthListWithIdenticalValuesIsAccepted() {
        let run = parse(post("Content-Length: 5, 5\r\n", body: "hello"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("hello"))
    }

    func testNonNumericContentLengthIs400() {
        assertRejected(post("Content-Length: abc\r\n"), status: 400)
    }

    func testSignedContentLengthIs400() {
        assertRejected(post("Content-Length: -1\r\n"), status: 400)
        assertRejected(post("Content-Length: +5\r\n", body: "hello"), status: 400)
    }

    func testEmptyContentLengthIs400() {
        assertRejected(post("Content-Length: \r\n"), status: 400)
    }

    func testGzipThenChunkedIs501() {
        assertRejected(post("Transfer-Encoding: gzip, chunked\r\n", body: "0\r\n\r\n"), status: 501)
    }

    func testGzipThenChunkedInSeparateHeadersIs501() {
        assertRejected(post("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n", body: "0\r\n\r\n"), status: 501)
    }

    func testGzipAloneIs400() {
        assertRejected(post("Transfer-Encoding: gzip\r\n", body: "abc"), status: 400)
    }

    func testChunkedNotLastIs400() {
        assertRejected(post("Transfer-Encoding: chunked, gzip\r\n", body: "0\r\n\r\n"), status: 400)
    }

    func testTransferEncodingIsCaseInsensitive() {
        let run = parse(post("Transfer-Encoding: Chunked\r\n", body: "3\r\nabc\r\n0\r\n\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("abc"))
    }

    func testTransferEncodingInHTTP10Is400() {
        assertRejected("POST /p HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400)
    }

    func testHTTP10ContentLengthBody() {
        let run = parse("POST /p HTTP/1.0\r\nContent-Length: 2\r\n\r\nok")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("ok"))
    }
}
