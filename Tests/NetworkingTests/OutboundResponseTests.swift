import HTTP
import Networking
import XCTest

/// What the sender reads of a webhook's answer for its retries and its error reports.
final class OutboundResponseTests: XCTestCase {
    func testRetryAfterInSecondsIsTheWaitAsked() {
        let response = OutboundResponse(status: 429, headers: ["retry-after": " 30 "])
        XCTAssertEqual(response.header("Retry-After"), " 30 ")
        XCTAssertEqual(response.retryAfter(nowSecondsSince1970: 0), .seconds(30))
    }

    func testRetryAfterAsADateIsTheTimeUntilThen() {
        // Sun, 06 Nov 1994 08:49:37 GMT is 784111777.
        let response = OutboundResponse(status: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"])
        XCTAssertEqual(response.retryAfter(nowSecondsSince1970: 784_111_777 - 90), .seconds(90))
        XCTAssertEqual(response.retryAfter(nowSecondsSince1970: 784_111_777 + 90), .seconds(0), "a date past is no wait")
    }

    func testNoOrAnUnreadableRetryAfterIsNoAnswer() {
        XCTAssertNil(OutboundResponse(status: 429).retryAfter(nowSecondsSince1970: 0))
        XCTAssertNil(OutboundResponse(status: 429, headers: ["Retry-After": "soon"]).retryAfter(nowSecondsSince1970: 0))
        XCTAssertNil(OutboundResponse(status: 429, headers: ["Retry-After": "-5"]).retryAfter(nowSecondsSince1970: 0))
        XCTAssertEqual(OutboundResponse(status: 429, headers: ["Retry-After": "99999999999999999999999"])
                        .retryAfter(nowSecondsSince1970: 0), .seconds(Int.max), "too large to read is still a long wait")
    }

    func testTheExcerptIsTheBodyAsOneLineOfAtMost300Characters() {
        let short = OutboundResponse(status: 400, body: Array(#"{"message": "Invalid Webhook Token",\#n"code": 50027}"#.utf8))
        XCTAssertEqual(short.excerpt, #"{"message": "Invalid Webhook Token", "code": 50027}"#)
        let long = OutboundResponse(status: 500, body: Array(String(repeating: "é", count: 1000).utf8))
        XCTAssertEqual(long.excerpt, String(repeating: "é", count: 300) + "…")
        XCTAssertEqual(OutboundResponse(status: 500, body: Array(String(repeating: "x", count: 300).utf8)).excerpt,
                       String(repeating: "x", count: 300), "exactly 300 is all of it")
    }

    /// A webhook's answer ends up in a log and on a page: it cannot start lines of its own, ring a
    /// terminal, or turn the text around it backwards.
    func testControlAndDirectionCharactersInTheExcerptAreReplaced() {
        let body = Array("bad\u{1B}[31mred\u{7}\r\nnext\u{202E}txet\u{0}end".utf8)
        XCTAssertEqual(OutboundResponse(status: 400, body: body).excerpt, "bad\u{FFFD}[31mred\u{FFFD} next\u{FFFD}txet\u{FFFD}end")
        XCTAssertEqual(OutboundResponse(status: 400, body: [0x66, 0xFF, 0x6F]).excerpt, "f\u{FFFD}o", "bytes that are not UTF-8")
    }

    func testOnly2xxIsSuccess() {
        XCTAssertTrue(OutboundResponse(status: 204).isSuccess)
        XCTAssertFalse(OutboundResponse(status: 302).isSuccess)
        XCTAssertFalse(OutboundResponse(status: 429).isSuccess)
    }
}
