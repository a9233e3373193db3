#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The IMF-fixdate form of RFC 9110 §5.6.7, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
package enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    package static func format(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The seconds since 1970 of an IMF-fixdate (the only form a sender may generate); nil for
    /// anything else, the obsolete forms included.
    package static func secondsSince1970(parsing text: String) -> Int? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        // Digits only where numbers go: Int32("+6") would take a sign.
        let digits = { (field: Substring) in field.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","), days.contains(String(fields[0].dropLast())),
              fields[1].count == 2, digits(fields[1]), let day = Int32(fields[1]), (1...31).contains(day),
              let month = months.firstIndex(of: String(fields[2])),
              fields[3].count == 4, digits(fields[3]), let year = Int32(fields[3]), fields[5] == "GMT" else { return nil }
        let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 && digits($0) }),
              let hour = Int32(clock[0]), let minute = Int32(clock[1]), let second = Int32(clock[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(month)
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        // timegm normalises 31 Feb into March: a date that does not exist is refused instead.
        guard parts.tm_mday == day, parts.tm_mon == Int32(month) else { return nil }
        return Int(seconds)
    }
}
