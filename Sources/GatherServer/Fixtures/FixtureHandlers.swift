import FoundationEssentials
import GatherBalancing
import GatherDomain
import GatherText
import HTTP
import Storage

/// `/api/fixtures`: the group's next matches and the answers to "who's in?".
enum FixtureHandlers {
    /// A fixture in the group's zone (or the one named); answers close two hours before kick-off
    /// unless the draft says when.
    static func create(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<FixtureDraft>) throws -> HTTPResponse {
        let draft = try body.value()
        let now = context.services.now()
        try FixtureRules.checkTimes(startsAt: draft.startsAt, answersCloseAt: draft.closingTime, now: now)
        let limit = context.services.quotas.limits.upcomingFixturesPerGroup
        let zones = context.services.timeZones
        let fixture = try context.database.write { database in
            // The zone named, else the group's, else the server's.
            let groupZone = draft.timeZone == nil ? try GroupRepository(database).settings(of: context.owner)?.timeZone : nil
            let zone = try zones.zone(named: draft.timeZone ?? groupZone)
            let details = FixtureRepository.Details(startsAt: draft.startsAt, timeZone: zone.identifier,
                                                    utcOffset: zone.offset(at: draft.startsAt), place: draft.place, mapLink: draft.mapLink,
                                                    places: draft.places, minimum: draft.minimum, answersCloseAt: draft.closingTime,
                                                    cost: draft.cost)
            let repository = FixtureRepository(database)
            guard try repository.upcomingCount(owner: context.owner, now: now) < limit else {
                throw APIError(.forbidden, "this group already has \(limit) fixtures to come, the most this server allows; "
                               + "cancel or play one first; nothing was saved")
            }
            let announcing = Announcing(database, owner: context.owner, now: now)
            guard draft.repeatsWeekly else {
                let id = try repository.insert(details, autoTeams: draft.autoTeams, owner: context.owner, at: now)
                let fixture = try repository.find(id: id, owner: context.owner, now: now)
                try announcing.announce(fixture.map(ChannelAnnouncement.fixtureCreated))
                return fixture
            }
            // A series: its first occurrence at the kick-off given, and those within its horizon.
            let kickOff = zone.local(at: draft.startsAt)
            let seriesStore = FixtureSeriesRepository(database)
            let seriesID = try seriesStore.insert(FixtureSeriesRepository.Draft(
                firstDate: SeriesPlanner.dateText(kickOff), localMinute: kickOff.hour * 60 + kickOff.minute, timeZone: zone.identifier,
                place: draft.place, mapLink: draft.mapLink, places: draft.places, minimum: draft.minimum,
                answersCloseBefore: Int(draft.startsAt.timeIntervalSince(draft.closingTime)), cost: draft.cost,
                aheadDays: draft.aheadDays ?? FixtureDraft.defaultAheadDays, autoTeams: draft.autoTeams), owner: context.owner, at: now)
            guard let series = try seriesStore.find(id: seriesID, owner: context.owner) else { throw APIError.fixtureNotFound }
            var first: Int?
            for occurrence in SeriesPlanner.occurrences(of: series, zone: zone, now: now, first: true) {
                let made = try seriesStore.add(occurrence, of: series, owner: context.owner, at: now)
                first = first ?? made
                if let made, announcing.isHeard {
                    try announcing.announce(try repository.find(id: made, owner: context.owner, now: now).map(ChannelAnnouncement.fixtureCreated))
                }
            }
            guard let first else { throw APIError.fixtureNotFound }
            return try repository.find(id: first, owner: context.owner, now: now)
        }
        guard let fixture else { throw APIError.fixtureNotFound }
        return .json(.created, fixture, headers: [HTTPHeaders.Name.location: context.groupPath("/api/fixtures/\(fixture.id)")])
    }

    /// A page of fixtures: those to come first, soonest first, then the past, latest first
    /// (`limit`, 1–100, default 20; `offset`), with a `Link` to the next page when full.
    static func list(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let page = try FixturePage(query: context.request.query)
        let now = context.services.now()
        let fixtures = try TeamsSuggestions.offered(try context.database.read {
            try FixtureRepository($0).page(owner: context.owner, now: now, limit: page.limit, offset: page.offset)
        }, owner: context.owner, now: now, reads: context.database)
        var headers = HTTPHeaders()
        if fixtures.count == page.limit {
            headers.set(name: HTTPHeaders.Name.link, value: "<\(context.groupPath("/api/fixtures?limit=\(page.limit)&offset=\(page.offset + page.limit)"))>; rel=\"next\"")
        }
        return .json(.ok, fixtures, headers: headers)
    }

