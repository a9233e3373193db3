import FoundationEssentials
import GatherText
import GatherWire

/// A weekly series: the same day and time every week in its zone, each occurrence made ahead of
/// time as a fixture of its own (`GET /api/fixture-series/{id}`).
package struct FixtureSeries: Hashable, Sendable {
    package var id: Int
    /// The first occurrence's local date, `2026-12-03`.
    package var firstDate: String
    /// Kick-off, minutes after local midnight.
    package var localMinute: Int
    package var timeZone: String
    package var place: String?
    package var mapLink: String?
    package var places: Int
    package var minimum: Int?
    /// Answers close this long before each kick-off.
    package var answersCloseBefore: Int
    package var cost: String?
    package var aheadDays: Int
    /// Whether its occurrences' lists close themselves (an occurrence's own choice first); nil: the group's setting.
    package var autoTeams: Bool?
    package var endedAt: Date?
    package var createdAt: Date
    package var updatedAt: Date

    package init(id: Int, firstDate: String, localMinute: Int, timeZone: String, place: String?, mapLink: String?, places: Int,
                 minimum: Int?, answersCloseBefore: Int, cost: String?, aheadDays: Int, autoTeams: Bool? = nil, endedAt: Date?, createdAt: Date,
                 updatedAt: Date) {
        self.autoTeams = autoTeams
        self.id = id
        self.firstDate = firstDate
        self.localMinute = localMinute
        self.timeZone = timeZone
        self.place = place
        self.mapLink = mapLink
        self.places = places
        self.minimum = minimum
        self.answersCloseBefore = answersCloseBefore
        self.cost = cost
        self.aheadDays = aheadDays
        self.endedAt = endedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// `19:00`.
    package var kickOff: String {
        let hours = localMinute / 60, minutes = localMinute % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }
}

extension FixtureSeries: JSONWritable, Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kickOff = try container.decode(String.self, forKey: .kickOff).split(separator: ":").compactMap { Int($0) }
        guard kickOff.count == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .kickOff, in: container, debugDescription: "not a time of day")
        }
        self.init(id: try container.decode(Int.self, forKey: .id), firstDate: try container.decode(String.self, forKey: .firstDate),
                  localMinute: kickOff[0] * 60 + kickOff[1], timeZone: try container.decode(String.self, forKey: .timeZone),
                  place: try container.decodeIfPresent(String.self, forKey: .place),
                  mapLink: try container.decodeIfPresent(String.self, forKey: .mapLink), places: try container.decode(Int.self, forKey: .places),
                  minimum: try container.decodeIfPresent(Int.self, forKey: .minimum),
                  answersCloseBefore: try container.decode(Int.self, forKey: .answersCloseBefore),
                  cost: try container.decodeIfPresent(String.self, forKey: .cost), aheadDays: try container.decode(Int.self, forKey: .aheadDays),
                  autoTeams: try container.decodeIfPresent(Bool.self, forKey: .autoTeams),
                  endedAt: try container.decodeIfPresent(Date.self, forKey: .endedAt), createdAt: try container.decode(Date.self, forKey: .createdAt),
                  updatedAt: try container.decode(Date.self, forKey: .updatedAt))
    }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("aheadDays") { $0.int(aheadDays) }
            object.field("answersCloseBefore") { $0.int(answersCloseBefore) }
            object.field("autoTeams") { $0.optional(autoTeams) { $0.bool($1) } }
            object.field("cost") { $0.optional(cost) { $0.string($1) } }
            object.field("createdAt") { $0.date(createdAt) }
            object.field("endedAt") { $0.optional(endedAt) { $0.date($1) } }
            object.field("firstDate") { $0.string(firstDate) }
            object.field("id") { $0.int(id) }
            object.field("kickOff") { $0.string(kickOff) }
            object.field("mapLink") { $0.optional(mapLink) { $0.string($1) } }
            object.field("minimum") { $0.optional(minimum) { $0.int($1) } }
            object.field("place") { $0.optional(place) { $0.string($1) } }
            object.field("places") { $0.int(places) }
            object.field("repeat") { $0.string("weekly") }
            object.field("timeZone") { $0.string(timeZone) }
            object.field("updatedAt") { $0.date(updatedAt) }
        }
    }

    enum CodingKeys: String, CodingKey {
        case aheadDays, answersCloseBefore, autoTeams, cost, createdAt, endedAt, firstDate, id, kickOff, mapLink, minimum, place, places, `repeat`
        case timeZone, updatedAt
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(aheadDays, forKey: .aheadDays)
        try container.encode(answersCloseBefore, forKey: .answersCloseBefore)
        try container.encode(autoTeams, forKey: .autoTeams)
        try container.encode(cost, forKey: .cost)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(endedAt, forKey: .endedAt)
        try container.encode(firstDate, forKey: .firstDate)
        try container.encode(id, forKey: .id)
        try container.encode(kickOff, forKey: .kickOff)
        try container.encode(mapLink, forKey: .mapLink)
        try container.encode(minimum, forKey: .minimum)
        try container.encode(place, forKey: .place)
        try container.encode(places, forKey: .places)
        try container.encode("weekly", forKey: .repeat)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// The body of `PATCH /api/fixture-series/{id}`: what occurrences made from now on look like, and
/// the ones already made that nobody changed on their own. `null` clears an optional field.
package struct SeriesChange: Hashable, Sendable, Decodable {
    package var place: String??
    package var mapLink: String??
    package var places: Int?
    package var minimum: Int??
    package var cost: String??
    package var aheadDays: Int?
    /// Whether its lists close themselves; `null`: back to the group's setting.
    package var autoTeams: Bool??

    enum CodingKeys: String, CodingKey { case place, mapLink, places, minimum, cost, aheadDays, autoTeams }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        place = try container.decodeChange(forKey: .place) { try FixtureRules.text(try container.decodeIfPresent(String.self, forKey: .place), field: "place") }
        mapLink = try container.decodeChange(forKey: .mapLink) { try FixtureRules.mapLink(try container.decodeIfPresent(String.self, forKey: .mapLink)) }
        places = try container.decodeWholeNumberIfPresent(forKey: .places).map { value throws(ValidationError) in try FixtureRules.places(value) }
        minimum = try container.decodeChange(forKey: .minimum) { try container.decodeWholeNumberIfPresent(forKey: .minimum) }
        cost = try container.decodeChange(forKey: .cost) { try FixtureRules.text(try container.decodeIfPresent(String.self, forKey: .cost), field: "cost") }
        autoTeams = try container.decodeChange(forKey: .autoTeams) { try container.decodeIfPresent(Bool.self, forKey: .autoTeams) }
        if let ahead = try container.decodeWholeNumberIfPresent(forKey: .aheadDays) {
            guard FixtureDraft.aheadDaysRange.contains(ahead) else {
                throw ValidationError(field: "aheadDays", message: "must be from \(FixtureDraft.aheadDaysRange.lowerBound) to \(FixtureDraft.aheadDaysRange.upperBound)")
            }
            aheadDays = ahead
        }
    }
}
