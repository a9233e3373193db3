import Foundation

/// A match's kick-off as the CLI shows and reads it: in the user's time zone (`TZ`), which the
/// table's heading names; `--json` keeps RFC 3339.
struct KickOffTime {
    let timeZone: TimeZone

    init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

    /// "2026-11-19 19:00": sorts as it reads.
    func string(from date: Date) -> String {
        formatter("yyyy-MM-dd HH:mm").string(from: date)
    }

    /// "Thu 19 Nov 2026 19:00".
    func long(from date: Date) -> String {
        formatter("EEE d MMM yyyy HH:mm").string(from: date)
    }

    /// The zone's name, for a heading: "Europe/Madrid".
    var zoneName: String { timeZone.identifier }

    /// `2026-11-19 19:00` (or with a `T`) in this zone, or RFC 3339 with its offset
    /// (`2026-11-19T18:00:00Z`); never after `now`. The reason, when it is neither.
    func parse(_ text: String, now: Date) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var date: Date?
        for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss"] where date == nil {
            date = formatter(format).date(from: trimmed)
        }
        if date == nil {
            let internet = ISO8601DateFormatter()
            date = internet.date(from: trimmed)
            if date == nil {
                internet.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                date = internet.date(from: trimmed)
            }
        }
        guard let date else {
            throw CommandFailure.usage("--kick-off is a date and time: \"2026-11-19 19:00\" (in \(zoneName)) or RFC 3339 "
                                       + "(\"2026-11-19T18:00:00Z\") (got \"\(text)\")")
        }
        guard date <= now else { throw CommandFailure.usage("--kick-off \(text) is in the future: a match is entered once played") }
        return date
    }

    private func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        formatter.isLenient = false
        return formatter
    }
}