    static func get(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let now = context.services.now()
        guard let fixture = try context.database.read({ try FixtureRepository($0).find(id: id, owner: context.owner, now: now) }) else {
            throw APIError.fixtureNotFound
        }
        return .json(.ok, try TeamsSuggestions.offered(fixture, owner: context.owner, now: now, reads: context.database))
    }

    /// Changes what the body names. A moved kick-off moves a default closing time with it (two
    /// hours before) unless the body sets one; a played fixture is history and does not change.
    static func change(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<FixtureChange>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let change = try body.value()
        let now = context.services.now()
        let zones = context.services.timeZones
        let fixture = try context.database.write { database in
            let repository = FixtureRepository(database)
            guard let current = try repository.find(id: id, owner: context.owner, now: now) else { throw APIError.fixtureNotFound }
            guard current.status != .played else { throw APIError.conflict("this fixture was played; its match keeps what happened") }
            let details = try changed(current, by: change, zones: zones, now: now)
            if let autoTeams = change.autoTeams, autoTeams != current.autoTeams {
                _ = try repository.setAutoTeams(autoTeams, fixture: id, owner: context.owner)
            }
            // Nothing changed (an empty body, or only what it was): calendars hear of no change.
            guard details != FixtureRepository.Details(current) else { return try repository.find(id: id, owner: context.owner, now: now) }
            try APIError.require(try repository.update(id: id, owner: context.owner, to: details, at: now), else: .fixtureNotFound)
            let changed = try repository.find(id: id, owner: context.owner, now: now)
            if details.status == .cancelled, current.status != .cancelled, let changed {
                try Announcing(database, owner: context.owner, now: now).announce(.fixtureCancelled(changed))
            }
            return changed
        }
        guard let fixture else { throw APIError.fixtureNotFound }
        return .json(.ok, try TeamsSuggestions.offered(fixture, owner: context.owner, now: now, reads: context.database))
    }

    /// Cancels: the fixture stays, `cancelled`, for friends and calendars to see.
    static func cancel(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let now = context.services.now()
        try context.database.write { database in
            let repository = FixtureRepository(database)
            guard let current = try repository.find(id: id, owner: context.owner, now: now) else { throw APIError.fixtureNotFound }
            guard current.status != .played else { throw APIError.conflict("this fixture was played; delete its match instead") }
            guard current.status != .cancelled else { return }
            var details = FixtureRepository.Details(current)
            details.status = .cancelled
            _ = try repository.update(id: id, owner: context.owner, to: details, at: now)
            var cancelled = current
            cancelled.status = .cancelled
            try Announcing(database, owner: context.owner, now: now).announce(.fixtureCancelled(cancelled))
        }
        return HTTPResponse(status: .noContent)
    }

    /// An organiser answers for a player (who told them at the pitch, or in the chat).
    static func answerFor(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<AnswerChoice>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let player = try context.parameters.int("playerId", resource: "player")
        let choice = try body.value()
        let now = context.services.now()
        let fixture = try context.database.write { database in
            let repository = FixtureRepository(database)
            let announcing = Announcing(database, owner: context.owner, now: now)
            let before = try announcing.fixtureBefore(id)
            try FixtureHandlers.require(try repository.answer(fixture: id, player: player, choice.answer, owner: context.owner, at: now))
            try announcing.answersChanged(from: before)
            return try repository.find(id: id, owner: context.owner, now: now)
        }
        guard let fixture else { throw APIError.fixtureNotFound }
        return .json(.ok, try TeamsSuggestions.offered(fixture, owner: context.owner, now: now, reads: context.database))
    }

    /// An answer's outcome as the API tells it.
    static func require(_ outcome: FixtureRepository.AnswerOutcome) throws {
        switch outcome {
        case .answered: return
        case .fixtureNotFound: throw APIError.fixtureNotFound
        case .playerNotFound: throw APIError.playerNotFound
        case .notTakingAnswers(let status):
            throw APIError.conflict(status == .cancelled ? "this fixture was cancelled; answers no longer count"
                                    : "this fixture was played; answers no longer count")
        }
    }

    /// `current` with `change` applied, every rule checked again on the whole.
    private static func changed(_ current: Fixture, by change: FixtureChange, zones: TimeZoneCatalog, now: Date) throws -> FixtureRepository.Details {
        var details = FixtureRepository.Details(current)
        let zone = try zones.zone(named: change.timeZone ?? current.timeZone)
        if let startsAt = change.startsAt {
            // A closing time left at its default follows the kick-off.
            if change.answersCloseAt == nil,
               current.answersCloseAt == current.startsAt.addingTimeInterval(-FixtureRules.defaultAnswersClose) {
                details.answersCloseAt = startsAt.addingTimeInterval(-FixtureRules.defaultAnswersClose)
            }
            details.startsAt = startsAt
        }
        if let closes = change.answersCloseAt { details.answersCloseAt = closes }
        details.timeZone = zone.identifier
        details.utcOffset = zone.offset(at: details.startsAt)
        if let place = change.place { details.place = place }
        if let link = change.mapLink { details.mapLink = link }
        if let places = change.places { details.places = places }
        if let minimum = change.minimum { details.minimum = minimum }
        if let cost = change.cost { details.cost = cost }
        if let status = change.status { details.status = status }
        try FixtureRules.check(minimum: details.minimum, places: details.places)
        if change.startsAt != nil || change.answersCloseAt != nil {
            try FixtureRules.checkTimes(startsAt: details.startsAt, answersCloseAt: details.answersCloseAt, now: now)
        }
        return details
    }
}

