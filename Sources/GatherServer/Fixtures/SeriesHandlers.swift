import FoundationEssentials
import GatherDomain
import HTTP
import Storage

/// `/api/fixture-series/{id}`: a weekly series, changed or ended as a whole; one occurrence is
/// changed on its own through `/api/fixtures/{id}`.
enum SeriesHandlers {
    static func get(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "series")
        guard let series = try context.database.read({ try FixtureSeriesRepository($0).find(id: id, owner: context.owner) }) else {
            throw APIError.seriesNotFound
        }
        return .json(.ok, series)
    }

    /// Changes what occurrences made from now on look like, and those already made that nobody
    /// changed on their own.
    static func change(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<SeriesChange>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "series")
        let change = try body.value()
        let now = context.services.now()
        let series = try context.database.write { database in
            let store = FixtureSeriesRepository(database)
            guard var series = try store.find(id: id, owner: context.owner) else { throw APIError.seriesNotFound }
            guard series.endedAt == nil else { throw APIError.conflict("this series has ended; start a new one") }
            if let place = change.place { series.place = place }
            if let link = change.mapLink { series.mapLink = link }
            if let places = change.places { series.places = places }
            if let minimum = change.minimum { series.minimum = minimum }
            if let cost = change.cost { series.cost = cost }
            if let ahead = change.aheadDays { series.aheadDays = ahead }
            if let auto = change.autoTeams { series.autoTeams = auto }
            try FixtureRules.check(minimum: series.minimum, places: series.places)
            try APIError.require(try store.update(series, owner: context.owner, at: now), else: .seriesNotFound)
            return try store.find(id: id, owner: context.owner)
        }
        guard let series else { throw APIError.seriesNotFound }
        return .json(.ok, series)
    }

    /// Ends the series: its occurrences to come are cancelled, what was played stays.
    static func end(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "series")
        let now = context.services.now()
        try context.database.write { database in
            guard let cancelled = try FixtureSeriesRepository(database).end(id: id, owner: context.owner, at: now) else {
                throw APIError.seriesNotFound
            }
            // Each fixture to come it called off is told, as one cancelled on its own.
            let announcing = Announcing(database, owner: context.owner, now: now)
            guard announcing.isHeard else { return }
            for fixture in cancelled {
                try announcing.announce(try FixtureRepository(database).find(id: fixture, owner: context.owner, now: now)
                    .map(ChannelAnnouncement.fixtureCancelled))
            }
        }
        return HTTPResponse(status: .noContent)
    }
}

extension APIError {
    static let seriesNotFound = APIError.notFound("series not found")
}
