import HTTP
import XCTest

/// A request without an `Authorization` header is held to `maxAnonymousBodyBytes`; one with the
/// header keeps `maxBodyBytes`. Either way the limit is applied as bytes arrive.
final class AnonymousBodyLimitTests: XCTestCase {
    private let limits: HTTPLimits = {
        var limits = HTTPLimits(maxBodyBytes: 64)
        limits.maxAnonymousBodyBytes = 8
        return limits
    }()

    private func post(_ framing: String, authorized: Bool) -> String {
        "POST /x HTTP/1.1\r\nHost: h\r\n" + (authorized ? "Authorization: Bearer t\r\n" : "") + framing
    }

    func testAnAnonymousContentLengthOverTheLimitIs413BeforeAnyBodyByte() {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(bytes(post("Content-Length: 9\r\n\r\n", authorized: false)))
        let error = nextRequestError(&parser)
        XCTAssertEqual(error?.status.code, 413)
        XCTAssertEqual(error?.reason, "body exceeds 8 bytes")
    }

    func testAnAnonymousBodyAtTheLimitIsAcceptedHoweverSplit() {
        let run = assertSplitInvariant(post("Content-Length: 8\r\n\r\n12345678", authorized: false), limits: limits)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.body), [Array("12345678".utf8)])
    }

    func testAnAuthorizationHeaderKeepsTheOrdinaryLimit() {
        let body = String(repeating: "b", count: 64)
        let run = assertSplitInvariant(post("Content-Length: 64\r\n\r\n" + body, authorized: true), limits: limits)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.body), [Array(body.utf8)])
        assertRejected(post("Content-Length: 65\r\n\r\n", authorized: true), status: 413, limits: limits)
    }

    func testAnAnonymousChunkedBodyIs413AsSoonAsItPassesTheLimit() {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(bytes(post("Transfer-Encoding: chunked\r\n\r\n5\r\n12345\r\n", authorized: false)))
        XCTAssertNil(nextRequestError(&parser), "5 bytes are within the limit")
        XCTAssertTrue(parser.isReadingAnonymousBody)
        // The next chunk's size line alone takes the body past 8 bytes: refused before its data.
        parser.append(bytes("4\r\n"))
        XCTAssertEqual(nextRequestError(&parser)?.status.code, 413)
        XCTAssertFalse(parser.isReadingAnonymousBody)
    }

    func testAnAuthorizedChunkedBodyIsNotAnonymous() {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(bytes(post("Transfer-Encoding: chunked\r\n\r\n5\r\n12345\r\n4\r\n6789\r\n", authorized: true)))
        XCTAssertNil(nextRequestError(&parser))
        XCTAssertTrue(parser.isReadingBody)
        XCTAssertFalse(parser.isReadingAnonymousBody)
        parser.append(bytes("0\r\n\r\n"))
        XCTAssertEqual(nextRequest(&parser)?.body, Array("123456789".utf8))
    }

    func testTheAnonymousLimitNeverRaisesTheOrdinaryOne() {
        var generous = HTTPLimits(maxBodyBytes: 8)
        generous.maxAnonymousBodyBytes = 64
        assertRejected(post("Content-Length: 9\r\n\r\n", authorized: false), status: 413, limits: generous)
    }

    func testWithoutAnAnonymousLimitEveryRequestHasTheOrdinaryOne() {
        XCTAssertNil(HTTPLimits.default.maxAnonymousBodyBytes)
        let body = String(repeating: "b", count: 5000)
        XCTAssertNil(parse(post("Content-Length: 5000\r\n\r\n" + body, authorized: false)).error)
    }
}
