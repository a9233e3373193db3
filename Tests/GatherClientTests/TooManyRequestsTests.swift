@testable import GatherClient
import XCTest

final class TooManyRequestsTests: XCTestCase {
    func testTheWaitIsSaidInTheUnitAPersonThinksIn() {
        XCTAssertEqual(TooManyRequests.wait(1), "1 second")
        XCTAssertEqual(TooManyRequests.wait(45), "45 seconds")
        XCTAssertEqual(TooManyRequests.wait(60), "1 minute")
        XCTAssertEqual(TooManyRequests.wait(61), "2 minutes")
        XCTAssertEqual(TooManyRequests.wait(896), "15 minutes")
        XCTAssertEqual(TooManyRequests.wait(3_600), "1 hour")
        XCTAssertEqual(TooManyRequests.wait(3_601), "2 hours")
    }

    func testTheServersReasonBecomesASentence() {
        XCTAssertEqual(TooManyRequests.message(reason: "too many failed logins; try again in 896 seconds", retryAfter: "896"),
                       "Too many failed logins; try again in 15 minutes")
        XCTAssertEqual(TooManyRequests.message(reason: "too many registrations from this address", retryAfter: nil),
                       "Too many registrations from this address; try again later")
        XCTAssertEqual(TooManyRequests.message(reason: "", retryAfter: "soon"), "Too many requests; try again later")
    }
}
