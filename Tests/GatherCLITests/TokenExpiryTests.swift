import Foundation
@testable import GatherCLI
import XCTest

/// `gather token create --expires`: spans, days and never, and every other text refused with the forms.
final class TokenExpiryTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
    private var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }

    func testSpansCountWholeDaysFromNow() throws {
        XCTAssertEqual(try TokenExpiry.parse("90d", now: now, calendar: utc), now.addingTimeInterval(90 * 86_400))
        XCTAssertEqual(try TokenExpiry.parse("12w", now: now, calendar: utc), now.addingTimeInterval(84 * 86_400))
        XCTAssertEqual(try TokenExpiry.parse("1Y", now: now, calendar: utc), now.addingTimeInterval(365 * 86_400))
        XCTAssertNil(try TokenExpiry.parse("never", now: now, calendar: utc))
    }

    func testADayMeansItsStartHere() throws {
        XCTAssertEqual(try TokenExpiry.parse("2027-03-01", now: now, calendar: utc), Date(timeIntervalSince1970: 1_803_859_200))
    }

    func testAnythingElseIsAUsageErrorThatShowsTheForms() {
        for text in ["", "90", "0d", "-3d", "3m", "2027-02-30", "2027-13-01", "soon", "1y2d"] {
            XCTAssertThrowsError(try TokenExpiry.parse(text, now: now, calendar: utc), text) { error in
                let failure = error as? CommandFailure
                XCTAssertEqual(failure?.code, .usage, text)
                XCTAssertTrue(failure?.message.contains("90d, 12w, 1y") ?? false, "\(text): \(failure?.message ?? "")")
            }
        }
        XCTAssertThrowsError(try TokenExpiry.parse("2026-01-01", now: now, calendar: utc)) { error in
            XCTAssertEqual((error as? CommandFailure)?.message, "--expires 2026-01-01 is not in the future")
        }
    }
}
