import FoundationEssentials
import GatherText
import GatherWire

/// What a fixture is made of, as `POST /api/fixtures` sends it and `PATCH` changes it: every rule
/// that needs no clock or time-zone database is checked here, on the way in.
package enum FixtureRules {
    package static let places = 1...200
    package static let textLength = 200
    package static let textMaximumBytes = 1024
    /// How far ahead a fixture may be set.
    package static let furthestAhead: TimeInterval = 400 * 86_400
    /// Answers close this long before kick-off unless the organiser says otherwise.
    package static let defaultAnswersClose: TimeInterval = 2 * 3600

    /// `https://…` or `http://…` to a named host (an optional port), then an optional path, query
    /// or fragment of printable ASCII without spaces: the pages link to it, so it must be a link a
    /// browser and a link preview can follow, not merely text that starts like one ("http://[" is not).
    package static func mapLink(_ text: String?) throws(ValidationError) -> String? {
        guard let text else { return nil }
        let link = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !link.isEmpty else { return nil }
        guard MapLinkShape.accepts(link) else {
            throw ValidationError(field: "mapLink", message: "must be an http:// or https:// link to a named host, with at most "
                                  + "\(MapLinkShape.restMaximumBytes) characters after it")
        }
        return link
    }

    static func text(_ text: String?, field: String) throws(ValidationError) -> String? {
        try TextRule.optional(text, field: field, maximumLength: textLength, maximumBytes: textMaximumBytes)
    }

    static func places(_ value: Int) throws(ValidationError) -> Int {
        guard places.contains(value) else {
            throw ValidationError(field: "places", message: "must be from \(places.lowerBound) to \(places.upperBound)")
        }
        return value
    }

    /// The minimum to play, at most the places.
    package static func check(minimum: Int?, places: Int) throws(ValidationError) {
        guard let minimum else { return }
        guard (1...places).contains(minimum) else {
            throw ValidationError(field: "minimum", message: "must be from 1 to the number of places (\(places))")
        }
    }

    /// A time zone's name as the tz database writes it (`Europe/Amsterdam`, `UTC`): whether the
    /// zone exists is for the server's database to say.
    package static func timeZone(_ text: String?) throws(ValidationError) -> String? {
        guard let text else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...64).contains(text.utf8.count), parts.allSatisfy({ part in
            !part.isEmpty && part.utf8.allSatisfy { byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            }
        }) else {
            throw ValidationError(field: "timeZone", message: "must be an IANA time zone name like \"Europe/Amsterdam\"")
        }
        return text
    }

    static func date(_ text: String, field: String) throws(ValidationError) -> Date {
        guard let date = InternetDate.parse(text) else {
            throw ValidationError(field: field, message: "must be a date and time with its offset, like 2026-12-03T19:00:00+01:00")
        }
        return date
    }

    /// Kick-off ahead of `now` (and not absurdly far), answers closing no later than kick-off.
    package static func checkTimes(startsAt: Date, answersCloseAt: Date, now: Date) throws(ValidationError) {
        guard startsAt > now else { throw ValidationError(field: "startsAt", message: "must be in the future") }
        guard startsAt.timeIntervalSince(now) <= furthestAhead else {
            throw ValidationError(field: "startsAt", message: "must be within \(Int(furthestAhead / 86_400)) days")
        }
        guard answersCloseAt <= startsAt else {
            throw ValidationError(field: "answersCloseAt", message: "must be no later than kick-off (startsAt)")
        }
        // Long before now is a mistake, not a list closed from the start.
        guard answersCloseAt >= now.addingTimeInterval(-7 * 86_400) else {
            throw ValidationError(field: "answersCloseAt", message: "must not be more than a week in the past")
        }
    }
}

