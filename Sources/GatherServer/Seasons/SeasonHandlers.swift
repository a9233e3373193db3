import FoundationEssentials
import GatherDomain
import GatherText
import HTTP
import Storage
import ZoneInfo

/// `/api/seasons`: a group's seasons (organisers make and remove them, viewers read them), and an
/// ended season's awards, frozen the first time they are read after its end.
enum SeasonHandlers {
    /// 201 with the season, its days counted in the group's time zone (the server's when it names none).
    static func create(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<SeasonDraft>) throws -> HTTPResponse {
        let draft = try body.value()
        let settings = try context.database.read { try GroupRepository($0).settings(of: context.owner) }
        guard let settings else { throw APIError.groupNotFound }
        let zone = try context.services.timeZones.zone(named: settings.timeZone)
        let midnight = { (day: CalendarDay) in zone.instant(forLocal: LocalDateTime(year: day.year, month: day.month, day: day.day)) }
        let lastDay = LocalDateTime(year: draft.endsOn.year, month: draft.endsOn.month, day: draft.endsOn.day).adding(days: 1)
        let season = try context.database.write { database -> Season in
            let seasons = SeasonRepository(database)
            guard try seasons.count(owner: context.owner) < SeasonRepository.maximumPerGroup else {
                throw APIError.conflict("a group keeps at most \(SeasonRepository.maximumPerGroup) seasons; remove an old one first")
            }
            return try seasons.insert(name: draft.name, startsOn: draft.startsOn.description, endsOn: draft.endsOn.description,
                                      timeZone: zone.identifier, startsAt: midnight(draft.startsOn), endsAt: zone.instant(forLocal: lastDay),
                                      owner: context.owner)
        }
        return .json(.created, season, headers: [HTTPHeaders.Name.location: context.groupPath("/api/seasons/\(season.id)")])
    }

    /// The group's seasons, the latest first.
    static func list(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        .json(.ok, try context.database.read { try SeasonRepository($0).all(owner: context.owner) })
    }

    /// One season; two days after it has ended, with its awards (worked out and frozen at the first read).
    static func get(_ context: AuthenticatedContext<WorkerDatabase>) throws -> KeptOnRead {
        let (season, kept) = try season(context.parameters.int("id", resource: "season"), in: context)
        return KeptOnRead(response: .json(.ok, season), keptSomething: kept)
    }

    /// A season as it stands, its awards frozen when they are due and not yet (and no match of it
    /// still has its man-of-the-match vote open); whether this read froze them.
    static func season(_ id: Int, in context: AuthenticatedContext<WorkerDatabase>) throws -> (Season, kept: Bool) {
        let now = context.services.now()
        let owner = context.owner
        let (found, reckoned) = try context.database.read { database -> (Season?, SeasonAwards?) in
            let seasons = SeasonRepository(database)
            guard let season = try seasons.find(id: id, owner: owner) else { return (nil, nil) }
            guard season.awards == nil, now >= season.awardsDueAt, try !seasons.hasOpenVotes(id, owner: owner, at: now) else { return (season, nil) }
            return (season, try SeasonAwardsReckoner(database: database, owner: owner).awards(for: season, at: now))
        }
        guard var season = found else { throw APIError.notFound("season not found") }
        guard let reckoned else { return (season, false) }
        // Worked out in a read; only the keeping is a write (the first to keep them wins).
        let (kept, isNew) = try context.database.write { try SeasonAwardsKeeping.freeze(reckoned, of: id, owner: owner, in: $0, at: now) }
        season.awards = kept ?? reckoned
        return (season, isNew)
    }

    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "season")
        try APIError.require(try context.database.write { try SeasonRepository($0).delete(id: id, owner: context.owner) },
                             else: .notFound("season not found"))
        return HTTPResponse(status: .noContent)
    }
}

/// Which matches a table, the scorers or a record count: `season=ID`, `season=current` (the season
/// under way; all time between seasons) or `season=all` (the default, as before seasons).
enum SeasonChoice {
    /// The stretch of time chosen (nil: all time), and the season it is.
    static func during(_ value: String?, owner: UUID, database: Database, now: Date) throws -> (range: Range<Date>?, season: Season?) {
        guard let value, value != "all" else { return (nil, nil) }
        let seasons = SeasonRepository(database)
        if value == "current" {
            let season = try seasons.current(owner: owner, at: now)
            return (season.map { $0.startsAt..<$0.endsAt }, season)
        }
        guard let id = Int(value), id > 0 else {
            throw ValidationError(field: "season", message: "must be a season's id, \"current\" or \"all\"")
        }
        guard let season = try seasons.find(id: id, owner: owner) else { throw APIError.notFound("season not found") }
        return (season.startsAt..<season.endsAt, season)
    }
}
