import FoundationEssentials
import Glibc

/// RFC 5545's text: content lines ending in CRLF, folded before 75 octets (never inside a UTF-8
/// sequence), TEXT values escaped, local and UTC date-times.
struct ICalendarText {
    private(set) var bytes: [UInt8] = []

    /// `NAME:value` (or `NAME;PARAM=x:value`) with `value` written as given: for values of our own.
    mutating func line(_ name: String, _ value: String) {
        fold(Array((name + ":" + value).utf8))
    }

    /// A TEXT property: backslash, semicolon, comma and line breaks escaped, control characters dropped.
    mutating func text(_ name: String, _ value: String) {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            case "\r": continue
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        line(name, escaped)
    }

    /// Lines longer than 75 octets go on in the next, after a space (§3.1).
    private mutating func fold(_ line: [UInt8]) {
        var start = 0
        var limit = 75
        while line.count - start > limit {
            var end = start + limit
            // Back to the start of a UTF-8 sequence: a continuation byte is 10xxxxxx.
            while end > start && line[end] & 0xC0 == 0x80 { end -= 1 }
            bytes += line[start..<end]
            bytes += [0x0D, 0x0A, 0x20]
            start = end
            limit = 74
        }
        bytes += line[start...]
        bytes += [0x0D, 0x0A]
    }

    /// `20261203T190000Z`.
    static func utc(_ date: Date) -> String { stamp(date, offset: 0) + "Z" }

    /// `20261203T190000`: the wall-clock time `offset` seconds east of UTC.
    static func local(_ date: Date, offset: Int) -> String { stamp(date, offset: offset) }

    /// `+0100`, `-0330`; seconds when the offset has them.
    static func offset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = (seconds < 0 ? "-" : "+") + two(magnitude / 3600) + two(magnitude / 60 % 60)
        if magnitude % 60 != 0 { text += two(magnitude % 60) }
        return text
    }

    private static func stamp(_ date: Date, offset: Int) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + time_t(offset)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "19700101T000000" }
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2)
    }
}

extension CalendarFeed {
    /// The feed as RFC 5545 text.
    package func rendered() -> [UInt8] {
        var text = ICalendarText()
        text.line("BEGIN", "VCALENDAR")
        text.line("VERSION", "2.0")
        text.line("PRODID", "-//Football Gather//Fixtures//EN")
        text.line("CALSCALE", "GREGORIAN")
        text.line("METHOD", "PUBLISH")
        text.text("X-WR-CALNAME", name)
        text.line("REFRESH-INTERVAL;VALUE=DURATION", CalendarFeed.refresh)
        text.line("X-PUBLISHED-TTL", CalendarFeed.refresh)
        for zone in zones { write(zone, to: &text) }
        for event in events { write(event, to: &text) }
        text.line("END", "VCALENDAR")
        return text.bytes
    }

    private func write(_ zone: CalendarZone, to text: inout ICalendarText) {
        text.line("BEGIN", "VTIMEZONE")
        text.line("TZID", zone.identifier)
        // Each change on its own with its one DTSTART: exact for the years shown, whatever the rules.
        let observances = [CalendarZone.Change(instant: Date(timeIntervalSince1970: 0), offsetBefore: zone.initial.offsetAfter,
                                               offsetAfter: zone.initial.offsetAfter, abbreviation: zone.initial.abbreviation,
                                               isDaylightSaving: zone.initial.isDaylightSaving)] + zone.changes
        for change in observances {
            let kind = change.isDaylightSaving ? "DAYLIGHT" : "STANDARD"
            text.line("BEGIN", kind)
            // DTSTART is the local time the change happens at, by the offset before it.
            text.line("DTSTART", ICalendarText.local(change.instant, offset: change.offsetBefore))
            text.line("TZOFFSETFROM", ICalendarText.offset(change.offsetBefore))
            text.line("TZOFFSETTO", ICalendarText.offset(change.offsetAfter))
            if !change.abbreviation.isEmpty { text.text("TZNAME", change.abbreviation) }
            text.line("END", kind)
        }
        text.line("END", "VTIMEZONE")
    }

    private func write(_ event: CalendarEvent, to text: inout ICalendarText) {
        text.line("BEGIN", "VEVENT")
        text.text("UID", event.uid)
        text.line("DTSTAMP", ICalendarText.utc(madeAt))
        text.line("DTSTART;TZID=\(event.timeZone)", ICalendarText.local(event.startsAt, offset: event.utcOffset))
        text.line("DURATION", "PT\(event.durationMinutes)M")
        text.line("SEQUENCE", String(event.sequence))
        text.line("STATUS", event.status.rawValue)
        text.text("SUMMARY", event.summary)
        if let location = event.location { text.text("LOCATION", location) }
        if let description = event.description { text.text("DESCRIPTION", description) }
        text.line("LAST-MODIFIED", ICalendarText.utc(event.lastModified))
        text.line("END", "VEVENT")
    }
}