/// `GET /api/fixtures`' paging.
struct FixturePage {
    static let limits = 1...100
    var limit = 20
    var offset = 0

    init(query: [(name: String, value: String)]) throws {
        for (name, value) in query {
            switch name {
            case "limit":
                guard let number = Int(value), FixturePage.limits.contains(number) else {
                    throw ValidationError(field: "limit", message: "must be a whole number from 1 to 100")
                }
                limit = number
            case "offset":
                guard let number = Int(value), (0...100_000).contains(number) else {
                    throw ValidationError(field: "offset", message: "must be a whole number from 0 to 100000")
                }
                offset = number
            default:
                throw ValidationError(field: name, message: "is not a parameter of this list (limit, offset)")
            }
        }
    }
}

extension APIError {
    static let fixtureNotFound = APIError.notFound("fixture not found")
}

/// `PUT /api/fixtures/{id}/teams`: the teams made from who is in, published for every friend to see.
enum FixtureTeamHandlers {
    /// Balanced here, on a worker (the balancer's bounded search), then published in one write
    /// that checks nobody's place changed meanwhile.
    static func publish(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let choice = try context.decodeBody(TeamsChoice.self)
        let now = context.services.now()
        let owner = context.owner
        let (fixture, holders) = try context.database.read { database in
            let repository = FixtureRepository(database)
            return (try repository.find(id: id, owner: owner, now: now), try repository.placeHolders(fixture: id))
        }
        guard let fixture else { throw APIError.fixtureNotFound }
        guard fixture.takesAnswers else { throw APIError.conflict("this fixture was \(fixture.status.rawValue); its teams no longer change") }
        guard holders.count >= 2 else { throw APIError.conflict("teams need at least two players in; \(holders.count) so far") }
        let teamA: [Int], teamB: [Int], predicted: Double?
        switch choice.kind {
        case .balance(let seed):
            let split = try TeamHandlers.balanced(BalanceRequest(playerIDs: holders, seed: seed), in: context)
            (teamA, teamB, predicted) = (split.teamA.map(\.id), split.teamB.map(\.id), split.predictedWinA)
        case .chosen(let chosenA, let chosenB):
            let chosen = Set(chosenA + chosenB), holding = Set(holders)
            let strangers = chosen.subtracting(holding).sorted(), missing = holding.subtracting(chosen).sorted()
            guard strangers.isEmpty else {
                throw ValidationError(field: "teamA", message: "players \(strangers.map(String.init).joined(separator: ", ")) hold no place")
            }
            guard missing.isEmpty else {
                throw ValidationError(field: "teamA", message: "players \(missing.map(String.init).joined(separator: ", ")) hold places but are on no team")
            }
            (teamA, teamB) = (chosenA, chosenB)
            predicted = try context.database.read { try TeamHandlers.predictedWinA(teamA: chosenA, teamB: chosenB, in: $0, owner: owner, now: now) }
        }
        let published = try context.database.write { database in
            let repository = FixtureRepository(database)
            guard try repository.placeHolders(fixture: id) == holders else {
                throw APIError.conflict("someone answered while the teams were being made; publish again")
            }
            try repository.publishTeams(fixture: id, teamA: teamA, teamB: teamB, predictedWinA: predicted, at: now)
            let published = try repository.find(id: id, owner: owner, now: now)
            try Announcing(database, owner: owner, now: now).announce(published.flatMap(ChannelAnnouncement.teams))
            return published
        }
        guard let published else { throw APIError.fixtureNotFound }
        return .json(.ok, published)
    }

    /// `DELETE /api/fixtures/{id}/teams/suggestion`: the organiser keeps teams a drop-out changed
    /// as they are; no fairer split is offered until the next change.
    static func keep(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let now = context.services.now()
        try context.database.write { database in
            try APIError.require(try FixtureRepository(database).keepTeamsAsTheyAre(fixture: id, owner: context.owner, at: now),
                                 else: .fixtureNotFound)
        }
        return HTTPResponse(status: .noContent)
    }
}
