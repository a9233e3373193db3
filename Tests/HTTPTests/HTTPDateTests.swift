import HTTP
import XCTest

/// IMF-fixdate formatting and reading (RFC 9110 §5.6.7).
final class HTTPDateTests: XCTestCase {
    func testRFCExample() {
        XCTAssertEqual(HTTPDate.format(secondsSince1970: 784111777), "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    func testEpoch() {
        XCTAssertEqual(HTTPDate.format(secondsSince1970: 0), "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    func testLeapDay() {
        XCTAssertEqual(HTTPDate.format(secondsSince1970: 951782400), "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    func testEndOf32BitTime() {
        XCTAssertEqual(HTTPDate.format(secondsSince1970: 2147483647), "Tue, 19 Jan 2038 03:14:07 GMT")
    }

    func testNowHasFixedShape() {
        let now = Array(HTTPDate.format(secondsSince1970: time(nil)).utf8)
        XCTAssertEqual(now.count, 29)
        XCTAssertEqual(String(decoding: now.suffix(4), as: UTF8.self), " GMT")
        XCTAssertEqual(now[3], UInt8(ascii: ","))
    }

    func testReadingGivesBackWhatWasWritten() {
        XCTAssertEqual(HTTPDate.secondsSince1970(parsing: "Sun, 06 Nov 1994 08:49:37 GMT"), 784111777)
        for seconds in [0, 951782400, 2147483647, 1_795_000_000, time(nil)] {
            XCTAssertEqual(HTTPDate.secondsSince1970(parsing: HTTPDate.format(secondsSince1970: seconds)), seconds)
        }
    }

    func testAnythingButAnIMFFixdateIsRefused() {
        for text in ["", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
                     "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
                     "Sun, 06 Nov 1994 08:49 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
                     "Sun, 06 Nov 1994  08:49:37 GMT", "Sun, +6 Nov 1994 08:49:37 GMT"] {
            XCTAssertNil(HTTPDate.secondsSince1970(parsing: text), text)
        }
    }
}
