import FoundationEssentials
import GatherDomain

/// A group's channels. Every read and change is scoped to the group; credentials are read only
/// by the sender and the test route (`credentials`), never with a list.
package struct ChannelRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    private static let columns = """
        id, kind, name, url, events, reminder_hours, organisers, link, chat_id, created_at, updated_at
        """

    package func insert(_ draft: ChannelDraft, secret: String?, owner: UUID, at date: Date) throws -> Channel {
        try database.execute("""
            INSERT INTO channels (group_id, kind, name, url, events, reminder_hours, organisers, link, chat_id, secret, token,
                                  created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, owner, draft.kind.rawValue, draft.name, draft.url, Self.listed(draft.events.map(\.rawValue)),
                             Self.listed(draft.reminderHours.map(String.init)), draft.organisers, draft.link, draft.chatID, secret,
                             draft.token, date, date)
        return Channel(id: Int(database.lastInsertRowID), kind: draft.kind, name: draft.name, url: draft.url, events: draft.events,
                       reminderHours: draft.reminderHours, organisers: draft.organisers, link: draft.link, chatID: draft.chatID,
                       createdAt: date, updatedAt: date)
    }

    package func all(owner: UUID) throws -> [Channel] {
        try database.map("SELECT \(Self.columns) FROM channels WHERE group_id = ? ORDER BY id", owner, transform: Self.channel)
    }

    package func count(owner: UUID) throws -> Int {
        try database.query("SELECT count(*) FROM channels WHERE group_id = ?", owner).first?.int(0) ?? 0
    }

    package func find(id: Int, owner: UUID) throws -> Channel? {
        try database.map("SELECT \(Self.columns) FROM channels WHERE id = ? AND group_id = ?", id, owner, transform: Self.channel).first
    }

    /// What reaching the channel takes: for the sender and the test route only.
    package func credentials(id: Int, owner: UUID) throws -> ChannelCredentials? {
        try database.map("SELECT secret, token FROM channels WHERE id = ? AND group_id = ?", id, owner) { row in
            ChannelCredentials(secret: try row.optionalString(0), token: try row.optionalString(1))
        }.first
    }

    /// False if the group has no such channel.
    package func update(_ channel: Channel, credentials: ChannelCredentials, owner: UUID, at date: Date) throws -> Bool {
        try database.execute("""
            UPDATE channels SET name = ?, url = ?, events = ?, reminder_hours = ?, organisers = ?, link = ?, chat_id = ?, token = ?,
                                updated_at = ?
            WHERE id = ? AND group_id = ?
            """, channel.name, channel.url, Self.listed(channel.events.map(\.rawValue)), Self.listed(channel.reminderHours.map(String.init)),
                             channel.organisers, channel.link, channel.chatID, credentials.token, date, channel.id, owner)
        return database.changes > 0
    }

    /// Removes the channel and what was still due to it. False if the group has no such channel.
    package func delete(id: Int, owner: UUID) throws -> Bool {
        try database.execute("DELETE FROM channels WHERE id = ? AND group_id = ?", id, owner)
        return database.changes > 0
    }

    /// `,a,b,`: each item found whole with `instr(list, ',' || item || ',')`.
    static func listed(_ items: [String]) -> String {
        "," + items.sorted().joined(separator: ",") + ","
    }

    static func channel(_ row: some RowReading) throws -> Channel {
        let kind = try row.string(1)
        let events = try row.string(4).split(separator: ",").compactMap { ChannelEvent(rawValue: String($0)) }
        let hours = try row.string(5).split(separator: ",").compactMap { Int($0) }.sorted(by: >)
        return Channel(id: try row.int(0), kind: ChannelKind(rawValue: kind) ?? .webhook, name: try row.string(2), url: try row.string(3),
                       events: Set(events), reminderHours: hours, organisers: try row.int(6) != 0, link: try row.optionalString(7),
                       chatID: try row.optionalString(8), createdAt: try row.date(9), updatedAt: try row.date(10))
    }
}
