import FoundationEssentials
import GatherWire

// What the client reads back of the server's JSON (`JSONWritable` writes the same fields).

extension Fixture: Codable {
    enum CodingKeys: String, CodingKey {
        case id, startsAt, timeZone, place, mapLink, places, minimum, answersCloseAt, cost, status, gatherId, sequence, createdAt, updatedAt
        case answers, counts, teams, seriesId, autoTeams
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let startsAt = try container.decode(String.self, forKey: .startsAt)
        guard let start = InternetDate.parse(startsAt), let offset = InternetDate.utcOffset(of: startsAt) else {
            throw DecodingError.dataCorruptedError(forKey: .startsAt, in: container, debugDescription: InternetDate.NotADate.expectation)
        }
        guard let closes = InternetDate.parse(try container.decode(String.self, forKey: .answersCloseAt)) else {
            throw DecodingError.dataCorruptedError(forKey: .answersCloseAt, in: container, debugDescription: InternetDate.NotADate.expectation)
        }
        self.init(id: try container.decode(Int.self, forKey: .id), startsAt: start, timeZone: try container.decode(String.self, forKey: .timeZone),
                  utcOffset: offset, place: try container.decodeIfPresent(String.self, forKey: .place),
                  mapLink: try container.decodeIfPresent(String.self, forKey: .mapLink), places: try container.decode(Int.self, forKey: .places),
                  minimum: try container.decodeIfPresent(Int.self, forKey: .minimum), answersCloseAt: closes,
                  cost: try container.decodeIfPresent(String.self, forKey: .cost),
                  status: try container.decodeEnumIfPresent(FixtureStatus.self, forKey: .status) ?? .open,
                  gatherId: try container.decodeIfPresent(String.self, forKey: .gatherId),
                  sequence: try container.decodeIfPresent(Int.self, forKey: .sequence) ?? 0,
                  createdAt: try container.decode(Date.self, forKey: .createdAt), updatedAt: try container.decode(Date.self, forKey: .updatedAt),
                  answers: try container.decodeIfPresent([FixtureAnswer].self, forKey: .answers) ?? [],
                  counts: try container.decodeIfPresent(AnswerCounts.self, forKey: .counts) ?? AnswerCounts())
        teams = try container.decodeIfPresent(PublishedTeams.self, forKey: .teams)
        seriesId = try container.decodeIfPresent(Int.self, forKey: .seriesId)
        autoTeams = try container.decodeIfPresent(Bool.self, forKey: .autoTeams)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(answers, forKey: .answers)
        try container.encode(InternetDate.string(from: answersCloseAt, utcOffset: utcOffset), forKey: .answersCloseAt)
        try container.encode(autoTeams, forKey: .autoTeams)
        try container.encode(cost, forKey: .cost)
        try container.encode(counts, forKey: .counts)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(gatherId, forKey: .gatherId)
        try container.encode(id, forKey: .id)
        try container.encode(mapLink, forKey: .mapLink)
        try container.encode(minimum, forKey: .minimum)
        try container.encode(place, forKey: .place)
        try container.encode(places, forKey: .places)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(InternetDate.string(from: startsAt, utcOffset: utcOffset), forKey: .startsAt)
        try container.encode(status.rawValue, forKey: .status)
        try container.encode(teams, forKey: .teams)
        try container.encode(seriesId, forKey: .seriesId)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

extension FixtureAnswer: Codable {
    enum CodingKeys: String, CodingKey { case playerId, name, answer, place, waiting, answeredAt, late, guestOf, promotedAt, guestId }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(playerId: try container.decodeIfPresent(Int.self, forKey: .playerId), name: try container.decode(String.self, forKey: .name),
                  answer: try container.decode(Attendance.self, forKey: .answer), place: try container.decodeIfPresent(Int.self, forKey: .place),
                  waiting: try container.decodeIfPresent(Int.self, forKey: .waiting),
                  answeredAt: try container.decode(Date.self, forKey: .answeredAt),
                  late: try container.decodeIfPresent(Bool.self, forKey: .late) ?? false,
                  guestOf: try container.decodeIfPresent(Int.self, forKey: .guestOf),
                  promotedAt: try container.decodeIfPresent(Date.self, forKey: .promotedAt),
                  guestId: try container.decodeIfPresent(Int.self, forKey: .guestId))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(answer, forKey: .answer)
        try container.encode(answeredAt, forKey: .answeredAt)
        try container.encode(guestId, forKey: .guestId)
        try container.encode(guestOf, forKey: .guestOf)
        try container.encode(late, forKey: .late)
        try container.encode(name, forKey: .name)
        try container.encode(place, forKey: .place)
        try container.encode(playerId, forKey: .playerId)
        try container.encode(promotedAt, forKey: .promotedAt)
        try container.encode(waiting, forKey: .waiting)
    }
}