/// The body of `POST /api/fixtures`.
package struct FixtureDraft: Hashable, Sendable {
    package var startsAt: Date
    /// Nil: the group's zone, else the server's.
    package var timeZone: String?
    package var place: String?
    package var mapLink: String?
    package var places: Int
    package var minimum: Int?
    /// Nil: two hours before kick-off.
    package var answersCloseAt: Date?
    package var cost: String?
    /// `"repeat": "weekly"`: a series, its first occurrence at `startsAt`.
    package var repeatsWeekly = false
    /// How far ahead a series makes its occurrences (default 14 days).
    package var aheadDays: Int?
    /// Whether the list closes itself (teams balanced and published when answers close); nil: the group's setting.
    package var autoTeams: Bool?

    package static let aheadDaysRange = 7...56
    package static let defaultAheadDays = 14

    package init(startsAt: Date, timeZone: String? = nil, place: String? = nil, mapLink: String? = nil, places: Int, minimum: Int? = nil,
                 answersCloseAt: Date? = nil, cost: String? = nil, repeatsWeekly: Bool = false, aheadDays: Int? = nil,
                 autoTeams: Bool? = nil) throws(ValidationError) {
        self.repeatsWeekly = repeatsWeekly
        self.autoTeams = autoTeams
        if let aheadDays {
            guard repeatsWeekly else { throw ValidationError(field: "aheadDays", message: "is for a series (\"repeat\": \"weekly\")") }
            guard FixtureDraft.aheadDaysRange.contains(aheadDays) else {
                throw ValidationError(field: "aheadDays", message: "must be from \(FixtureDraft.aheadDaysRange.lowerBound) to \(FixtureDraft.aheadDaysRange.upperBound)")
            }
        }
        self.aheadDays = aheadDays
        self.startsAt = startsAt
        self.timeZone = try FixtureRules.timeZone(timeZone)
        self.place = try FixtureRules.text(place, field: "place")
        self.mapLink = try FixtureRules.mapLink(mapLink)
        self.places = try FixtureRules.places(places)
        try FixtureRules.check(minimum: minimum, places: places)
        self.minimum = minimum
        self.answersCloseAt = answersCloseAt
        self.cost = try FixtureRules.text(cost, field: "cost")
    }

    /// When answers close: as sent, else two hours before kick-off.
    package var closingTime: Date { answersCloseAt ?? startsAt.addingTimeInterval(-FixtureRules.defaultAnswersClose) }
}

extension FixtureDraft: Decodable {
    enum CodingKeys: String, CodingKey { case startsAt, timeZone, place, mapLink, places, minimum, answersCloseAt, cost, `repeat`, aheadDays, autoTeams }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var weekly = false
        if let repeats = try container.decodeIfPresent(String.self, forKey: .repeat) {
            guard repeats == "weekly" else { throw ValidationError(field: "repeat", message: "must be \"weekly\"") }
            weekly = true
        }
        guard let startsAt = try container.decodeIfPresent(String.self, forKey: .startsAt) else {
            throw ValidationError(field: "startsAt", message: "is required")
        }
        guard let places = try container.decodeWholeNumberIfPresent(forKey: .places) else {
            throw ValidationError(field: "places", message: "is required")
        }
        try self.init(startsAt: FixtureRules.date(startsAt, field: "startsAt"),
                      timeZone: container.decodeIfPresent(String.self, forKey: .timeZone),
                      place: container.decodeIfPresent(String.self, forKey: .place),
                      mapLink: container.decodeIfPresent(String.self, forKey: .mapLink),
                      places: places,
                      minimum: container.decodeWholeNumberIfPresent(forKey: .minimum),
                      answersCloseAt: container.decodeIfPresent(String.self, forKey: .answersCloseAt).map { text throws(ValidationError) in
                          try FixtureRules.date(text, field: "answersCloseAt")
                      },
                      cost: container.decodeIfPresent(String.self, forKey: .cost), repeatsWeekly: weekly,
                      aheadDays: container.decodeWholeNumberIfPresent(forKey: .aheadDays),
                      autoTeams: container.decodeIfPresent(Bool.self, forKey: .autoTeams))
    }
}

