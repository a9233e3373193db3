import FoundationEssentials
import GatherDomain

/// Announcements and their deliveries: written by the change that caused them, inside its
/// transaction (`announce`), then taken up by the sender (`due`, `record`) and shown to the
/// organisers (`recent`).
package struct DeliveryRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// How long a delivery is tried before it is given up.
    package static let triedFor: TimeInterval = 86_400
    /// How long what was told is kept for the organisers to see (and to know it was told).
    package static let keptFor: TimeInterval = 90 * 86_400

    /// A delivery the sender may try now, with all it needs to.
    package struct Due: Sendable {
        package let id: Int
        package let key: String
        package let attempts: Int
        package let giveUpAt: Date
        package let event: ChannelEvent
        /// What it is about in its group (`fixture:12:created`).
        package let occasion: String
        package let announcedAt: Date
        package let fixtureID: Int?
        package let subject: String
        package let text: String
        package let group: UUID
        package let groupName: String
        package let channel: Channel
        package let credentials: ChannelCredentials
    }

    /// What became of one try.
    package enum Outcome: Sendable, Equatable {
        case sent(status: Int)
        /// Tried again at `at`.
        case retry(at: Date, status: Int?, error: String)
        case failed(status: Int?, error: String)
        case skipped(reason: String)
    }

    /// Queues `announcement` for each channel of the group it is for; nothing when none is, or when
    /// its occasion was announced before. Returns how many deliveries were queued.
    @discardableResult
    package func announce(_ announcement: ChannelAnnouncement, owner: UUID, at date: Date) throws -> Int {
        let (audience, arguments) = Self.audience(announcement, owner: owner)
        guard try !database.statement("SELECT 1 FROM channels WHERE \(audience) LIMIT 1").query(arguments).isEmpty else { return 0 }
        try database.execute("""
            INSERT INTO announcements (group_id, event, occasion, fixture_id, subject, text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (group_id, occasion) DO NOTHING
            """, owner, announcement.event.rawValue, announcement.occasion, announcement.fixtureID, announcement.subject,
                             announcement.text, date)
        guard database.changes > 0 else { return 0 }
        let announcementID = Int(database.lastInsertRowID)
        // The key is no secret, only unique: SQLite's own random bytes do.
        try database.statement("""
            INSERT INTO deliveries (announcement_id, channel_id, group_id, key, due_at, give_up_at)
            SELECT ?, id, group_id, lower(hex(randomblob(16))), ?, ? FROM channels WHERE \(audience)
            """).execute([announcementID, date, date.addingTimeInterval(Self.triedFor)] + arguments)
        return database.changes
    }

    /// Whether the group has a channel at all: a write that would announce reads nothing more without one.
    package func groupHasChannels(_ owner: UUID) throws -> Bool {
        try !database.query("SELECT 1 FROM channels WHERE group_id = ? LIMIT 1", owner).isEmpty
    }

    /// Whether the occasion was announced already (a reminder that must not come twice).
    package func wasAnnounced(_ occasion: String, owner: UUID) throws -> Bool {
        try !database.query("SELECT 1 FROM announcements WHERE group_id = ? AND occasion = ?", owner, occasion).isEmpty
    }

    /// Deletes, oldest first and at most `limit`, announcements made before `keptFor` ago whose
    /// deliveries are all settled and whose fixture, if any, has kicked off: a fixture still to come
    /// keeps what it was told, so nothing about it is told twice. Returns how many went.
    package func forget(now: Date, limit: Int) throws -> Int {
        try database.execute("""
            DELETE FROM announcements WHERE id IN (
                SELECT a.id FROM announcements a
                WHERE a.created_at < ?1
                  AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.announcement_id = a.id AND d.state = 'due')
                  AND (a.fixture_id IS NULL OR NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.id = a.fixture_id AND f.starts_at > ?2))
                ORDER BY a.created_at LIMIT ?3)
            """, now.addingTimeInterval(-Self.keptFor), now, limit)
        return database.changes
    }

    /// When the occasion was announced, if it was.
    package func announcedAt(_ occasion: String, owner: UUID) throws -> Date? {
        try database.query("SELECT created_at FROM announcements WHERE group_id = ? AND occasion = ?", owner, occasion).first?.date(0)
    }

    /// The channels an announcement goes to, as a condition on `channels` and its arguments.
    private static func audience(_ announcement: ChannelAnnouncement, owner: UUID) -> (String, [any DatabaseValueConvertible]) {
        let takes = "group_id = ? AND instr(events, ',' || ? || ',') > 0"
        let event = announcement.event.rawValue
        switch announcement.audience {
        case .everyone:
            return (takes, [owner, event])
        case .organisersFirst:
            return ("""
                \(takes) AND (organisers = 1 OR NOT EXISTS (
                    SELECT 1 FROM channels AS organisers WHERE organisers.group_id = ? AND organisers.organisers = 1
                    AND instr(organisers.events, ',' || ? || ',') > 0))
                """, [owner, event, owner, event])
        case .channels(let ids):
            return ("\(takes) AND id IN (SELECT value FROM json_each(?))", [owner, event, Self.jsonList(Set(ids))])
        }
    }

    /// Deliveries due by `now` of open groups, soonest first, at most `limit`, leaving out `busy`
    /// ones (being tried) and those of `groups` (which have their share under way).
    package func due(now: Date, limit: Int, excluding busy: Set<Int> = [], groups: Set<UUID> = []) throws -> [Due] {
        try database.map("""
            SELECT deliveries.id, deliveries.key, deliveries.attempts, deliveries.give_up_at, announcements.event,
                   announcements.created_at, announcements.fixture_id, announcements.subject, announcements.text,
                   groups.id, groups.name, secret, token,
                   channels.id, kind, channels.name, url, events, reminder_hours, organisers, link, chat_id, channels.created_at,
                   channels.updated_at, announcements.occasion
            FROM deliveries
            JOIN announcements ON announcements.id = deliveries.announcement_id
            JOIN channels ON channels.id = deliveries.channel_id
            JOIN groups ON groups.id = deliveries.group_id
            WHERE deliveries.state = 'due' AND deliveries.due_at <= ? AND groups.closed_at IS NULL
              AND deliveries.id NOT IN (SELECT value FROM json_each(?))
              AND deliveries.group_id NOT IN (SELECT value FROM json_each(?))
            ORDER BY deliveries.due_at, deliveries.id LIMIT ?
            """, now, Self.jsonList(busy), Self.jsonList(groups), limit) { row in
            Due(id: try row.int(0), key: try row.string(1), attempts: try row.int(2), giveUpAt: try row.date(3),
                event: ChannelEvent(rawValue: try row.string(4)) ?? .fixtureCreated, occasion: try row.string(24), announcedAt: try row.date(5),
                fixtureID: try row.optionalInt(6), subject: try row.string(7), text: try row.string(8), group: try row.uuid(9),
                groupName: try row.string(10),
                channel: try ChannelRepository.channel(ShiftedRow(row: row, by: 13)),
                credentials: ChannelCredentials(secret: try row.optionalString(11), token: try row.optionalString(12)))
        }
    }

    /// When the next delivery is due (of an open group, not among `busy`), if any is.
    package func nextDueAt(excluding busy: Set<Int> = []) throws -> Date? {
        try database.query("""
            SELECT due_at FROM deliveries JOIN groups ON groups.id = deliveries.group_id
            WHERE deliveries.state = 'due' AND groups.closed_at IS NULL AND deliveries.id NOT IN (SELECT value FROM json_each(?))
            ORDER BY due_at LIMIT 1
            """, Self.jsonList(busy)).first?.optionalDate(0)
    }

    private static func jsonList(_ ids: Set<Int>) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// Group ids as a JSON array of their stored text.
    private static func jsonList(_ groups: Set<UUID>) -> String {
        "[" + groups.map { "\"\($0.canonicalText)\"" }.joined(separator: ",") + "]"
    }

    /// What became of a try. A delivery no longer due (its channel removed meanwhile) is left as it is.
    package func record(_ outcome: Outcome, of id: Int, at date: Date) throws {
        switch outcome {
        case .sent(let status):
            try database.execute("""
                UPDATE deliveries SET state = 'sent', attempts = attempts + 1, last_attempt_at = ?, last_status = ?, last_error = NULL
                WHERE id = ? AND state = 'due'
                """, date, status, id)
        case .retry(let next, let status, let error):
            try database.execute("""
                UPDATE deliveries SET attempts = attempts + 1, due_at = ?, last_attempt_at = ?, last_status = ?, last_error = ?
                WHERE id = ? AND state = 'due'
                """, next, date, status, error, id)
        case .failed(let status, let error):
            try database.execute("""
                UPDATE deliveries SET state = 'failed', attempts = attempts + 1, last_attempt_at = ?, last_status = ?, last_error = ?
                WHERE id = ? AND state = 'due'
                """, date, status, error, id)
        case .skipped(let reason):
            try database.execute("""
                UPDATE deliveries SET state = 'skipped', last_error = ? WHERE id = ? AND state = 'due'
                """, reason, id)
        }
    }

    /// The channel's latest deliveries, newest first, at most `limit`.
    package func recent(channel: Int, owner: UUID, limit: Int) throws -> [Delivery] {
        try database.map("""
            SELECT deliveries.id, announcements.event, deliveries.state, deliveries.attempts, announcements.created_at,
                   deliveries.due_at, deliveries.last_attempt_at, deliveries.last_status, deliveries.last_error, announcements.text
            FROM deliveries JOIN announcements ON announcements.id = deliveries.announcement_id
            WHERE deliveries.channel_id = ? AND deliveries.group_id = ?
            ORDER BY deliveries.id DESC LIMIT ?
            """, channel, owner, limit) { row in
            Delivery(id: try row.int(0), event: ChannelEvent(rawValue: try row.string(1)) ?? .fixtureCreated,
                     state: Delivery.State(rawValue: try row.string(2)) ?? .due, attempts: try row.int(3), createdAt: try row.date(4),
                     dueAt: try row.date(5), lastAttemptAt: try row.optionalDate(6), lastStatus: try row.optionalInt(7),
                     lastError: try row.optionalString(8), text: try row.string(9))
        }
    }
}
