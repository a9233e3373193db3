import FoundationEssentials

/// The match each group is playing now, as last published (`Schema.version18`): kept so that a
/// restarted server shows it at once. The state is the match's JSON, as pages are sent it.
package struct LiveMatchRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// A group's match as stored.
    package struct Stored: Hashable, Sendable {
        package let group: UUID
        package let state: String
        package let heardAt: Date

        package init(group: UUID, state: String, heardAt: Date) {
            self.group = group
            self.state = state
            self.heardAt = heardAt
        }
    }

    /// Each group's newest state, or nil for a match that ended. A group closed meanwhile keeps nothing.
    package func store(_ changes: [UUID: (state: String, heardAt: Date)?]) throws {
        for (group, change) in changes {
            if let change {
                try database.execute("""
                    INSERT INTO live_matches (group_id, state, heard_at)
                    SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM groups WHERE id = ?1 AND closed_at IS NULL)
                    ON CONFLICT (group_id) DO UPDATE SET state = excluded.state, heard_at = excluded.heard_at
                    """, group, change.state, change.heardAt)
            } else {
                try database.execute("DELETE FROM live_matches WHERE group_id = ?", group)
            }
        }
    }

    /// The matches heard of since `date`, of open groups; older ones are removed (nobody heard of them since).
    package func heard(since date: Date) throws -> [Stored] {
        try database.execute("DELETE FROM live_matches WHERE heard_at < ?", date)
        return try database.map("""
            SELECT live_matches.group_id, state, heard_at FROM live_matches JOIN groups ON groups.id = live_matches.group_id
            WHERE groups.closed_at IS NULL ORDER BY live_matches.group_id
            """) { row in Stored(group: try row.uuid(0), state: try row.string(1), heardAt: try row.date(2)) }
    }
}