/// The body of `PATCH /api/fixtures/{id}`: only what it names changes; `null` clears an optional
/// field (place, map link, minimum, cost).
package struct FixtureChange: Hashable, Sendable {
    package var startsAt: Date?
    package var timeZone: String?
    package var place: String??
    package var mapLink: String??
    package var places: Int?
    package var minimum: Int??
    package var answersCloseAt: Date?
    package var cost: String??
    /// `open` (taken back from cancelled) or `cancelled`.
    package var status: FixtureStatus?
    /// Whether the list closes itself; `null`: back to the group's setting.
    package var autoTeams: Bool??

    package init(startsAt: Date? = nil, timeZone: String? = nil, place: String?? = nil, mapLink: String?? = nil, places: Int? = nil,
                 minimum: Int?? = nil, answersCloseAt: Date? = nil, cost: String?? = nil, status: FixtureStatus? = nil,
                 autoTeams: Bool?? = nil) throws(ValidationError) {
        self.autoTeams = autoTeams
        self.startsAt = startsAt
        self.timeZone = try FixtureRules.timeZone(timeZone)
        self.place = try place.map { text throws(ValidationError) in try FixtureRules.text(text, field: "place") }
        self.mapLink = try mapLink.map { text throws(ValidationError) in try FixtureRules.mapLink(text) }
        self.places = try places.map { value throws(ValidationError) in try FixtureRules.places(value) }
        self.minimum = minimum
        self.answersCloseAt = answersCloseAt
        self.cost = try cost.map { text throws(ValidationError) in try FixtureRules.text(text, field: "cost") }
        if let status, status != .open, status != .cancelled {
            throw ValidationError(field: "status", message: "must be \"open\" or \"cancelled\"")
        }
        self.status = status
    }

    /// Whether it changes when or where the match is, which calendars must hear of.
    package var isEmpty: Bool {
        startsAt == nil && timeZone == nil && place == nil && mapLink == nil && places == nil && minimum == nil && answersCloseAt == nil
            && cost == nil && status == nil
    }
}

extension FixtureChange: Decodable {
    enum CodingKeys: String, CodingKey { case startsAt, timeZone, place, mapLink, places, minimum, answersCloseAt, cost, status, autoTeams }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(startsAt: container.decodeIfPresent(String.self, forKey: .startsAt).map { text throws(ValidationError) in
                          try FixtureRules.date(text, field: "startsAt")
                      },
                      timeZone: container.decodeIfPresent(String.self, forKey: .timeZone),
                      place: container.decodeChange(forKey: .place) { try container.decodeIfPresent(String.self, forKey: .place) },
                      mapLink: container.decodeChange(forKey: .mapLink) { try container.decodeIfPresent(String.self, forKey: .mapLink) },
                      places: container.decodeWholeNumberIfPresent(forKey: .places),
                      minimum: container.decodeChange(forKey: .minimum) { try container.decodeWholeNumberIfPresent(forKey: .minimum) },
                      answersCloseAt: container.decodeIfPresent(String.self, forKey: .answersCloseAt).map { text throws(ValidationError) in
                          try FixtureRules.date(text, field: "answersCloseAt")
                      },
                      cost: container.decodeChange(forKey: .cost) { try container.decodeIfPresent(String.self, forKey: .cost) },
                      status: container.decodeEnumIfPresent(FixtureStatus.self, forKey: .status),
                      autoTeams: container.decodeChange(forKey: .autoTeams) { try container.decodeIfPresent(Bool.self, forKey: .autoTeams) })
    }
}

/// The body of `PUT /api/fixtures/{id}/answers/{playerId}` and of a friend's answer.
package struct AnswerChoice: Hashable, Sendable, Decodable {
    package var answer: Attendance

    package init(answer: Attendance) { self.answer = answer }

    enum CodingKeys: String, CodingKey { case answer }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let answer = try container.decodeEnumIfPresent(Attendance.self, forKey: .answer) else {
            throw ValidationError(field: "answer", message: "is required: \"in\", \"out\" or \"maybe\"")
        }
        self.answer = answer
    }
}
