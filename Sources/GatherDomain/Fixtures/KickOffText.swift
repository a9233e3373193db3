import FoundationEssentials
import Glibc

/// A kick-off in words, in the fixture's own zone: `Thu 3 Dec, 19:00`, for the pages (whose script
/// rewrites it in the reader's zone when that differs) and the messages to a group's channels.
package enum KickOffText {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    package static func text(_ date: Date, utcOffset: Int) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + time_t(utcOffset)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "\(date)" }
        let weekday = weekdays[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        let minute = Int(parts.tm_min)
        return "\(weekday) \(parts.tm_mday) \(month), \(parts.tm_hour):\(minute < 10 ? "0" : "")\(minute)"
    }
}
