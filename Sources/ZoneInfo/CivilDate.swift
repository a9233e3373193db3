/// Days of the proleptic Gregorian calendar counted from 1970-01-01, and back.
///
/// The algorithms are Howard Hinnant's `days_from_civil` / `civil_from_days`: exact for every
/// year, no tables, no loops. Callers keep years within `Instant.yearRange`-sized bounds, so
/// nothing here can overflow.
enum CivilDate {
    /// The day number of year-month-day; `month` is 1...12, `day` may run past the month's end
    /// (it is added as a count of days).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400                                           // 0...399
        let shiftedMonth = month > 2 ? month - 3 : month + 9                    // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1                  // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1...12) and day (1...31) of a day number.
    static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097                                        // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153                            // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 0 = Sunday ... 6 = Saturday, the numbering POSIX TZ rules use. 1970-01-01 was a Thursday.
    static func weekdayFromSunday(dayNumber: Int) -> Int {
        floorModulo(dayNumber + 4, 7)
    }

    /// The year a day number falls in.
    static func year(dayNumber: Int) -> Int {
        date(dayNumber: dayNumber).year
    }
}

/// Division rounding toward negative infinity: instants before 1970 belong to the day that
/// contains them, not to the day after.
func floorDivide(_ a: Int, _ b: Int) -> Int {
    let quotient = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
}

/// The remainder matching `floorDivide`: always in 0..<b for positive b.
func floorModulo(_ a: Int, _ b: Int) -> Int {
    a - floorDivide(a, b) * b
}
