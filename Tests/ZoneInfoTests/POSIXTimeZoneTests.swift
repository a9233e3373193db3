import Foundation
@testable import ZoneInfo
import XCTest

/// TZ strings as TZif footers hold them, parsed and evaluated on their own.
final class POSIXTimeZoneTests: XCTestCase {
    private func parse(_ text: String) throws -> POSIXTimeZone {
        try POSIXTimeZone(parsing: text)
    }

    private func type(_ text: String, _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) throws -> LocalTimeType {
        try parse(text).type(atSeconds: LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute).localSeconds)
    }

    func testCentralEuropeanRule() throws {
        let zone = try parse("CET-1CEST,M3.5.0,M10.5.0/3")
        XCTAssertEqual(zone.standard, LocalTimeType(offset: 3600, isDaylightSaving: false, abbreviation: "CET"))
        XCTAssertEqual(zone.daylight, POSIXTimeZone.Daylight(
            type: LocalTimeType(offset: 7200, isDaylightSaving: true, abbreviation: "CEST"),
            start: .init(day: .monthWeekDay(month: 3, week: 5, weekday: 0), time: 7200),
            end: .init(day: .monthWeekDay(month: 10, week: 5, weekday: 0), time: 10800)))
        // 2026: last Sundays are 29 March and 25 October; both switches at 01:00 UTC.
        let changes = zone.changes(fromYear: 2026, throughYear: 2026)
        XCTAssertEqual(changes.map(\.instant), [1_774_746_000, 1_792_890_000])
        XCTAssertEqual(changes.map(\.type.abbreviation), ["CEST", "CET"])
        XCTAssertEqual(zone.type(atSeconds: 1_774_746_000 - 1).abbreviation, "CET")
        XCTAssertEqual(zone.type(atSeconds: 1_774_746_000).abbreviation, "CEST")
        XCTAssertEqual(zone.type(atSeconds: 1_792_890_000 - 1).abbreviation, "CEST")
        XCTAssertEqual(zone.type(atSeconds: 1_792_890_000).abbreviation, "CET")
    }

    func testQuotedNamesAndMinutes() throws {
        let tehran = try parse("<+0330>-3:30")
        XCTAssertEqual(tehran.standard, LocalTimeType(offset: 12_600, isDaylightSaving: false, abbreviation: "+0330"))
        XCTAssertNil(tehran.daylight)
        XCTAssertEqual(try parse("IST-5:30").standard.offset, 19_800)
        XCTAssertEqual(try parse("<-03>3").standard, LocalTimeType(offset: -10_800, isDaylightSaving: false, abbreviation: "-03"))
        XCTAssertEqual(try parse("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45").daylight?.type.offset, 49_500)
        XCTAssertEqual(try parse("XXX+1:02:03").standard.offset, -3723)
        XCTAssertEqual(try parse("UTC0").standard, LocalTimeType(offset: 0, isDaylightSaving: false, abbreviation: "UTC"))
    }

    func testNorthAmericanRuleAndDefaults() throws {
        let zone = try parse("EST5EDT,M3.2.0,M11.1.0")
        XCTAssertEqual(zone.standard.offset, -18_000)
        XCTAssertEqual(zone.daylight?.type.offset, -14_400, "one hour east of standard when not given")
        XCTAssertEqual(zone.daylight?.start.time, 7200, "02:00 when not given")
        // 2026: 8 March 02:00 EST = 07:00 UTC; 1 November 02:00 EDT = 06:00 UTC.
        XCTAssertEqual(zone.changes(fromYear: 2026, throughYear: 2026).map(\.instant), [1_772_953_200, 1_793_512_800])
        XCTAssertEqual(try parse("EST5EDT"), zone, "a daylight name without a rule takes the US rule")
        XCTAssertEqual(try parse("EST5EDT4,M3.2.0/2,M11.1.0/02:00:00"), zone)
    }

    func testSouthernHemisphere() throws {
        let sydney = "AEST-10AEDT,M10.1.0,M4.1.0/3"
        XCTAssertEqual(try type(sydney, 2026, 1, 15).abbreviation, "AEDT")
        XCTAssertEqual(try type(sydney, 2026, 7, 15).abbreviation, "AEST")
        XCTAssertEqual(try type(sydney, 2026, 12, 31, 23, 59).abbreviation, "AEDT")
        XCTAssertEqual(try type(sydney, 2027, 1, 1).abbreviation, "AEDT")
    }

    func testJulianDayForms() throws {
        // Jn never counts 29 February: J60 is 1 March in every year.
        for year in [2023, 2024] {
            let start = try parse("XXX3YYY,J60/0,J300").changes(fromYear: year, throughYear: year)[0].instant
            XCTAssertEqual(LocalDateTime(localSeconds: start - 10_800), LocalDateTime(year: year, month: 3, day: 1), "\(year)")
        }
        // n counts it: day 59 is 29 February in a leap year and 1 March otherwise.
        let leap = try parse("XXX3YYY,59/0,300").changes(fromYear: 2024, throughYear: 2024)[0].instant
        XCTAssertEqual(LocalDateTime(localSeconds: leap - 10_800), LocalDateTime(year: 2024, month: 2, day: 29))
        let common = try parse("XXX3YYY,59/0,300").changes(fromYear: 2023, throughYear: 2023)[0].instant
        XCTAssertEqual(LocalDateTime(localSeconds: common - 10_800), LocalDateTime(year: 2023, month: 3, day: 1))
        XCTAssertEqual(try parse("XXX3YYY,J1,J365").daylight?.end.day, .julian(365))
        XCTAssertEqual(try parse("XXX3YYY,0,365").daylight?.start.day, .zeroBased(0))
    }

    func testMonthWeekDayFindsTheFifthOrTheLast() {
        // May 2026 has five Sundays (3, 10, 17, 24, 31); February 2026 four (1, 8, 15, 22).
        func date(_ day: RuleDay, _ year: Int) -> LocalDateTime { LocalDateTime(localSeconds: day.dayNumber(inYear: year) * 86_400) }
        XCTAssertEqual(date(.monthWeekDay(month: 5, week: 5, weekday: 0), 2026), LocalDateTime(year: 2026, month: 5, day: 31))
        XCTAssertEqual(date(.monthWeekDay(month: 2, week: 5, weekday: 0), 2026), LocalDateTime(year: 2026, month: 2, day: 22))
        XCTAssertEqual(date(.monthWeekDay(month: 2, week: 1, weekday: 0), 2026), LocalDateTime(year: 2026, month: 2, day: 1))
        XCTAssertEqual(date(.monthWeekDay(month: 2, week: 5, weekday: 0), 2032), LocalDateTime(year: 2032, month: 2, day: 29))
        XCTAssertEqual(date(.monthWeekDay(month: 12, week: 5, weekday: 4), 2026), LocalDateTime(year: 2026, month: 12, day: 31))
    }

    func testNegativeAndExtendedHours() throws {
        // America/Nuuk's footer (TZif version 3): changes at -1:00 and 0:00 local.
        let nuuk = try parse("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        XCTAssertEqual(nuuk.daylight?.start.time, -3600)
        // Saturday 28 March 2026 23:00 -02 = 29 March 01:00 UTC, with Europe.
        XCTAssertEqual(nuuk.changes(fromYear: 2026, throughYear: 2026).map(\.instant), [1_774_746_000, 1_792_890_000])
        XCTAssertEqual(try parse("XXX3YYY,M3.5.0/167,M10.5.0/-167").daylight?.end.time, -167 * 3600)
        XCTAssertEqual(try parse("XXX3YYY,M3.5.0/+25:30,M10.5.0").daylight?.start.time, 25 * 3600 + 1800)
    }

    func testDaylightSavingTimeAllYear() throws {
        // RFC 8536 3.3.1: in daylight saving time all year, the rule ending when the next year's starts.
        let zone = try parse("EST5EDT,0/0,J365/25")
        for (year, month, day, hour) in [(2026, 1, 1, 0), (2026, 6, 1, 12), (2026, 12, 31, 23), (2027, 1, 1, 0), (2027, 1, 1, 1)] {
            XCTAssertEqual(try type("EST5EDT,0/0,J365/25", year, month, day, hour).abbreviation, "EDT", "\(year)-\(month)-\(day) \(hour)h")
        }
        XCTAssertEqual(zone.type(atSeconds: 0).offset, -14_400)
    }

    func testMalformedStringsAreRefused() {
        let refused = [
            "", "CE-1", "CET", "CET-", "CET-1CE", "<+03", "<+03>", "<>3", "<+0 3>-3", "C3T-1", "CET-25", "CET-1:60", "CET-1:5:60",
            "CET-001", "CET-1CEST,", "CET-1CEST,M3.5.0", "CET-1CEST,M3.5.0,", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M0.5.0,M10.5.0",
            "CET-1CEST,M3.6.0,M10.5.0", "CET-1CEST,M3.0.0,M10.5.0", "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,M3.5,M10.5.0",
            "CET-1CEST,J0,J365", "CET-1CEST,J366,J1", "CET-1CEST,366,1", "CET-1CEST,M3.5.0/168,M10.5.0", "CET-1CEST,M3.5.0/-168,M10.5.0",
            "CET-1CEST,M3.5.0,M10.5.0/3 ", "CET-1CEST,M3.5.0,M10.5.0/3,", "CET-1CEST;M3.5.0,M10.5.0", " CET-1", "CET-1\n",
            "CET-1CEST,M3.5.0/,M10.5.0", "CET-1CEST,M3.5.0/1:,M10.5.0", "CET-99999999999999999999",
        ]
        for text in refused {
            XCTAssertThrowsError(try parse(text), text) { error in
                guard case .malformed(let detail) = error as? ZoneInfoError else { return XCTFail("\(text): \(error)") }
                XCTAssertTrue(detail.hasPrefix("TZ string"), detail)
            }
        }
    }

    func testEveryPrefixOfAValidStringParsesOrThrows() {
        let text = "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45"
        var parsed: [String] = []
        for length in 0...text.utf8.count {
            let prefix = String(decoding: text.utf8.prefix(length), as: UTF8.self)
            if (try? POSIXTimeZone(parsing: prefix)) != nil { parsed.append(prefix) }
        }
        XCTAssertEqual(parsed, ["<+1245>-1", "<+1245>-12", "<+1245>-12:4", "<+1245>-12:45", "<+1245>-12:45<+1345>",
                                "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0", "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3",
                                "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:4", text])
    }
}
