import FoundationEssentials
import GatherText
import GatherWire

/// A named stretch of a group's calendar ("Autumn 2026": 1 Sep – 20 Dec), its days counted in the
/// group's time zone: the table, the scorers and each record can be read for it alone. Once it has
/// ended its awards are worked out from the kept records and frozen.
package struct Season: Hashable, Sendable {
    package var id: Int
    package var name: String
    /// The first and last day, `YYYY-MM-DD`, in `timeZone`.
    package var startsOn: String
    package var endsOn: String
    package var timeZone: String
    /// From the first day's midnight to the midnight after the last day, in `timeZone`.
    package var startsAt: Date
    package var endsAt: Date
    /// Frozen when read after the season ended; nil until then.
    package var awards: SeasonAwards?

    package init(id: Int, name: String, startsOn: String, endsOn: String, timeZone: String, startsAt: Date, endsAt: Date,
                 awards: SeasonAwards? = nil) {
        self.id = id
        self.name = name
        self.startsOn = startsOn
        self.endsOn = endsOn
        self.timeZone = timeZone
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.awards = awards
    }

    /// Whether `date` falls in it.
    package func contains(_ date: Date) -> Bool { date >= startsAt && date < endsAt }

    package func hasEnded(at now: Date) -> Bool { now >= endsAt }

    /// How long after its last day a season's awards wait before they are frozen: a result saved
    /// late (played offline on the last evening, uploaded the next day) or corrected still counts.
    package static let awardsGrace: TimeInterval = 2 * 24 * 3600

    /// When its awards are worked out and frozen.
    package var awardsDueAt: Date { endsAt.addingTimeInterval(Season.awardsGrace) }
}

extension Season: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            if let awards { object.field("awards") { $0.value(awards) } }
            object.field("endsOn") { $0.string(endsOn) }
            object.field("id") { $0.int(id) }
            object.field("name") { $0.string(name) }
            object.field("startsOn") { $0.string(startsOn) }
            object.field("timeZone") { $0.string(timeZone) }
        }
    }
}

extension Season: Codable {
    enum CodingKeys: String, CodingKey { case id, name, startsOn, endsOn, timeZone, awards }

    /// As a client reads it: the instants are the server's to work out, so a client keeps the days.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(Int.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  startsOn: try container.decode(String.self, forKey: .startsOn), endsOn: try container.decode(String.self, forKey: .endsOn),
                  timeZone: try container.decode(String.self, forKey: .timeZone), startsAt: .distantPast, endsAt: .distantFuture,
                  awards: try container.decodeIfPresent(SeasonAwards.self, forKey: .awards))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(startsOn, forKey: .startsOn)
        try container.encode(endsOn, forKey: .endsOn)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(awards, forKey: .awards)
    }
}

/// `POST /api/seasons`: a name and its first and last day.
package struct SeasonDraft: Hashable, Sendable, Decodable {
    package var name: String
    package var startsOn: CalendarDay
    package var endsOn: CalendarDay

    /// A season is at most a year and a day long: a table for "all time" is always there.
    package static let longestDays = 366
    package static let nameLength = 1...60

    enum CodingKeys: String, CodingKey { case name, startsOn, endsOn }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let name = try container.decodeIfPresent(String.self, forKey: .name) else {
            throw ValidationError(field: "name", message: "is required")
        }
        self.name = try TextRule.required(name, field: "name", length: SeasonDraft.nameLength, maximumBytes: 240)
        func day(_ key: CodingKeys) throws -> CalendarDay {
            guard let text = try? container.decodeIfPresent(String.self, forKey: key), let day = CalendarDay(text) else {
                throw ValidationError(field: key.stringValue, message: "must be a day as YYYY-MM-DD")
            }
            return day
        }
        startsOn = try day(.startsOn)
        endsOn = try day(.endsOn)
        guard endsOn.dayNumber >= startsOn.dayNumber else {
            throw ValidationError(field: "endsOn", message: "cannot be before startsOn")
        }
        guard endsOn.dayNumber - startsOn.dayNumber < SeasonDraft.longestDays else {
            throw ValidationError(field: "endsOn", message: "makes a season longer than \(SeasonDraft.longestDays) days")
        }
    }
}

/// A day of the calendar, as `YYYY-MM-DD` (years 2000 to 2199: a club's seasons).
package struct CalendarDay: Hashable, Sendable, CustomStringConvertible {
    package let year: Int
    package let month: Int
    package let day: Int

    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (2000...2199).contains(year), (1...12).contains(month), (1...CalendarDay.days(in: month, of: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// A day from its parts; nil for one that does not exist (or outside 2000–2199).
    package init?(year: Int, month: Int, day: Int) {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else { return nil }
        self.init("\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))")
    }

    private static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1 March of year 0, to count the days between two.
    package var dayNumber: Int {
        let shifted = month <= 2 ? year - 1 : year
        let monthIndex = (month + 9) % 12
        return 365 * shifted + shifted / 4 - shifted / 100 + shifted / 400 + (monthIndex * 306 + 5) / 10 + (day - 1)
    }

    /// Days since 1 January 1970.
    package var daysSince1970: Int { dayNumber - 719_468 }

    package var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
