import Foundation
import GatherClient

/// Kick-offs as the CLI reads them: `--zone`, `--at`, `--closes`, `--kick-off`.
extension KickOffTime {
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

    /// `2026-11-19 19:00` (or with a `T`) in this zone, or RFC 3339 with its offset
    /// (`2026-11-19T18:00:00Z`); never after `now`. The reason, when it is neither.
    func parse(_ text: String, now: Date) throws -> Date {
        let date = try date(text, option: "--kick-off")
        guard date <= now else { throw CommandFailure.usage("--kick-off \(text) is in the future: a match is entered once played") }
        return date
    }

    /// `text` as `parse` reads it, past or future; `option` names where it was given, for the reason.
    func date(_ text: String, option: String) throws -> Date {
        guard let date = date(reading: text) else {
            throw CommandFailure.usage("\(option) is a date and time: \"2026-11-19 19:00\" (in \(zoneName)) or RFC 3339 "
                                       + "(\"2026-11-19T18:00:00Z\") (got \"\(text)\")")
        }
        return date
    }
}
