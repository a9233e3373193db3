import FoundationEssentials

/// The accounts changed in the file, in order (`account_changes`, written by triggers on `users`):
/// how a running server hears of what the operator did from the host.
package struct AccountChangeRepository {
    package struct Change: Sendable, Equatable {
        package let number: Int
        package let user: UUID
        /// The account is closed or gone: its group's pages and match go with it.
        package let closed: Bool
        /// What it was (`password changed`, `disabled`, `API token "cron" made (read)`…).
        package let what: String
        /// The account's name, while it has one.
        package let username: String?
    }

    let database: Database

    package init(_ database: Database) { self.database = database }

    /// The newest change's number (0: none yet): where a server starts listening.
    package func latest() throws -> Int {
        try database.query("SELECT coalesce(max(id), 0) FROM account_changes").first?.int(0) ?? 0
    }

    /// The changes after `number`, oldest first.
    package func changes(after number: Int) throws -> [Change] {
        try database.query("""
            SELECT account_changes.id, account_changes.user_id, users.id IS NULL OR users.deleted_at IS NOT NULL,
                   account_changes.what, users.username
            FROM account_changes LEFT JOIN users ON users.id = account_changes.user_id
            WHERE account_changes.id > ? ORDER BY account_changes.id
            """, number).map { row in
            Change(number: try row.int(0), user: try row.uuid(1), closed: try row.int(2) != 0, what: try row.string(3),
                   username: try row.optionalString(4))
        }
    }
}
