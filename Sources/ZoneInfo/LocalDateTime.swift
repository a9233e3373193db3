/// A wall-clock date and time with no zone: what a calendar and a clock on the wall show.
///
/// Dates are proleptic Gregorian (the Gregorian rules extended to every year, year 0 included).
/// The initializer takes fields as given; where they are out of range (month 13, day 0, hour 24)
/// every conversion rolls them over the way `timegm` does, so March 32 is April 1, and
/// `adding(days:)` answers with fields in range. Comparison is by the fields in order
/// (year first), which is chronological for dates whose fields are in range.
package struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int

    package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The wall-clock time `seconds` seconds after 1970-01-01 00:00:00 on the same wall clock.
    init(localSeconds seconds: Int) {
        let days = floorDivide(seconds, Instant.secondsPerDay)
        let secondOfDay = seconds - days * Instant.secondsPerDay
        let date = CivilDate.date(dayNumber: days)
        self.init(year: date.year, month: date.month, day: date.day,
                  hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }

    /// Seconds after 1970-01-01 00:00:00 on the same wall clock: the instant this would be in UTC.
    /// Fields are first clamped to bounds far beyond `Instant.range` (so arithmetic cannot
    /// overflow), then rolled over.
    var localSeconds: Int {
        let bound = 1_000_000_000
        func clamp(_ value: Int) -> Int { min(max(value, -bound), bound) }
        let months = clamp(month) - 1
        let year = clamp(year) + floorDivide(months, 12)
        let days = CivilDate.dayNumber(year: year, month: floorModulo(months, 12) + 1, day: 1) + clamp(day) - 1
        return days * Instant.secondsPerDay + clamp(hour) * 3600 + clamp(minute) * 60 + clamp(second)
    }

    /// The same wall-clock time `days` calendar days later (earlier when negative), with fields in range.
    package func adding(days: Int) -> LocalDateTime {
        let days = min(max(days, -1_000_000_000), 1_000_000_000)
        return LocalDateTime(localSeconds: Instant.clamped(localSeconds) + days * Instant.secondsPerDay)
    }

    /// ISO 8601 weekday: Monday = 1 … Sunday = 7.
    package var weekday: Int {
        // 1970-01-01 (day 0) was a Thursday, ISO 4.
        floorModulo(floorDivide(localSeconds, Instant.secondsPerDay) + 3, 7) + 1
    }

    package static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }

    /// `2026-03-29 02:30:00`, for messages and test failures.
    package var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value.magnitude)
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}
