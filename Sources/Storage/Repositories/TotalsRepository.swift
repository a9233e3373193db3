import FoundationEssentials

/// What a server holds in all, for `/metrics`: open accounts and groups, players on rosters,
/// matches, and when a backup last succeeded (`gather-server backup` notes it).
package struct TotalsRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    package struct Totals: Equatable, Sendable {
        package var accounts: Int
        package var groups: Int
        package var players: Int
        package var matches: Int
        package var lastBackupAt: Date?
    }

    package func totals() throws -> Totals {
        func count(_ sql: String) throws -> Int { try database.query(sql).first?.int(0) ?? 0 }
        return Totals(accounts: try count("SELECT count(*) FROM users WHERE deleted_at IS NULL"),
                      groups: try count("SELECT count(*) FROM groups WHERE closed_at IS NULL"),
                      players: try count("SELECT count(*) FROM players WHERE retired_at IS NULL"),
                      matches: try count("SELECT count(*) FROM gathers"),
                      lastBackupAt: try database.query("SELECT at FROM maintenance WHERE name = 'backup'").first?.date(0))
    }

    /// Notes a backup that succeeded now.
    package func noteBackup(at date: Date) throws {
        try database.execute("INSERT INTO maintenance (name, at) VALUES ('backup', ?) ON CONFLICT (name) DO UPDATE SET at = excluded.at", date)
    }
}
