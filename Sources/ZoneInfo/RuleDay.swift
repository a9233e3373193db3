/// The day of a POSIX TZ rule's change, in one of the three forms POSIX allows.
package enum RuleDay: Sendable, Hashable {
    /// `Jn`: day 1...365 of the year, February 29 never counted, so `J60` is March 1 in every year.
    case julian(Int)
    /// `n`: day 0...365 counted from January 1, February 29 counted in leap years.
    case zeroBased(Int)
    /// `Mm.w.d`: weekday `d` (0 = Sunday ... 6) of week `w` (1...5, 5 meaning the last) of month `m`.
    case monthWeekDay(month: Int, week: Int, weekday: Int)

    /// The day number (days since 1970-01-01) of this day in `year`. The parser keeps every field
    /// in its range; `zeroBased(365)` in a common year is January 1 of the next year, as in glibc.
    func dayNumber(inYear year: Int) -> Int {
        let newYear = CivilDate.dayNumber(year: year, month: 1, day: 1)
        switch self {
        case .julian(let day):
            let skipsLeapDay = CivilDate.isLeapYear(year) && day >= 60
            return newYear + day - 1 + (skipsLeapDay ? 1 : 0)
        case .zeroBased(let day):
            return newYear + day
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate.dayNumber(year: year, month: month, day: 1)
            let firstMatching = first + floorModulo(weekday - CivilDate.weekdayFromSunday(dayNumber: first), 7)
            var day = firstMatching + (week - 1) * 7
            // Week 5 means the last such weekday, which may be the fourth.
            let daysInMonth = CivilDate.daysInMonth(year: year, month: month)
            while day >= first + daysInMonth { day -= 7 }
            return day
        }
    }
}
