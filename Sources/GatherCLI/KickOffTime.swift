import Foundation
import GatherDomain

/// A match's kick-off as the CLI shows and reads it: in the user's time zone (`TZ`), which the
/// table's heading names, or in a fixture's own zone; `--json` keeps RFC 3339.
struct KickOffTime {
    let timeZone: TimeZone

    init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

    /// The zone `fixture` is set in, as its friends read it: by its name, else by the offset it
    /// was shown with (a zone this computer's Foundation does not know).
    init(fixture: Fixture) {
        timeZone = TimeZone(identifier: fixture.timeZone) ?? TimeZone(secondsFromGMT: fixture.utcOffset) ?? .gmt
    }

    /// The zone `--zone` names (an IANA name: `Europe/Amsterdam`), else this computer's.
    init(zoneNamed name: String?) throws {
        guard let name else {
            self.init()
            return
        }
        guard let zone = TimeZone(identifier: name.trimmingCharacters(in: .whitespaces)) else {
            throw CommandFailure.usage("--zone must be a time zone's IANA name, like Europe/Amsterdam (got \"\(name)\")")
        }
        self.init(timeZone: zone)
    }

    /// "2026-11-19 19:00": sorts as it reads.
    func string(from date: Date) -> String {
        formatter("yyyy-MM-dd HH:mm").string(from: date)
    }

    /// "Thu 19 Nov 2026 19:00".
    func long(from date: Date) -> String {
        formatter("EEE d MMM yyyy HH:mm").string(from: date)
    }

    /// "Thu 19 Nov 19:00" in the year of `now`, else with its year as `long` has it.
    func short(from date: Date, now: Date = Date()) -> String {
        let calendar = formatter("yyyy")
        guard calendar.string(from: date) == calendar.string(from: now) else { return long(from: date) }
        return formatter("EEE d MMM HH:mm").string(from: date)
    }

    /// "+01:00": the zone's offset from UTC at `date`.
    func offset(at date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The zone's name, for a heading: "Europe/Madrid".
    var zoneName: String { timeZone.identifier }

    /// `2026-11-19 19:00` (or with a `T`) in this zone, or RFC 3339 with its offset
    /// (`2026-11-19T18:00:00Z`); never after `now`. The reason, when it is neither.
    func parse(_ text: String, now: Date) throws -> Date {
        let date = try date(text, option: "--kick-off")
        guard date <= now else { throw CommandFailure.usage("--kick-off \(text) is in the future: a match is entered once played") }
        return date
    }

    /// `text` as `parse` reads it, past or future; `option` names where it was given, for the reason.
    func date(_ text: String, option: String) throws -> Date {
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
            throw CommandFailure.usage("\(option) is a date and time: \"2026-11-19 19:00\" (in \(zoneName)) or RFC 3339 "
                                       + "(\"2026-11-19T18:00:00Z\") (got \"\(text)\")")
        }
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
