import FoundationEssentials

/// A calendar phones subscribe to (RFC 5545): a group's fixtures, or one player's with their
/// answer in each event. Gathered by the server; written by `CalendarFeed.rendered()`.
package struct CalendarFeed: Hashable, Sendable {
    package var name: String
    package var events: [CalendarEvent]
    /// The zones the events are set in, with their changes around the events' dates.
    package var zones: [CalendarZone]
    /// When the feed was made (each event's `DTSTAMP`).
    package var madeAt: Date

    package init(name: String, events: [CalendarEvent], zones: [CalendarZone], madeAt: Date) {
        self.name = name
        self.events = events
        self.zones = zones
        self.madeAt = madeAt
    }

    package static let contentType = "text/calendar; charset=utf-8"
    /// How often a subscribed calendar should look again.
    static let refresh = "PT1H"
}

/// One fixture as an event.
package struct CalendarEvent: Hashable, Sendable {
    package enum Status: String, Hashable, Sendable {
        case confirmed = "CONFIRMED"
        case tentative = "TENTATIVE"
        case cancelled = "CANCELLED"
    }

    /// The same on every fetch, so a calendar updates the event rather than adding another.
    package var uid: String
    package var sequence: Int
    package var startsAt: Date
    package var durationMinutes: Int
    package var timeZone: String
    /// The kick-off's offset, for its local time in `DTSTART`.
    package var utcOffset: Int
    package var summary: String
    package var location: String?
    package var description: String?
    package var status: Status
    package var lastModified: Date

    package init(uid: String, sequence: Int, startsAt: Date, durationMinutes: Int = 60, timeZone: String, utcOffset: Int, summary: String,
                 location: String?, description: String?, status: Status, lastModified: Date) {
        self.uid = uid
        self.sequence = sequence
        self.startsAt = startsAt
        self.durationMinutes = durationMinutes
        self.timeZone = timeZone
        self.utcOffset = utcOffset
        self.summary = summary
        self.location = location
        self.description = description
        self.status = status
        self.lastModified = lastModified
    }
}

/// A time zone as `VTIMEZONE` writes it: its offset before the first change, and each change.
package struct CalendarZone: Hashable, Sendable {
    package struct Change: Hashable, Sendable {
        package var instant: Date
        package var offsetBefore: Int
        package var offsetAfter: Int
        package var abbreviation: String
        package var isDaylightSaving: Bool

        package init(instant: Date, offsetBefore: Int, offsetAfter: Int, abbreviation: String, isDaylightSaving: Bool) {
            self.instant = instant
            self.offsetBefore = offsetBefore
            self.offsetAfter = offsetAfter
            self.abbreviation = abbreviation
            self.isDaylightSaving = isDaylightSaving
        }
    }

    package var identifier: String
    /// What holds before the first change (or always, without changes).
    package var initial: Change
    package var changes: [Change]

    package init(identifier: String, initial: Change, changes: [Change]) {
        self.identifier = identifier
        self.initial = initial
        self.changes = changes
    }
}
