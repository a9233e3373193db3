extension POSIXTimeZone {
    /// Parses a POSIX TZ string as TZif footers hold them:
    /// `std offset [dst [offset] [,start[/time],end[/time]]]`.
    ///
    /// - Names: three or more letters (`CET`), or `<…>` around three or more of `A-Z a-z 0-9 + -`
    ///   (`<+0330>`).
    /// - Offsets: `[+-]hh[:mm[:ss]]`, hours 0...24, *west* of UTC as POSIX has it (`CET-1` is
    ///   UTC+1); the daylight offset defaults to one hour east of standard.
    /// - Days: `Jn` (1...365, no February 29), `n` (0...365), `Mm.w.d`.
    /// - Times: `[+-]hh[:mm[:ss]]` with hours -167...167 (RFC 8536 version 3), default 02:00.
    /// - A daylight name with no rule takes the US rule `M3.2.0,M11.1.0`, as glibc does.
    ///
    /// Anything else, including trailing text, is `ZoneInfoError.malformed`.
    package init(parsing text: String) throws(ZoneInfoError) {
        try self.init(parsing: Array(text.utf8))
    }

    package init(parsing bytes: [UInt8]) throws(ZoneInfoError) {
        var parser = POSIXTimeZoneParser(bytes: bytes)
        self = try parser.parse()
    }
}

/// The recursive-descent reader behind `POSIXTimeZone(parsing:)`: one method per part of the grammar.
struct POSIXTimeZoneParser {
    private let bytes: [UInt8]
    private var index = 0

    /// Offsets are hours 0...24 (POSIX); rule times -167...167 (RFC 8536 version 3).
    private static let maximumOffsetHours = 24
    private static let maximumRuleHours = 167
    private static let defaultRuleTime = 2 * 3600

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parse() throws(ZoneInfoError) -> POSIXTimeZone {
        let standardName = try name()
        // POSIX offsets count west of UTC; ours count east.
        let standard = LocalTimeType(offset: -(try hours(maximum: Self.maximumOffsetHours, what: "offset")),
                                     isDaylightSaving: false, abbreviation: standardName)
        guard !atEnd else { return POSIXTimeZone(standard: standard, daylight: nil) }

        let daylightName = try name()
        var daylightOffset = standard.offset + 3600
        if let next = peek, next == UInt8(ascii: "+") || next == UInt8(ascii: "-") || Self.isDigit(next) {
            daylightOffset = -(try hours(maximum: Self.maximumOffsetHours, what: "daylight offset"))
        }
        let daylightType = LocalTimeType(offset: daylightOffset, isDaylightSaving: true, abbreviation: daylightName)

        guard !atEnd else {
            let start = POSIXTimeZone.Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: Self.defaultRuleTime)
            let end = POSIXTimeZone.Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: Self.defaultRuleTime)
            return POSIXTimeZone(standard: standard, daylight: .init(type: daylightType, start: start, end: end))
        }
        try expect(UInt8(ascii: ","), "a comma before the start rule")
        let start = try change()
        try expect(UInt8(ascii: ","), "a comma before the end rule")
        let end = try change()
        guard atEnd else { throw failure("unexpected text after the end rule") }
        return POSIXTimeZone(standard: standard, daylight: .init(type: daylightType, start: start, end: end))
    }

    // MARK: - Grammar

    /// `CET` or `<+0330>`.
    private mutating func name() throws(ZoneInfoError) -> String {
        let quoted = peek == UInt8(ascii: "<")
        if quoted { index += 1 }
        let start = index
        while let byte = peek, quoted ? Self.isQuotedNameByte(byte) : Self.isLetter(byte) { index += 1 }
        let name = bytes[start..<index]
        guard name.count >= 3 else { throw failure("a zone abbreviation needs at least three characters") }
        if quoted { try expect(UInt8(ascii: ">"), "“>” to close the abbreviation") }
        return String(decoding: name, as: UTF8.self)
    }

    /// `,start[/time]`'s part after the comma.
    private mutating func change() throws(ZoneInfoError) -> POSIXTimeZone.Change {
        let day = try ruleDay()
        var time = Self.defaultRuleTime
        if peek == UInt8(ascii: "/") {
            index += 1
            time = try hours(maximum: Self.maximumRuleHours, what: "rule time")
        }
        return POSIXTimeZone.Change(day: day, time: time)
    }

    private mutating func ruleDay() throws(ZoneInfoError) -> RuleDay {
        switch peek {
        case UInt8(ascii: "J"):
            index += 1
            return .julian(try number(in: 1...365, maximumDigits: 3, what: "Julian day"))
        case UInt8(ascii: "M"):
            index += 1
            let month = try number(in: 1...12, maximumDigits: 2, what: "month")
            try expect(UInt8(ascii: "."), "“.” after the month")
            let week = try number(in: 1...5, maximumDigits: 1, what: "week")
            try expect(UInt8(ascii: "."), "“.” after the week")
            let weekday = try number(in: 0...6, maximumDigits: 1, what: "weekday")
            return .monthWeekDay(month: month, week: week, weekday: weekday)
        default:
            return .zeroBased(try number(in: 0...365, maximumDigits: 3, what: "day of the year"))
        }
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, sign included.
    private mutating func hours(maximum: Int, what: String) throws(ZoneInfoError) -> Int {
        var sign = 1
        if peek == UInt8(ascii: "+") {
            index += 1
        } else if peek == UInt8(ascii: "-") {
            sign = -1
            index += 1
        }
        // POSIX hours have one or two digits; the extended rule hours up to three.
        var seconds = try number(in: 0...maximum, maximumDigits: maximum > 99 ? 3 : 2, what: "\(what) hours") * 3600
        if peek == UInt8(ascii: ":") {
            index += 1
            seconds += try number(in: 0...59, maximumDigits: 2, what: "\(what) minutes") * 60
            if peek == UInt8(ascii: ":") {
                index += 1
                seconds += try number(in: 0...59, maximumDigits: 2, what: "\(what) seconds")
            }
        }
        return sign * seconds
    }

    /// One to `maximumDigits` decimal digits whose value lies in `range`. The digit limit keeps
    /// the value small long before it could overflow.
    private mutating func number(in range: ClosedRange<Int>, maximumDigits: Int, what: String) throws(ZoneInfoError) -> Int {
        var value = 0
        var digits = 0
        while let byte = peek, Self.isDigit(byte) {
            guard digits < maximumDigits else { throw failure("\(what) has too many digits") }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw failure("expected the \(what)") }
        guard range.contains(value) else { throw failure("\(what) \(value) is outside \(range.lowerBound)...\(range.upperBound)") }
        return value
    }

    // MARK: - Bytes

    private var atEnd: Bool { index >= bytes.count }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(ZoneInfoError) {
        guard peek == byte else { throw failure("expected \(what)") }
        index += 1
    }

    private func failure(_ reason: String) -> ZoneInfoError {
        // The string is quoted whole when short, so the message shows what was read.
        let text = bytes.count <= 80 ? "“\(String(decoding: bytes, as: UTF8.self))”" : "of \(bytes.count) bytes"
        return .malformed("TZ string \(text), at character \(index + 1): \(reason)")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isQuotedNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
