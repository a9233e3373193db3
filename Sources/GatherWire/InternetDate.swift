import FoundationEssentials
import Glibc

/// Dates on the wire: RFC 3339's `date-time` (`2026-01-02T03:04:05Z`, `…05.25+01:00`), read
/// strictly.
///
/// Foundation's `.iso8601` strategy takes `924-10-29` for a date in the year 924 (and moves it by
/// the Julian calendar), `2026-02-30` for 2 March and `03:04` minutes past 60 as the next hour: a
/// script's typo would be stored as another day without a word. Here a date is exactly the RFC's
/// grammar, with real calendar days; anything else is refused.
package enum InternetDate {
    /// What a refused date is told, as the underlying error of the decoder's `dataCorrupted`.
    package struct NotADate: Error, Hashable, Sendable {
        package static let expectation = "must be a date and time like 2026-01-02T03:04:05Z"
    }

    /// The instant `text` names, or nil when it is not an RFC 3339 date-time. A leap second (`:60`)
    /// reads as the first second of the next minute.
    package static func parse(_ text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), reader.take("-"), let month = reader.digits(2), reader.take("-"),
              let day = reader.digits(2), reader.take("T", "t"), let hour = reader.digits(2), reader.take(":"),
              let minute = reader.digits(2), reader.take(":"), let second = reader.digits(2) else { return nil }
        var fraction = 0.0
        if reader.take(".") {
            guard let digits = reader.fraction() else { return nil }
            fraction = digits
        }
        var offset = 0
        if !reader.take("Z", "z") {
            let sign: Int
            if reader.take("+") { sign = 1 } else if reader.take("-") { sign = -1 } else { return nil }
            guard let hours = reader.digits(2), reader.take(":"), let minutes = reader.digits(2),
                  hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd, (1...12).contains(month), (1...days(inMonth: month, of: year)).contains(day),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `2026-11-22T21:38:42Z`: UTC, to the second (rounded down), in the proleptic Gregorian
    /// calendar `parse` reads: every date this writes reads back as `wholeSecond(date)`.
    package static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `string(from:)`'s bytes, appended without a String in between (the JSON writer's way).
    static func append(_ date: Date, to bytes: inout [UInt8]) {
        var seconds = time_t(wholeSecond(date).timeIntervalSince1970)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else {
            // Only past time_t's range, billions of years away: no date read or made here gets there.
            bytes.append(contentsOf: Array("\(date)".utf8))
            return
        }
        appendDigits(Int(parts.tm_year) + 1900, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mon) + 1, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mday), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(Int(parts.tm_hour), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_min), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_sec), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `2026-12-03T19:00:00+01:00`: the wall-clock time `utcOffset` seconds east of UTC, with that
    /// offset, as a kick-off is shown in its own time zone; `parse` reads back the same instant.
    package static func string(from date: Date, utcOffset: Int) -> String {
        var bytes: [UInt8] = []
        append(date, utcOffset: utcOffset, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset an RFC 3339 date-time was written with, in seconds east of UTC (`Z` is 0); nil
    /// when `text` is not one.
    package static func utcOffset(of text: String) -> Int? {
        guard parse(text) != nil else { return nil }
        let bytes = Array(text.utf8)
        guard let last = bytes.last, last != UInt8(ascii: "Z"), last != UInt8(ascii: "z") else { return 0 }
        guard bytes.count >= 6 else { return nil }
        let tail = bytes.suffix(6).map(Int.init)
        let digit = { (byte: Int) in byte - Int(UInt8(ascii: "0")) }
        let minutes = (digit(tail[1]) * 10 + digit(tail[2])) * 60 + digit(tail[4]) * 10 + digit(tail[5])
        return (tail[0] == Int(UInt8(ascii: "-")) ? -60 : 60) * minutes
    }

    static func append(_ date: Date, utcOffset: Int, to bytes: inout [UInt8]) {
        // Offsets past a day are no zone's: written as UTC rather than as a time that reads back wrong.
        guard abs(utcOffset) < 86_400, utcOffset % 60 == 0 else { return append(date, to: &bytes) }
        append(date.addingTimeInterval(Double(utcOffset)), to: &bytes)
        guard bytes.last == UInt8(ascii: "Z") else { return }
        bytes.removeLast()
        bytes.append(UInt8(ascii: utcOffset < 0 ? "-" : "+"))
        let minutes = abs(utcOffset) / 60
        appendDigits(minutes / 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(minutes % 60, width: 2, to: &bytes)
    }

    /// `date` rounded down to its second, as the wire carries it: what is stored is what is read back.
    package static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// At least `width` digits, more for a larger number; a minus sign first for a negative one.
    private static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let digits = Array(String(value.magnitude).utf8)
        if digits.count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
        bytes.append(contentsOf: digits)
    }

    /// A `JSONEncoder` date strategy that writes what `string(from:)` writes.
    package static func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string(from: date))
    }

    /// A `JSONDecoder` date strategy that reads only what `parse` reads.
    package static func decode(from decoder: any Decoder) throws -> Date {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = parse(text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                    debugDescription: "not an RFC 3339 date-time: \(text)",
                                                                    underlyingError: NotADate()))
        }
        return date
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ choices: Unicode.Scalar...) -> Bool {
            guard index < bytes.count, choices.contains(where: { UInt8($0.value) == bytes[index] }) else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// The digits after the point, as a fraction of a second; at least one.
        mutating func fraction() -> Double? {
            var value = 0.0, scale = 0.1, count = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                count += 1
                index += 1
            }
            return count > 0 ? value : nil
        }
    }
}
