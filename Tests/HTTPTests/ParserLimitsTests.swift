import HTTP
import XCTest

/// Each limit of `HTTPLimits` refuses a request with its own status, while bytes are still arriving.
final class ParserLimitsTests: XCTestCase {
    // "GET /abc HTTP/1.1" is 17 bytes, 19 with its CRLF.
    private let requestLine = "GET /abc HTTP/1.1\r\n"

    func testRequestLineAtLimitIsAccepted() {
        // The limit counts the line, not its CRLF: 17 bytes fit a limit of 17.
        let run = assertSplitInvariant(requestLine + "Host: h\r\n\r\n", limits: HTTPLimits(maxRequestLineBytes: 17))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.target), ["/abc"])
        let bareLF = parse("GET /abc HTTP/1.1\nHost: h\n\n", limits: HTTPLimits(maxRequestLineBytes: 17))
        XCTAssertNil(bareLF.error)
    }

    func testRequestLineOneByteOverLimitIs414() {
        assertRejected("GET /abcd HTTP/1.1\r\nHost: h\r\n\r\n", status: 414, limits: HTTPLimits(maxRequestLineBytes: 17))
    }

    func testDefaultRequestLineLimitIsExactly8192Bytes() {
        let longest = "GET /" + String(repeating: "a", count: 8192 - 14) + " HTTP/1.1"
        XCTAssertEqual(longest.utf8.count, 8192)
        XCTAssertNil(parse(longest + "\r\nHost: h\r\n\r\n").error)
        XCTAssertEqual(parse("GET /a" + longest.dropFirst(5) + "\r\nHost: h\r\n\r\n").status, 414)
    }

    func testDefaultHeaderFieldCountIsExactly100() {
        let fields = (0..<99).map { "X-F\($0): v\r\n" }.joined()
        XCTAssertNil(parse(requestLine + "Host: h\r\n" + fields + "\r\n").error)
        XCTAssertEqual(parse(requestLine + "Host: h\r\nX-Extra: 1\r\n" + fields + "\r\n").status, 431)
    }

    func testRequestLineOverLimitIs414() {
        assertRejected("GET /abcdefghijklmnopqrstuvwxyz HTTP/1.1\r\nHost: h\r\n\r\n", status: 414,
                       limits: HTTPLimits(maxRequestLineBytes: 19))
    }

    func testRequestLineOverLimitIs414HoweverSplit() {
        let run = assertSplitInvariant("GET /abcdefghijklmnopqrstuvwxyz HTTP/1.1\r\nHost: h\r\n\r\n",
                                       limits: HTTPLimits(maxRequestLineBytes: 19))
        XCTAssertEqual(run.status, 414)
    }

    func testRequestLineStillArrivingOverLimitIs414() {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxRequestLineBytes: 19))
        parser.append(bytes("GET /" + String(repeating: "a", count: 40)))
        XCTAssertEqual(nextRequestError(&parser)?.status.code, 414)
    }

    func testRequestLineStillArrivingWithinLimitWaits() {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxRequestLineBytes: 17))
        parser.append(bytes("GET /abc HTTP/1.1\r"))
        XCTAssertNil(nextRequestError(&parser))
        XCTAssertTrue(parser.hasPartialRequest)
    }

    func testHeaderSectionAtLimitIsAccepted() {
        // "Host: h\r\n" (9) + "X-A: 12345\r\n" (12) = 21 bytes of header section.
        let run = parse(requestLine + "Host: h\r\nX-A: 12345\r\n\r\n", limits: HTTPLimits(maxHeaderBytes: 21))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
    }

    func testHeaderSectionAtLimitIsAcceptedHoweverSplit() {
        let run = assertSplitInvariant(requestLine + "Host: h\r\nX-A: 12345\r\n\r\n", limits: HTTPLimits(maxHeaderBytes: 21))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
    }

    func testHeaderSectionAtLimitIsAcceptedWhenItsLastCarriageReturnArrivesAlone() {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxHeaderBytes: 21))
        parser.append(bytes(requestLine + "Host: h\r\nX-A: 12345\r\n\r"))
        XCTAssertNil(nextRequestError(&parser))
        parser.append(bytes("\n"))
        XCTAssertEqual(nextRequest(&parser)?.headers["X-A"], "12345")
    }

    func testHeaderSectionOverLimitIs431() {
        assertRejected(requestLine + "Host: h\r\nX-A: 123456\r\n\r\n", status: 431, limits: HTTPLimits(maxHeaderBytes: 21))
    }

    func testHeaderSectionOverLimitIs431HoweverSplit() {
        let run = assertSplitInvariant(requestLine + "Host: h\r\nX-A: " + String(repeating: "v", count: 50) + "\r\n\r\n",
                                       limits: HTTPLimits(maxHeaderBytes: 32))
        XCTAssertEqual(run.status, 431)
    }

    func testHeaderLineStillArrivingOverLimitIs431() {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxHeaderBytes: 32))
        parser.append(bytes(requestLine + "Host: h\r\nX-Long: " + String(repeating: "v", count: 40)))
        XCTAssertEqual(nextRequestError(&parser)?.status.code, 431)
    }

    func testManyShortHeaderLinesStillArrivingOverLimitIs431() {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxHeaderBytes: 64, maxHeaderCount: 1000))
        parser.append(bytes(requestLine + "Host: h\r\n"))
        XCTAssertNil(nextRequestError(&parser))
        var status: Int?
        for _ in 0..<20 where status == nil {
            parser.append(bytes("X-A: 1\r\n"))
            status = nextRequestError(&parser)?.status.code
        }
        XCTAssertEqual(status, 431)
    }

    func testHeaderCountAtLimitIsAccepted() {
        let run = assertSplitInvariant(requestLine + "Host: h\r\nA: 1\r\nB: 2\r\n\r\n", limits: HTTPLimits(maxHeaderCount: 3))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.headers.count, 3)
    }

    func testHeaderCountOverLimitIs431() {
        assertRejected(requestLine + "Host: h\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", status: 431, limits: HTTPLimits(maxHeaderCount: 3))
    }

    func testHeaderCountOverLimitIs431HoweverSplit() {
        let run = assertSplitInvariant(requestLine + "Host: h\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: HTTPLimits(maxHeaderCount: 3))
        XCTAssertEqual(run.status, 431)
    }

    func testContentLengthAtLimitIsAccepted() {
        let run = assertSplitInvariant("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n0123456789",
                                       limits: HTTPLimits(maxBodyBytes: 10))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("0123456789"))
    }

    func testContentLengthOverLimitIs413BeforeAnyBodyByte() {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxBodyBytes: 10))
        parser.append(bytes("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n"))
        XCTAssertEqual(nextRequestError(&parser)?.status.code, 413)
    }

    func testHugeContentLengthIs413() {
        assertRejected("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999999\r\n\r\n", status: 413)
    }

    func testChunkedBodyAtLimitIsAccepted() {
        let run = assertSplitInvariant("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n",
                                       limits: HTTPLimits(maxBodyBytes: 10))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("helloworld"))
    }

    func testChunkedBodyOverLimitIs413() {
        assertRejected("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\nworld!\r\n0\r\n\r\n",
                       status: 413, limits: HTTPLimits(maxBodyBytes: 10))
    }

    func testChunkOverLimitIs413FromItsSizeLineAlone() {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxBodyBytes: 10))
        parser.append(bytes("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nb\r\n"))
        XCTAssertEqual(nextRequestError(&parser)?.status.code, 413)
    }

    func testChunkedBodyOverLimitIs413HoweverSplit() {
        let run = assertSplitInvariant("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n4\r\nefgh\r\n4\r\nijkl\r\n0\r\n\r\n",
                                       limits: HTTPLimits(maxBodyBytes: 10))
        XCTAssertEqual(run.status, 413)
    }

    func testChunkedTrailersWithinHeaderLimitAreAccepted() {
        let run = assertSplitInvariant("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\nX-T: 1234\r\n\r\n",
                                       limits: HTTPLimits(maxHeaderBytes: 40))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("a"))
    }

    func testChunkedTrailersOverHeaderLimitAre431() {
        let trailer = "X-Trailer: " + String(repeating: "t", count: 60) + "\r\n"
        let run = assertSplitInvariant("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n" + trailer + "\r\n",
                                       limits: HTTPLimits(maxHeaderBytes: 48))
        XCTAssertEqual(run.status, 431, "error: \(String(describing: run.error))")
    }
}
