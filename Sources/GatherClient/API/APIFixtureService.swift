import Foundation
import GatherDomain
import GatherWire

/// The group's fixtures over the API: the matches to come, the answers to "who's in?", and the
/// teams published from those holding places.
package struct APIFixtureService: FixtureService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    /// The most fixtures one page holds (`GET /api/fixtures?limit=`).
    package static let pageLimit = 100

    /// A page of fixtures: those to come first, soonest first, then the past, latest first.
    package func fixtures(limit: Int = 20, offset: Int = 0) async throws -> [Fixture] {
        try await client.request(.get, "/api/fixtures?limit=\(limit)&offset=\(offset)", as: [Fixture].self)
    }

    package func schedule() async throws -> [Fixture] {
        try await fixtures()
    }

    package func fixture(id: Int) async throws -> Fixture {
        try await client.request(.get, "/api/fixtures/\(id)", as: Fixture.self)
    }

    /// A new fixture kicking off at `startsAt`, set in `timeZone` (sent by its name, which the
    /// server must know); nil: the server's zone. Answers close two hours before kick-off unless
    /// `answersCloseAt` says when. `repeatsWeekly`: a weekly series, whose first fixture comes back.
    package func create(startsAt: Date, timeZone: TimeZone?, place: String? = nil, mapLink: String? = nil, places: Int,
                        minimum: Int? = nil, answersCloseAt: Date? = nil, cost: String? = nil,
                        repeatsWeekly: Bool = false, autoTeams: Bool? = nil) async throws -> Fixture {
        // Validated here first so the message is the one the server would give.
        let draft: FixtureDraft
        do {
            draft = try FixtureDraft(startsAt: startsAt, timeZone: timeZone?.identifier, place: place, mapLink: mapLink, places: places,
                                     minimum: minimum, answersCloseAt: answersCloseAt, cost: cost, repeatsWeekly: repeatsWeekly,
                                     autoTeams: autoTeams)
        } catch {
            throw ServiceError.rejected(status: 400, reason: error.reason.capitalizedFirst)
        }
        return try await client.request(.post, "/api/fixtures", body: FixtureBody(draft, zone: timeZone), as: Fixture.self)
    }

    package func create(_ fixture: NewFixture) async throws -> Fixture {
        try await create(startsAt: fixture.startsAt, timeZone: fixture.timeZone, place: fixture.place, places: fixture.places,
                         repeatsWeekly: fixture.repeatsWeekly)
    }

    package func keepTeams(fixture id: Int) async throws {
        try await client.request(.delete, "/api/fixtures/\(id)/teams/suggestion")
    }

    /// A weekly series: its day and time, and what each new occurrence is made with.
    package func series(id: Int) async throws -> FixtureSeries {
        try await client.request(.get, "/api/fixture-series/\(id)", as: FixtureSeries.self)
    }

    /// Changes what the series' occurrences to come are made with (those changed on their own
    /// keep their changes): only the fields given.
    package func changeSeries(id: Int, _ change: SeriesUpdate) async throws -> FixtureSeries {
        try await client.request(.patch, "/api/fixture-series/\(id)", body: change, as: FixtureSeries.self)
    }

    /// Ends a series: no more are made, those to come are cancelled, those played stay.
    package func endSeries(id: Int) async throws {
        try await client.request(.delete, "/api/fixture-series/\(id)")
    }

    /// Cancels a fixture: it stays, `cancelled`, for friends and calendars to see.
    package func cancel(id: Int) async throws {
        try await client.request(.delete, "/api/fixtures/\(id)")
    }

    /// Answers for a player (who told the organiser at the pitch, or in the chat).
    package func answer(fixture id: Int, player: Int, _ attendance: Attendance) async throws -> Fixture {
        try await client.request(.put, "/api/fixtures/\(id)/answers/\(player)", body: ["answer": attendance], as: Fixture.self)
    }

    /// Balances those holding places into two teams on the server and publishes them; the same
    /// seed gives the same teams.
    package func balanceTeams(fixture id: Int, seed: Int? = nil) async throws -> Fixture {
        try await client.request(.put, "/api/fixtures/\(id)/teams", body: BalanceBody(balance: true, seed: seed), as: Fixture.self)
    }

    /// Publishes teams chosen by hand: together they must be exactly the players holding places.
    package func publishTeams(fixture id: Int, teamA: [Int], teamB: [Int]) async throws -> Fixture {
        try await client.request(.put, "/api/fixtures/\(id)/teams", body: ["teamA": teamA, "teamB": teamB], as: Fixture.self)
    }
}

/// `POST /api/fixtures`' body: the kick-off and the closing time written with the offset of the
/// fixture's zone at that moment, as the server shows them back.
private struct FixtureBody: Encodable {
    let draft: FixtureDraft
    let zone: TimeZone?

    init(_ draft: FixtureDraft, zone: TimeZone?) {
        self.draft = draft
        self.zone = zone
    }

    enum CodingKeys: String, CodingKey { case startsAt, timeZone, place, mapLink, places, minimum, answersCloseAt, cost, `repeat`, autoTeams }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let written = { (date: Date) in InternetDate.string(from: date, utcOffset: zone?.secondsFromGMT(for: date) ?? 0) }
        try container.encode(written(draft.startsAt), forKey: .startsAt)
        try container.encodeIfPresent(draft.timeZone, forKey: .timeZone)
        try container.encodeIfPresent(draft.place, forKey: .place)
        try container.encodeIfPresent(draft.mapLink, forKey: .mapLink)
        try container.encode(draft.places, forKey: .places)
        try container.encodeIfPresent(draft.minimum, forKey: .minimum)
        try container.encodeIfPresent(draft.answersCloseAt.map(written), forKey: .answersCloseAt)
        try container.encodeIfPresent(draft.cost, forKey: .cost)
        if draft.repeatsWeekly { try container.encode("weekly", forKey: .repeat) }
        try container.encodeIfPresent(draft.autoTeams, forKey: .autoTeams)
    }
}

/// `PATCH /api/fixture-series/{id}`'s body: only what is to change.
package struct SeriesUpdate: Encodable, Sendable {
    package var place: String?
    package var places: Int?
    package var minimum: Int?
    package var cost: String?
    package var aheadDays: Int?
    /// Whether its lists close themselves; `.some(nil)`: back to the group's setting.
    package var autoTeams: Bool??

    package init(place: String? = nil, places: Int? = nil, minimum: Int? = nil, cost: String? = nil, aheadDays: Int? = nil,
                 autoTeams: Bool?? = nil) {
        self.place = place
        self.places = places
        self.minimum = minimum
        self.cost = cost
        self.aheadDays = aheadDays
        self.autoTeams = autoTeams
    }

    /// Nothing would change.
    package var isEmpty: Bool { place == nil && places == nil && minimum == nil && cost == nil && aheadDays == nil && autoTeams == nil }

    enum CodingKeys: String, CodingKey { case place, places, minimum, cost, aheadDays, autoTeams }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(place, forKey: .place)
        try container.encodeIfPresent(places, forKey: .places)
        try container.encodeIfPresent(minimum, forKey: .minimum)
        try container.encodeIfPresent(cost, forKey: .cost)
        try container.encodeIfPresent(aheadDays, forKey: .aheadDays)
        if let autoTeams {
            if let autoTeams { try container.encode(autoTeams, forKey: .autoTeams) } else { try container.encodeNil(forKey: .autoTeams) }
        }
    }
}

/// `{"balance": true}`, with the seed when one is given.
private struct BalanceBody: Encodable {
    let balance: Bool
    let seed: Int?
}
