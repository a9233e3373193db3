import HTTP
import XCTest

/// Several requests on one connection, sent before any response (RFC 9112 §9.3.2).
final class PipeliningTests: XCTestCase {
    func testTwoRequestsInOneFeedAreTakenInOrder() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET /first HTTP/1.1\r\nHost: h\r\n\r\nGET /second HTTP/1.1\r\nHost: h\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.target, "/first")
        XCTAssertEqual(nextRequest(&parser)?.target, "/second")
        XCTAssertNil(nextRequest(&parser))
        XCTAssertFalse(parser.hasPartialRequest)
    }

    func testRequestsWithEveryKindOfBody() {
        let run = assertSplitInvariant(
            "POST /length HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nfirst"
                + "POST /chunked HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nsecond\r\n0\r\n\r\n"
                + "GET /none HTTP/1.1\r\nHost: h\r\n\r\n"
                + "PUT /last HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nlast")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.target), ["/length", "/chunked", "/none", "/last"])
        XCTAssertEqual(run.requests.map(\.body), [bytes("first"), bytes("second"), [], bytes("last")])
    }

    func testSecondRequestArrivingLaterIsDelivered() {
        var parser = HTTPRequestParser()
        parser.append(bytes("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nokGET /b HTTP/1.1\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.body, bytes("ok"))
        XCTAssertNil(nextRequest(&parser))
        XCTAssertTrue(parser.hasPartialRequest)
        parser.append(bytes("Host: h\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.target, "/b")
    }

    func testEmptyLineAfterABodyIsIgnored() {
        let run = parse("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nok\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.target), ["/a", "/b"])
    }

    func testErrorInSecondRequestComesAfterTheFirstIsDelivered() {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET /ok HTTP/1.1\r\nHost: h\r\n\r\nGET /bad HTTP/9.9\r\nHost: h\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.target, "/ok")
        XCTAssertEqual(nextRequestError(&parser)?.status.code, 505)
    }

    func testManyRequestsInOneFeed() {
        let input = (0..<200).map { "GET /item/\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined()
        let run = parse(input)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.pathSegments), (0..<200).map { ["item", "\($0)"] })
    }

    func testLimitsApplyToEachRequestSeparately() {
        let limits = HTTPLimits(maxRequestLineBytes: 32, maxHeaderBytes: 32, maxHeaderCount: 2, maxBodyBytes: 8)
        let one = "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 8\r\n\r\n12345678"
        let run = parse(String(repeating: one, count: 10), limits: limits)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 10)
    }
}
