import FoundationEssentials

/// The accounts changed in the file, in order (`account_changes`, written by a trigger on `users`):
/// how a running server hears of what the operator did from the host.
package struct AccountChangeRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// The newest change's number (0: none yet): where a server starts listening.
    package func latest() throws -> Int {
        try database.query("SELECT coalesce(max(id), 0) FROM account_changes").first?.int(0) ?? 0
    }

    /// The changes after `number`, oldest first: each change's number and account.
    package func changes(after number: Int) throws -> [(number: Int, user: UUID)] {
        try database.query("SELECT id, user_id FROM account_changes WHERE id > ? ORDER BY id", number).map { row in
            (try row.int(0), try row.uuid(1))
        }
    }
}
