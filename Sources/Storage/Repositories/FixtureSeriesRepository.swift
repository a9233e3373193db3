import FoundationEssentials
import GatherDomain

/// A group's weekly series and the occurrences made from them. Every query is scoped to the group
/// but `running()`, the scheduler's list of every series still going.
package struct FixtureSeriesRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// A series as it is written.
    package struct Draft: Hashable, Sendable {
        package var firstDate: String
        package var localMinute: Int
        package var timeZone: String
        package var place: String?
        package var mapLink: String?
        package var places: Int
        package var minimum: Int?
        package var answersCloseBefore: Int
        package var cost: String?
        package var aheadDays: Int
        package var autoTeams: Bool?

        package init(firstDate: String, localMinute: Int, timeZone: String, place: String?, mapLink: String?, places: Int, minimum: Int?,
                     answersCloseBefore: Int, cost: String?, aheadDays: Int, autoTeams: Bool? = nil) {
            self.autoTeams = autoTeams
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
        }
    }

    /// One occurrence to make: its local date and kick-off.
    package struct Occurrence: Hashable, Sendable {
        package var date: String
        package var startsAt: Date
        package var utcOffset: Int

        package init(date: String, startsAt: Date, utcOffset: Int) {
            self.date = date
            self.startsAt = startsAt
            self.utcOffset = utcOffset
        }
    }

    static let columns = """
        id, first_date, local_minute, time_zone, place, map_link, places, minimum, answers_close_before, cost, ahead_days, ended_at, \
        created_at, updated_at, auto_teams
        """

    /// `columns` named with their table, for a query that joins another.
    static let qualifiedColumns = columns.split(separator: ",").map { "fixture_series." + $0.trimmingPrefix(" ") }.joined(separator: ", ")

    package func insert(_ draft: Draft, owner: UUID, at now: Date) throws -> Int {
        try database.execute("""
            INSERT INTO fixture_series (group_id, first_date, local_minute, time_zone, place, map_link, places, minimum,
                                        answers_close_before, cost, ahead_days, auto_teams, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, owner, draft.firstDate, draft.localMinute, draft.timeZone, draft.place, draft.mapLink, draft.places, draft.minimum,
            draft.answersCloseBefore, draft.cost, draft.aheadDays, draft.autoTeams, now, now)
        return Int(database.lastInsertRowID)
    }

    package func find(id: Int, owner: UUID) throws -> FixtureSeries? {
        try database.map("SELECT \(FixtureSeriesRepository.columns) FROM fixture_series WHERE id = ? AND group_id = ?", id, owner,
                         transform: FixtureSeriesRepository.series).first
    }

    /// Every series still going, with its group, for the scheduler: at most `limit`, after `id`.
    package func running(after id: Int, limit: Int) throws -> [(owner: UUID, series: FixtureSeries)] {
        try database.map("""
            SELECT \(FixtureSeriesRepository.qualifiedColumns), fixture_series.group_id FROM fixture_series
            JOIN groups ON groups.id = fixture_series.group_id
            WHERE fixture_series.ended_at IS NULL AND groups.closed_at IS NULL AND fixture_series.id > ? ORDER BY fixture_series.id LIMIT ?
            """, id, limit) { row in (try row.uuid(15), try FixtureSeriesRepository.series(row)) }
    }

    /// Makes `occurrence` of the series, unless it was made before (whatever became of it since):
    /// the regulars answer "in" to it by themselves. Its id, or nil when it existed.
    package func add(_ occurrence: Occurrence, of series: FixtureSeries, owner: UUID, at now: Date) throws -> Int? {
        try database.execute("""
            INSERT INTO fixtures (group_id, series_id, occurrence, starts_at, time_zone, utc_offset, place, map_link, places, minimum,
                                  answers_close_at, cost, status, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)
            ON CONFLICT (series_id, occurrence) WHERE series_id IS NOT NULL DO NOTHING
            """, owner, series.id, occurrence.date, occurrence.startsAt, series.timeZone, occurrence.utcOffset, series.place, series.mapLink,
            series.places, series.minimum, occurrence.startsAt.addingTimeInterval(-Double(series.answersCloseBefore)), series.cost, now, now)
        guard database.changes > 0 else { return nil }
        let id = Int(database.lastInsertRowID)
        try database.execute("""
            INSERT INTO fixture_answers (fixture_id, player_id, answer, answered_at, in_order)
            SELECT ?1, id, 'in', ?2, row_number() OVER (ORDER BY id) FROM players
            WHERE group_id = ?3 AND regular = 1 AND retired_at IS NULL
            """, id, now, owner)
        try FixtureRepository(database).placeAnswers(fixture: id, places: series.places, now: now)
        return id
    }

    /// Changes the series, and the occurrences to come that nobody changed on their own.
    package func update(_ series: FixtureSeries, owner: UUID, at now: Date) throws -> Bool {
        try database.execute("""
            UPDATE fixture_series SET place = ?, map_link = ?, places = ?, minimum = ?, cost = ?, ahead_days = ?, auto_teams = ?, updated_at = ?
            WHERE id = ? AND group_id = ?
            """, series.place, series.mapLink, series.places, series.minimum, series.cost, series.aheadDays, series.autoTeams, now, series.id,
            owner)
        guard database.changes > 0 else { return false }
        let following = try database.map("""
            SELECT id FROM fixtures WHERE series_id = ? AND group_id = ? AND edited = 0 AND status = 'open' AND starts_at >= ?
            """, series.id, owner, now) { try $0.int(0) }
        let fixtures = FixtureRepository(database)
        for fixture in following {
            try database.execute("""
                UPDATE fixtures SET place = ?, map_link = ?, places = ?, minimum = ?, cost = ?, sequence = sequence + 1, updated_at = ?
                WHERE id = ?
                """, series.place, series.mapLink, series.places, series.minimum, series.cost, now, fixture)
            try fixtures.placeAnswers(fixture: fixture, places: series.places, now: now)
        }
        return true
    }

    /// Ends the series: nothing more is made, its occurrences to come are cancelled (for friends
    /// and calendars to see), what was played stays. False: no such series.
    /// - Returns: the ids of the fixtures it cancelled, or nil: no such series.
    package func end(id: Int, owner: UUID, at now: Date) throws -> [Int]? {
        try database.execute("UPDATE fixture_series SET ended_at = coalesce(ended_at, ?), updated_at = ? WHERE id = ? AND group_id = ?",
                             now, now, id, owner)
        guard database.changes > 0 else { return nil }
        let cancelled = try database.map("""
            SELECT id FROM fixtures WHERE series_id = ? AND group_id = ? AND status = 'open' AND starts_at >= ?
            """, id, owner, now) { try $0.int(0) }
        try database.execute("""
            UPDATE fixtures SET status = 'cancelled', sequence = sequence + 1, updated_at = ?
            WHERE series_id = ? AND group_id = ? AND status = 'open' AND starts_at >= ?
            """, now, id, owner, now)
        return cancelled
    }

    static func series(_ row: StatementRow) throws -> FixtureSeries {
        FixtureSeries(id: try row.int(0), firstDate: try row.string(1), localMinute: try row.int(2), timeZone: try row.string(3),
                      place: try row.optionalString(4), mapLink: try row.optionalString(5), places: try row.int(6),
                      minimum: try row.optionalInt(7), answersCloseBefore: try row.int(8), cost: try row.optionalString(9),
                      aheadDays: try row.int(10), autoTeams: try row.optionalInt(14).map { $0 != 0 }, endedAt: try row.optionalDate(11),
                      createdAt: try row.date(12), updatedAt: try row.date(13))
    }
}
