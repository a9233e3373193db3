@testable import ZoneInfo
import XCTest

/// Wall-clock dates: proleptic Gregorian days, ISO weekdays, fields rolled over like `timegm`.
final class LocalDateTimeTests: XCTestCase {
    private func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> LocalDateTime {
        LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    func testAddingDaysCrossesMonthsYearsAndLeapDays() {
        XCTAssertEqual(date(2024, 2, 28, 19, 30).adding(days: 1), date(2024, 2, 29, 19, 30))
        XCTAssertEqual(date(2023, 2, 28).adding(days: 1), date(2023, 3, 1))
        XCTAssertEqual(date(1900, 2, 28).adding(days: 1), date(1900, 3, 1), "1900 is not a leap year")
        XCTAssertEqual(date(2000, 2, 28).adding(days: 1), date(2000, 2, 29), "2000 is")
        XCTAssertEqual(date(2026, 12, 31, 23, 59, 59).adding(days: 1), date(2027, 1, 1, 23, 59, 59))
        XCTAssertEqual(date(2026, 1, 1).adding(days: -1), date(2025, 12, 31))
        XCTAssertEqual(date(2026, 3, 29).adding(days: 7 * 52), date(2027, 3, 28))
        XCTAssertEqual(date(2026, 1, 31).adding(days: 0), date(2026, 1, 31))
        XCTAssertEqual(date(1970, 1, 1).adding(days: -719_528), date(0, 1, 1), "year 0 exists in the proleptic calendar")
        XCTAssertEqual(date(2026, 1, 1).adding(days: 146_097), date(2426, 1, 1), "400 years are 146 097 days")
    }

    func testOutOfRangeFieldsRollOver() {
        XCTAssertEqual(date(2026, 13, 1).adding(days: 0), date(2027, 1, 1))
        XCTAssertEqual(date(2026, 3, 0).adding(days: 0), date(2026, 2, 28))
        XCTAssertEqual(date(2026, 3, 32).adding(days: 0), date(2026, 4, 1))
        XCTAssertEqual(date(2026, 0, 1).adding(days: 0), date(2025, 12, 1))
        XCTAssertEqual(date(2026, 1, 1, 24).adding(days: 0), date(2026, 1, 2))
        XCTAssertEqual(date(2026, 1, 1, 0, 0, -1).adding(days: 0), date(2025, 12, 31, 23, 59, 59))
        XCTAssertEqual(date(2026, -11, 1).adding(days: 0), date(2025, 1, 1))
    }

    func testISOWeekdays() {
        XCTAssertEqual(date(1970, 1, 1).weekday, 4, "a Thursday")
        XCTAssertEqual(date(2026, 3, 29).weekday, 7, "a Sunday")
        XCTAssertEqual(date(2026, 3, 30).weekday, 1, "a Monday")
        XCTAssertEqual(date(2000, 1, 1).weekday, 6, "a Saturday")
        XCTAssertEqual(date(1969, 12, 31, 23, 59, 59).weekday, 3, "a Wednesday, just before 1970")
        XCTAssertEqual(date(1600, 3, 1).weekday, 3)
        var day = date(2026, 1, 1)
        for offset in 0..<1000 {
            XCTAssertEqual(day.weekday, (3 + offset) % 7 + 1, "\(day)")
            day = day.adding(days: 1)
        }
    }

    func testDayNumbersRoundTripAcrossMillennia() {
        var previous: (year: Int, month: Int, day: Int)?
        for dayNumber in stride(from: -1_000_000, through: 1_000_000, by: 1) {
            let civil = CivilDate.date(dayNumber: dayNumber)
            guard CivilDate.dayNumber(year: civil.year, month: civil.month, day: civil.day) == dayNumber else {
                return XCTFail("\(dayNumber) → \(civil) does not come back")
            }
            if let previous {
                // Consecutive day numbers are consecutive days.
                let sameMonth = civil.year == previous.year && civil.month == previous.month && civil.day == previous.day + 1
                let nextMonth = civil.day == 1 && previous.day == CivilDate.daysInMonth(year: previous.year, month: previous.month)
                if !(sameMonth || nextMonth) { return XCTFail("\(previous) then \(civil)") }
            }
            previous = civil
        }
    }

    func testLocalSecondsAreTheWallClockReadAsUTC() {
        XCTAssertEqual(date(1970, 1, 1).localSeconds, 0)
        XCTAssertEqual(date(2026, 3, 29, 1).localSeconds, 1_774_746_000)
        XCTAssertEqual(date(1969, 12, 31, 23, 59, 59).localSeconds, -1)
        XCTAssertEqual(LocalDateTime(localSeconds: -1), date(1969, 12, 31, 23, 59, 59))
        XCTAssertEqual(LocalDateTime(localSeconds: 1_774_746_000), date(2026, 3, 29, 1))
    }

    func testOrderAndDescription() {
        XCTAssertLessThan(date(2026, 3, 29, 2, 30), date(2026, 3, 29, 3))
        XCTAssertLessThan(date(2025, 12, 31, 23, 59, 59), date(2026, 1, 1))
        XCTAssertLessThan(date(-1, 12, 31), date(0, 1, 1))
        XCTAssertEqual([date(2026, 2, 1), date(2026, 1, 31), date(2026, 1, 1, 0, 0, 1)].sorted(),
                       [date(2026, 1, 1, 0, 0, 1), date(2026, 1, 31), date(2026, 2, 1)])
        XCTAssertEqual(date(2026, 3, 29, 2, 30).description, "2026-03-29 02:30:00")
        XCTAssertEqual(date(-44, 3, 15).description, "-0044-03-15 00:00:00")
    }

    func testExtremeFieldsNeitherTrapNorOverflow() {
        let extremes = [Int.min, -1_000_000_001, -1, 0, 1, 1_000_000_001, Int.max]
        for value in extremes {
            let wild = LocalDateTime(year: value, month: value, day: value, hour: value, minute: value, second: value)
            _ = wild.localSeconds
            _ = wild.weekday
            _ = wild.adding(days: value)
            _ = date(2026, 1, 1).adding(days: value)
        }
    }
}
