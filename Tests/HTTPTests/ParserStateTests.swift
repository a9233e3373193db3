import HTTP
import XCTest

/// `hasPartialRequest` and `isReadingBody` as a request arrives, and the parser staying failed after an error.
final class ParserStateTests: XCTestCase {
    func testFreshParserHasNothingPartial() {
        let parser = HTTPRequestParser()
        XCTAssertFalse(parser.hasPartialRequest)
        XCTAssertFalse(parser.isReadingBody)
    }

    func testEmptyLinesAloneAreNotAPartialRequest() {
        var parser = HTTPRequestParser()
        parser.append(bytes("\r\n\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertFalse(parser.hasPartialRequest)
        parser.append(bytes("\r"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertFalse(parser.hasPartialRequest)
    }

    func testFirstByteOfARequestMakesItPartial() {
        var parser = HTTPRequestParser()
        parser.append(bytes("G"))
        XCTAssertTrue(parser.hasPartialRequest)
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.hasPartialRequest)
        XCTAssertFalse(parser.isReadingBody)
    }

    func testPartialAfterLeadingEmptyLines() {
        var parser = HTTPRequestParser()
        parser.append(bytes("\r\n\r\nGE"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.hasPartialRequest)
    }

    func testIncompleteHeadIsPartialButNotReadingBody() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.hasPartialRequest)
        XCTAssertFalse(parser.isReadingBody)
    }

    func testContentLengthBodyTransitions() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.hasPartialRequest)
        XCTAssertTrue(parser.isReadingBody)

        parser.append(bytes("ab"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.hasPartialRequest)
        XCTAssertTrue(parser.isReadingBody)

        parser.append(bytes("cd"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("abcd"))
        XCTAssertFalse(parser.hasPartialRequest)
        XCTAssertFalse(parser.isReadingBody)
        XCTAssertNil(nextRequest(&parser))
    }

    func testChunkedBodyTransitions() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.isReadingBody)
        XCTAssertTrue(parser.hasPartialRequest)

        parser.append(bytes("3\r\nabc\r\n0\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.isReadingBody, "trailers still to come")

        parser.append(bytes("\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("abc"))
        XCTAssertFalse(parser.isReadingBody)
        XCTAssertFalse(parser.hasPartialRequest)
    }

    func testRequestWithoutBodyNeverReadsBody() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"))
        XCTAssertNotNil(nextRequest(&parser))
        XCTAssertFalse(parser.isReadingBody)
        XCTAssertFalse(parser.hasPartialRequest)
    }

    func testStartOfNextRequestIsPartialAfterOneIsTaken() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HT"))
        XCTAssertEqual(nextRequest(&parser)?.target, "/a")
        XCTAssertTrue(parser.hasPartialRequest)
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.hasPartialRequest)
    }

    func testErrorIsThrownAgainOnEveryCall() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET / HTTP/2.0\r\nHost: h\r\n\r\n"))
        let first = nextRequestError(&parser)
        XCTAssertEqual(first?.status.code, 505)
        XCTAssertEqual(nextRequestError(&parser), first)
        XCTAssertEqual(nextRequestError(&parser), first)
    }

    func testErrorIsThrownAgainAfterValidBytesArrive() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET / HTTP/1.1\r\n\r\n"))
        let first = nextRequestError(&parser)
        XCTAssertEqual(first?.status.code, 400)
        parser.append(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"))
        XCTAssertEqual(nextRequestError(&parser), first)
    }

    func testLimitErrorIsThrownAgain() {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxRequestLineBytes: 8))
        parser.append(bytes("GET /long-target"))
        let first = nextRequestError(&parser)
        XCTAssertEqual(first?.status.code, 414)
        parser.append(bytes(" HTTP/1.1\r\nHost: h\r\n\r\n"))
        XCTAssertEqual(nextRequestError(&parser), first)
    }

    func testBodyErrorIsThrownAgain() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nq\r\n"))
        let first = nextRequestError(&parser)
        XCTAssertEqual(first?.status.code, 400)
        parser.append(bytes("0\r\n\r\n"))
        XCTAssertEqual(nextRequestError(&parser), first)
    }

    func testTargetErrorIsThrownAgain() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET /%zz HTTP/1.1\r\nHost: h\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n"))
        let first = nextRequestError(&parser)
        XCTAssertEqual(first?.status.code, 400)
        XCTAssertEqual(nextRequestError(&parser), first)
    }

    func testFailedParserHasNothingPartial() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.isReadingBody)
        parser.append(bytes("nothex\r\n"))
        XCTAssertNotNil(nextRequestError(&parser))
        XCTAssertFalse(parser.hasPartialRequest)
        XCTAssertFalse(parser.isReadingBody)
    }
}
