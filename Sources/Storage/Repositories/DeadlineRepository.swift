import FoundationEssentials
import GatherDomain

/// What is due at fixtures' deadlines, across every open group: reminders before answers close,
/// the "too few" check a day before kick-off, and lists that close themselves. Each query walks an
/// index over open fixtures by time, so a pass costs what is near its deadline, not the history.
package struct DeadlineRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// How long before kick-off too few "in" is told.
    package static let minimumCheck: TimeInterval = 24 * 3600
    /// The longest a reminder may come before answers close (`ChannelRules.reminderRange`).
    static let furthestReminder: TimeInterval = 168 * 3600
    /// A close missed by longer than this (a server down for weeks) is not done late.
    package static let latestClose: TimeInterval = 7 * 86_400
    /// A list whose answers close at kick-off (or in the minute before) is still closed this long after it.
    package static let closeAfterKickOff: TimeInterval = 120

    /// A reminder due now, `hours` before answers close, for the channels whose latest reminder
    /// time already passed is that one, not yet announced. A channel's earlier times missed while
    /// the server was down are not sent; each channel keeps its own times.
    package struct Reminder: Hashable, Sendable {
        package let fixture: Int
        package let owner: UUID
        package let hours: Int
        package let channels: [Int]
    }

    package func reminders(now: Date) throws -> [Reminder] {
        struct Occasion: Hashable { let fixture: Int, owner: UUID, closes: Date, hours: Int }
        var channels: [Occasion: [Int]] = [:]
        var order: [Occasion] = []
        try database.forEach("""
            SELECT f.id, f.group_id, f.answers_close_at, c.id, c.reminder_hours
            FROM fixtures f JOIN channels c ON c.group_id = f.group_id AND instr(c.events, ',fixture.reminder,') > 0
            JOIN groups g ON g.id = f.group_id
            WHERE f.status = 'open' AND f.answers_close_at > ?1 AND f.answers_close_at <= ?2 AND f.starts_at > ?1 AND g.closed_at IS NULL
            ORDER BY f.id, c.id
            """, now, now.addingTimeInterval(Self.furthestReminder)) { row in
            let closes = try row.date(2)
            let hours = try row.string(4).split(separator: ",").compactMap { Int($0) }
            guard let latest = hours.filter({ closes.addingTimeInterval(-Double($0) * 3600) <= now }).min() else { return }
            let occasion = Occasion(fixture: try row.int(0), owner: try row.uuid(1), closes: closes, hours: latest)
            if channels[occasion] == nil { order.append(occasion) }
            channels[occasion, default: []].append(try row.int(3))
        }
        let delivery = DeliveryRepository(database)
        return try order.filter {
            try !delivery.wasAnnounced(ChannelAnnouncement.reminderOccasion(fixture: $0.fixture, closesAt: $0.closes, hours: $0.hours), owner: $0.owner)
        }.map { Reminder(fixture: $0.fixture, owner: $0.owner, hours: $0.hours, channels: channels[$0] ?? []) }
    }

    /// Fixtures a day or less from kick-off with a minimum not reached, whose group has a channel
    /// for it, not yet told for this kick-off (`ChannelAnnouncement.belowMinimum`'s occasion).
    package func belowMinimum(now: Date) throws -> [(fixture: Int, owner: UUID)] {
        try database.map("""
            SELECT f.id, f.group_id FROM fixtures f JOIN groups g ON g.id = f.group_id
            WHERE f.status = 'open' AND f.starts_at > ?1 AND f.starts_at <= ?2 AND f.minimum IS NOT NULL AND g.closed_at IS NULL
              AND (SELECT count(*) FROM fixture_answers a WHERE a.fixture_id = f.id AND a.holds_place = 1) < f.minimum
              AND EXISTS (SELECT 1 FROM channels c WHERE c.group_id = f.group_id AND instr(c.events, ',fixture.below_minimum,') > 0)
              AND NOT EXISTS (SELECT 1 FROM announcements n WHERE n.group_id = f.group_id AND n.occasion = 'fixture:' || f.id || ':below_minimum:' || f.starts_at)
            """, now, now.addingTimeInterval(Self.minimumCheck)) { (try $0.int(0), try $0.uuid(1)) }
    }

    /// Fixtures whose answers have closed, before kick-off, that close themselves (their own
    /// choice, else their series', else their group's) and have not been closed yet.
    package func closing(now: Date) throws -> [(fixture: Int, owner: UUID)] {
        try database.map("""
            SELECT f.id, f.group_id FROM fixtures f JOIN groups g ON g.id = f.group_id LEFT JOIN fixture_series s ON s.id = f.series_id
            WHERE f.status = 'open' AND f.answers_close_at <= ?1 AND f.answers_close_at > ?2 AND f.starts_at > ?3
              AND f.closed_by_server_at IS NULL AND coalesce(f.auto_teams, s.auto_teams, g.auto_teams) = 1 AND g.closed_at IS NULL
            """, now, now.addingTimeInterval(-Self.latestClose), now.addingTimeInterval(-Self.closeAfterKickOff)) { (try $0.int(0), try $0.uuid(1)) }
    }

    /// Records that the fixture's list was closed by the server (teams published or not), once,
    /// if it still is a list to close: open, its answers closed by `now`, not closed before.
    /// False otherwise (cancelled, or given a later closing time, meanwhile).
    package func markClosed(fixture: Int, owner: UUID, at now: Date) throws -> Bool {
        try database.execute("""
            UPDATE fixtures SET closed_by_server_at = ?1
            WHERE id = ?2 AND group_id = ?3 AND status = 'open' AND answers_close_at <= ?1 AND closed_by_server_at IS NULL
            """, now, fixture, owner)
        return database.changes > 0
    }

    /// The roster's players who have not answered the fixture, by name, in roster order.
    package func unanswered(fixture: Int, owner: UUID) throws -> [String] {
        try database.map("""
            SELECT p.name FROM players p
            WHERE p.group_id = ? AND p.retired_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM fixture_answers a WHERE a.fixture_id = ? AND a.player_id = p.id)
            ORDER BY p.id
            """, owner, fixture) { try $0.string(0) }
    }
}
