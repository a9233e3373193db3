import Foundation
import GatherDomain

/// A match's kick-off as the client shows it: in the user's time zone, or in a fixture's own
/// zone, which its friends read it in.
package struct KickOffTime {
    package let timeZone: TimeZone

    package init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

    /// The zone `fixture` is set in, as its friends read it: by its name, else by the offset it
    /// was shown with (a zone this computer's Foundation does not know).
    package init(fixture: Fixture) {
        timeZone = TimeZone(identifier: fixture.timeZone) ?? TimeZone(secondsFromGMT: fixture.utcOffset) ?? .gmt
    }

    /// "2026-11-19 19:00": sorts as it reads.
    package func string(from date: Date) -> String {
        formatter("yyyy-MM-dd HH:mm").string(from: date)
    }

    /// "Thu 19 Nov 2026 19:00".
    package func long(from date: Date) -> String {
        formatter("EEE d MMM yyyy HH:mm").string(from: date)
    }

    /// "Thu 19 Nov 19:00" in the year of `now`, else with its year as `long` has it.
    package func short(from date: Date, now: Date = Date()) -> String {
        let calendar = formatter("yyyy")
        guard calendar.string(from: date) == calendar.string(from: now) else { return long(from: date) }
        return formatter("EEE d MMM HH:mm").string(from: date)
    }

    /// "+01:00": the zone's offset from UTC at `date`.
    package func offset(at date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The zone's name, for a heading: "Europe/Madrid".
    package var zoneName: String { timeZone.identifier }

    /// `2026-11-19 19:00` (or with a `T`, or with seconds) in this zone, or RFC 3339 with its
    /// offset (`2026-11-19T18:00:00Z`); nil when it is neither.
    package func date(reading text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss"] {
            if let date = formatter(format).date(from: trimmed) { return date }
        }
        let internet = ISO8601DateFormatter()
        if let date = internet.date(from: trimmed) { return date }
        internet.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return internet.date(from: trimmed)
    }

    /// A strict formatter of `format` in this zone, in British English.
    package func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        formatter.isLenient = false
        return formatter
    }
}
