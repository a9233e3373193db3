import HTTP
import XCTest

/// `Expect: 100-continue` (RFC 9110 §10.1.1): when the connection should send `100 Continue`.
final class ExpectContinueTests: XCTestCase {
    private let head = "POST /upload HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"

    func testContinueRequestedOnceWhileBodyHasNotArrived() {
        var parser = HTTPRequestParser()
        parser.append(bytes(head))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.takeContinueRequest())
        XCTAssertFalse(parser.takeContinueRequest())
        XCTAssertNil(nextRequest(&parser))
        XCTAssertFalse(parser.takeContinueRequest())

        parser.append(bytes("hello"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("hello"))
        XCTAssertFalse(parser.takeContinueRequest())
    }

    func testNoContinueWhenBodyArrivesInTheSameFeed() {
        var parser = HTTPRequestParser()
        parser.append(bytes(head + "hello"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("hello"))
        XCTAssertFalse(parser.takeContinueRequest())
    }

    func testNoContinueOnceTheBodyHasArrivedEvenIfNotTaken() {
        var parser = HTTPRequestParser()
        parser.append(bytes(head))
        XCTAssertNil(nextRequest(&parser))
        parser.append(bytes("hello"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("hello"))
        XCTAssertFalse(parser.takeContinueRequest())
    }

    func testContinueWhilePartOfTheBodyHasArrived() {
        var parser = HTTPRequestParser()
        parser.append(bytes(head + "he"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.takeContinueRequest())
    }

    func testNoContinueForHTTP10() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST /upload HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertFalse(parser.takeContinueRequest())
        parser.append(bytes("hello"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("hello"))
    }

    func testNoContinueForARequestWithoutBody() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n\r\n"))
        XCTAssertNotNil(nextRequest(&parser))
        XCTAssertFalse(parser.takeContinueRequest())
    }

    func testContinueForChunkedBodyNotYetArrived() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.takeContinueRequest())
        parser.append(bytes("3\r\nabc\r\n0\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("abc"))
        XCTAssertFalse(parser.takeContinueRequest())
    }

    func testNoContinueForChunkedBodyInTheSameFeed() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("abc"))
        XCTAssertFalse(parser.takeContinueRequest())
    }

    func testExpectationIsCaseInsensitive() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST /u HTTP/1.1\r\nHost: h\r\nexpect: 100-Continue\r\nContent-Length: 1\r\n\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.takeContinueRequest())
    }

    func testNoContinueWithoutExpect() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST /u HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\n"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertFalse(parser.takeContinueRequest())
    }

    func testOtherExpectationIs417() {
        assertRejected("POST /u HTTP/1.1\r\nHost: h\r\nExpect: something-else\r\nContent-Length: 1\r\n\r\nx", status: 417)
    }

    func testOtherExpectationBesideContinueIs417() {
        assertRejected("POST /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue, foo\r\nContent-Length: 1\r\n\r\nx", status: 417)
    }

    func testOtherExpectationWithoutBodyIs417() {
        assertRejected("GET / HTTP/1.1\r\nHost: h\r\nExpect: something-else\r\n\r\n", status: 417)
    }
}
