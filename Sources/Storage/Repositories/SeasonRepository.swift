import FoundationEssentials
import GatherDomain

/// A group's seasons. Every query is scoped to the group.
package struct SeasonRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// At most this many seasons a group: four a year for 25 years.
    package static let maximumPerGroup = 100

    private static let columns = "id, name, starts_on, ends_on, time_zone, starts_at, ends_at, awards"

    /// The group's seasons, the latest first.
    package func all(owner: UUID) throws -> [Season] {
        try database.map("SELECT \(SeasonRepository.columns) FROM seasons WHERE group_id = ? ORDER BY starts_at DESC, id DESC", owner,
                         transform: SeasonRepository.season)
    }

    package func find(id: Int, owner: UUID) throws -> Season? {
        try database.map("SELECT \(SeasonRepository.columns) FROM seasons WHERE id = ? AND group_id = ?", id, owner,
                         transform: SeasonRepository.season).first
    }

    /// The season `now` falls in (the one that started last, should two overlap); nil between seasons.
    package func current(owner: UUID, at now: Date) throws -> Season? {
        try database.map("""
            SELECT \(SeasonRepository.columns) FROM seasons WHERE group_id = ? AND starts_at <= ? AND ends_at > ?
            ORDER BY starts_at DESC, id DESC LIMIT 1
            """, owner, now, now, transform: SeasonRepository.season).first
    }

    /// Seasons of any group whose awards are due by `now` (`Season.awardsGrace` after their end)
    /// and not frozen yet, the earliest first.
    /// Seasons whose awards are due (two days after their end) and not frozen, none of whose
    /// matches still has a man-of-the-match vote open: that vote counts for the awards.
    package func endedWithoutAwards(at now: Date, limit: Int) throws -> [(owner: UUID, id: Int)] {
        try database.map("""
            SELECT group_id, id FROM seasons WHERE awards IS NULL AND ends_at <= ?1
              AND NOT EXISTS (\(SeasonRepository.openVote))
            ORDER BY ends_at LIMIT ?3
            """, now.addingTimeInterval(-Season.awardsGrace), now, limit) { row in
            (try row.uuid(0), try row.int(1))
        }
    }

    /// A match of the season (`seasons`) whose vote is still open at `?2`.
    private static let openVote = """
        SELECT 1 FROM gathers WHERE gathers.group_id = seasons.group_id AND gathers.votes_close_at > ?2
          AND gathers.chosen_player_id IS NULL AND gathers.score IS NOT NULL
          AND coalesce(gathers.ended_at, gathers.created_at) >= seasons.starts_at AND coalesce(gathers.ended_at, gathers.created_at) < seasons.ends_at
        """

    /// Whether a match of the season still has its man-of-the-match vote open at `now`.
    package func hasOpenVotes(_ id: Int, owner: UUID, at now: Date) throws -> Bool {
        try database.query("SELECT EXISTS (\(SeasonRepository.openVote)) FROM seasons WHERE id = ?1 AND group_id = ?3", id, now, owner)
            .first?.int(0) == 1
    }

    package func count(owner: UUID) throws -> Int {
        try database.query("SELECT count(*) FROM seasons WHERE group_id = ?", owner).first?.int(0) ?? 0
    }

    package func insert(name: String, startsOn: String, endsOn: String, timeZone: String, startsAt: Date, endsAt: Date,
                        owner: UUID) throws -> Season {
        try database.execute("""
            INSERT INTO seasons (group_id, name, starts_on, ends_on, time_zone, starts_at, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, owner, name, startsOn, endsOn, timeZone, startsAt, endsAt)
        return Season(id: Int(database.lastInsertRowID), name: name, startsOn: startsOn, endsOn: endsOn, timeZone: timeZone,
                      startsAt: startsAt, endsAt: endsAt)
    }

    /// False if the group has no such season.
    package func delete(id: Int, owner: UUID) throws -> Bool {
        try database.execute("DELETE FROM seasons WHERE id = ? AND group_id = ?", id, owner)
        return database.changes > 0
    }

    /// Keeps a season's awards, once: awards frozen before stay as they were (the first to freeze
    /// them wins); the awards it has now.
    /// The season as it stands after, and whether this call froze its awards (the first to).
    package func freeze(_ awards: SeasonAwards, of id: Int, owner: UUID) throws -> (season: Season?, isNew: Bool) {
        let text = String(decoding: try JSONEncoder.awards.encode(awards), as: UTF8.self)
        try database.execute("UPDATE seasons SET awards = ? WHERE id = ? AND group_id = ? AND awards IS NULL", text, id, owner)
        let isNew = database.changes > 0
        return (try find(id: id, owner: owner), isNew)
    }

    private static func season(_ row: StatementRow) throws -> Season {
        let awards = try row.optionalString(7).flatMap { text in try? JSONDecoder.awards.decode(SeasonAwards.self, from: Data(text.utf8)) }
        return Season(id: try row.int(0), name: try row.string(1), startsOn: try row.string(2), endsOn: try row.string(3),
                      timeZone: try row.string(4), startsAt: try row.date(5), endsAt: try row.date(6), awards: awards)
    }
}

extension JSONEncoder {
    /// Awards as kept in the database: dates as milliseconds since 1970, whatever the wire writes.
    static var awards: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return encoder
    }
}

extension JSONDecoder {
    static var awards: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}
