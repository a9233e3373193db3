import FoundationEssentials
import GatherDomain

/// Share links. Every change and list is scoped to the owner; a link is found by its token's
/// digest only, and only while its group is online (`GroupOnline`).
package struct ShareRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// Who a live link shows: the share and the account whose results it shows.
    package struct Shown: Hashable, Sendable {
        package let share: Share
        package let owner: UUID
    }

    package func insert(name: String, digest: [UInt8], owner: UUID, at date: Date) throws -> Share {
        try database.execute("INSERT INTO shares (group_id, name, digest, created_at) VALUES (?, ?, ?, ?)",
                             owner, name, digest, date)
        return Share(id: Int(database.lastInsertRowID), name: name, createdAt: date)
    }

    /// The owner's shares, oldest first.
    package func all(owner: UUID) throws -> [Share] {
        try database.map("""
            SELECT id, name, created_at, views, last_viewed_at FROM shares WHERE group_id = ? ORDER BY id
            """, owner, transform: ShareRepository.share)
    }

    package func count(owner: UUID) throws -> Int {
        try database.query("SELECT count(*) FROM shares WHERE group_id = ?", owner).first?.int(0) ?? 0
    }

    /// Revokes a link: false if the owner has no such share.
    package func delete(id: Int, owner: UUID) throws -> Bool {
        try database.execute("DELETE FROM shares WHERE id = ? AND group_id = ?", id, owner)
        return database.changes > 0
    }

    /// The share a link's token digest names, if it is live and its group online (`GroupOnline`).
    package func find(digest: [UInt8]) throws -> Shown? {
        try database.map("""
            SELECT shares.id, shares.name, shares.created_at, shares.views, shares.last_viewed_at, shares.group_id
            FROM shares JOIN groups ON groups.id = shares.group_id
            WHERE shares.digest = ? AND \(GroupOnline.condition)
            """, digest) { row in
            Shown(share: try ShareRepository.share(row), owner: try row.uuid(5))
        }.first
    }

    /// Adds views counted since the last batch; shares revoked meanwhile are skipped.
    package func recordViews(_ views: [Int: (count: Int, last: Date)]) throws {
        for (id, seen) in views {
            try database.execute("""
                UPDATE shares SET views = views + ?, last_viewed_at = max(coalesce(last_viewed_at, 0), ?) WHERE id = ?
                """, seen.count, seen.last, id)
        }
    }

    static func share(_ row: some RowReading) throws -> Share {
        Share(id: try row.int(0), name: try row.string(1), createdAt: try row.date(2), views: try row.int(3),
              lastViewedAt: try row.optionalDate(4))
    }
}
