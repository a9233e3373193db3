import Foundation
import GatherDomain
import GatherWire
import ValidationAssertions
import XCTest

/// Dates are read as RFC 3339 says, with real calendar days: a typo is refused, never moved.
final class InternetDateTests: XCTestCase {
    private func seconds(_ text: String) -> Double? {
        InternetDate.parse(text)?.timeIntervalSince1970
    }

    func testTheFormsTheRFCAllows() {
        XCTAssertEqual(seconds("1970-01-01T00:00:00Z"), 0)
        XCTAssertEqual(seconds("2026-01-02T03:04:05Z"), 1_767_323_045)
        XCTAssertEqual(seconds("2026-01-02t03:04:05z"), 1_767_323_045, "T and Z in either case")
        XCTAssertEqual(seconds("2026-01-02T04:04:05+01:00"), 1_767_323_045)
        XCTAssertEqual(seconds("2026-01-01T22:34:05-04:30"), 1_767_323_045)
        XCTAssertEqual(seconds("2026-01-02T03:04:05.25Z"), 1_767_323_045.25)
        XCTAssertEqual(seconds("2024-02-29T00:00:00Z"), 1_709_164_800, "a leap day")
        XCTAssertEqual(seconds("2000-02-29T00:00:00Z"), 951_782_400, "a leap day of a 400th year")
        XCTAssertEqual(seconds("1969-12-31T23:59:59Z"), -1)
        XCTAssertEqual(seconds("0001-01-01T00:00:00Z"), -62_135_596_800)
        XCTAssertEqual(seconds("2016-12-31T23:59:60Z"), 1_483_228_800, "a leap second reads as the next minute")
    }

    func testWhatFoundationWouldHaveMovedIsRefused() {
        for text in ["924-10-29T15:10:00Z", "2026-02-30T03:04:05Z", "2025-02-29T00:00:00Z", "1900-02-29T00:00:00Z",
                     "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z",
                     "2026-01-02T24:00:00Z", "2026-01-02T03:60:00Z", "2026-01-02T03:04:61Z", "2026-1-2T03:04:05Z",
                     "2026-01-02T3:04:05Z"] {
            XCTAssertNil(InternetDate.parse(text), text)
        }
    }

    func testOtherSpellingsAreRefused() {
        for text in ["", "2026-01-02", "2026-01-02 03:04:05Z", "20260102T030405Z", "2026-01-02T03:04:05", "+2026-01-02T03:04:05Z",
                     "2026-01-02T03:04:05+0100", "2026-01-02T03:04:05+01", "2026-01-02T03:04:05.Z", "2026-01-02T03:04:05Z ",
                     " 2026-01-02T03:04:05Z", "2026-01-02T03:04:05+24:00", "2026-01-02T03:04:05+01:60", "２０２６-01-02T03:04:05Z",
                     "2026-01-02T03:04:05ZZ"] {
            XCTAssertNil(InternetDate.parse(text), text.debugDescription)
        }
    }

    func testWhatIsWrittenReadsBackToTheSecond() {
        for seconds in [0, 1_767_323_045.75, -1, -62_135_596_800, -12_219_292_800 - 86_400, 253_402_300_799] as [Double] {
            let date = Date(timeIntervalSince1970: seconds)
            let text = InternetDate.string(from: date)
            XCTAssertEqual(InternetDate.parse(text), InternetDate.wholeSecond(date), text)
        }
        XCTAssertEqual(InternetDate.string(from: Date(timeIntervalSince1970: 1_767_323_045.75)), "2026-01-02T03:04:05Z")
        // The day before the Gregorian reform, as the proleptic calendar names it (Foundation's
        // formatter would write the Julian 1582-10-04, which no parser here reads back the same).
        XCTAssertEqual(InternetDate.string(from: Date(timeIntervalSince1970: -12_219_292_800 - 86_400)), "1582-10-14T00:00:00Z")
        XCTAssertEqual(InternetDate.string(from: Date(timeIntervalSince1970: -62_135_596_800)), "0001-01-01T00:00:00Z")
    }

    func testARefusedDateInABodyNamesItsField() {
        let failure = expectDecodingFailure(GatherDraft.self, #"{"createdAt":"2026-02-30T03:04:05Z"}"#)
        XCTAssertEqual(failure?.reason, "createdAt must be a date and time like 2026-01-02T03:04:05Z")
    }

    func testTheServersOwnDatesReadBack() throws {
        let gather = Gather(id: UUID(), userID: UUID(), result: try GatherResult(score: "2-1", winnerTeam: "Team A"),
                            createdAt: Date(timeIntervalSince1970: 1_767_323_045))
        let read = try WireFormat.decoder().decode(Gather.self, from: WireFormat.encode(gather))
        XCTAssertEqual(read.createdAt, gather.createdAt)
    }
}
