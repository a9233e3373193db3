import FoundationEssentials
import GatherDomain
import GatherText

/// Accounts. Usernames are unique by their Unicode caseless form (`Username.comparisonKey`).
package struct UserRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// A stored account with the hash its password is checked against.
    package struct Account: Sendable {
        package let user: User
        package let passwordHash: String
        /// Disabled by the operator: its password is still checked (the answer must not tell), but
        /// it logs in nowhere.
        package var isDisabled = false
    }

    /// An account as the operator lists it.
    package struct Listing: Sendable, Equatable {
        package let user: User
        package let createdAt: Date
        package let lastLoginAt: Date?
        package let disabledAt: Date?
        /// What its own group keeps.
        package let players: Int
        package let gathers: Int
    }

    /// Inserts an account; throws `StorageError.conflict` if the username is taken.
    /// `username` is already validated (`Username.validated`).
    package func create(id: UUID, username: String, passwordHash: String, at date: Date) throws -> User {
        let key = Username.comparisonKey(username)
        // Not only the unique index: twins kept from before schema version 2 leave other
        // collision numbers taken, and a new account must not become one of them.
        guard try database.query("SELECT 1 FROM users WHERE username_key = ? LIMIT 1", key).isEmpty else {
            throw StorageError.conflict("username is already taken")
        }
        do {
            try database.execute("""
                INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)
                """, id, username, key, passwordHash, date)
        } catch let error as SQLiteError where error.isUniqueViolation {
            throw StorageError.conflict("username is already taken")
        }
        // Every account has a group of its own, with its id: the original routes act on it.
        try database.execute("INSERT INTO groups (id, name, created_at) VALUES (?, ?, ?)", id, username, date)
        try database.execute("INSERT INTO memberships (group_id, user_id, role, joined_at) VALUES (?, ?, 'owner', ?)", id, id, date)
        return User(id: id, username: username)
    }

    /// The account a login names. Among accounts whose names became equal when the comparison
    /// changed (schema version 2), the one stored exactly as typed wins (byte for byte, then
    /// composed), else the oldest.
    package func account(username: String) throws -> Account? {
        guard let typed = Username.lookupForm(username) else { return nil }
        return try database.query("""
            SELECT id, username, password_hash, disabled_at IS NOT NULL FROM users WHERE username_key = ?
            ORDER BY username = ? COLLATE BINARY DESC, username = ? COLLATE BINARY DESC, key_collision LIMIT 1
            """, Username.comparisonKey(typed), username, typed)
            .first.map { row in
                Account(user: User(id: try row.uuid(0), username: try row.string(1)), passwordHash: try row.string(2),
                        isDisabled: try row.int(3) != 0)
            }
    }

    /// Every open account, by name, with what its own group keeps.
    package func listing() throws -> [Listing] {
        try database.map("""
            SELECT users.id, users.username, users.created_at, users.last_login_at, users.disabled_at,
                   coalesce(group_usage.players, 0), coalesce(group_usage.gathers, 0)
            FROM users LEFT JOIN group_usage ON group_usage.group_id = users.id
            WHERE users.deleted_at IS NULL ORDER BY users.username_key, users.key_collision
            """) { row in
            Listing(user: User(id: try row.uuid(0), username: try row.string(1)), createdAt: try row.date(2),
                    lastLoginAt: try row.optionalDate(3), disabledAt: try row.optionalDate(4), players: try row.int(5), gathers: try row.int(6))
        }
    }

    /// A successful login, in the login's own write.
    package func recordLogin(id: UUID, at date: Date) throws {
        try database.execute("UPDATE users SET last_login_at = ? WHERE id = ?", date, id)
    }

    /// A new password (already hashed); every login session of the account ends, except `keeping`
    /// (the one that changed it). API tokens are not sessions: they stay. False if there is no such open account.
    package func setPassword(id: UUID, hash: String, keeping session: [UInt8]? = nil) throws -> Bool {
        try database.execute("UPDATE users SET password_hash = ? WHERE id = ? AND deleted_at IS NULL", hash, id)
        guard database.changes > 0 else { return false }
        try database.execute("DELETE FROM tokens WHERE user_id = ? AND digest IS NOT ?", id, session)
        return true
    }

    /// The account's login sessions not yet expired, oldest first (API tokens are not sessions).
    package func sessions(id: UUID, now: Date) throws -> [(createdAt: Date, expiresAt: Date)] {
        try database.query("SELECT created_at, expires_at FROM tokens WHERE user_id = ? AND expires_at > ? ORDER BY created_at",
                            id, now).map { (try $0.date(0), try $0.date(1)) }
    }

    /// Ends every login session of the account, its password and API tokens unchanged; noted as
    /// an account change, so a running server forgets them within a second. How many ended.
    package func endSessions(id: UUID, at date: Date) throws -> Int {
        try database.execute("DELETE FROM tokens WHERE user_id = ?", id)
        let ended = database.changes
        try database.execute("INSERT INTO account_changes (user_id, changed_at, what) VALUES (?, ?, ?)", id, Int(date.timeIntervalSince1970),
                             "\(ended) login \(ended == 1 ? "session" : "sessions") ended")
        return ended
    }

    /// Disables (with a date) or enables (nil) an account. While disabled, none of its sessions
    /// or API tokens is let in (`TokenRepository.session`) and it cannot log in; nothing is
    /// deleted, so enabling it gives all of it back. False if there is no such open account.
    package func setDisabled(id: UUID, at date: Date?) throws -> Bool {
        try database.execute("UPDATE users SET disabled_at = ? WHERE id = ? AND deleted_at IS NULL", date, id)
        return database.changes > 0
    }

    /// Recomputes every account's comparison key with today's `Username.comparisonKey` (its rules
    /// or the toolchain's Unicode tables may have changed since a key was stored, and a row written
    /// by an older binary has none) and numbers the accounts that share one, oldest first.
    /// Returns how many rows changed; none, normally. In two passes, so that no intermediate
    /// state breaks the unique index.
    @discardableResult
    package func reconcileComparisonKeys() throws -> Int {
        var accountsPerKey: [String: Int] = [:]
        var changes: [(id: String, key: String, collision: Int)] = []
        for row in try database.query("SELECT id, username, username_key, key_collision FROM users ORDER BY created_at, id") {
            let key = Username.comparisonKey(try row.string(1))
            let collision = accountsPerKey[key, default: 0]
            accountsPerKey[key] = collision + 1
            if try key != row.string(2) || collision != row.int(3) {
                changes.append((try row.string(0), key, collision))
            }
        }
        for (index, change) in changes.enumerated() {
            try database.execute("UPDATE users SET key_collision = ? WHERE id = ?", -1 - index, change.id)
        }
        for change in changes {
            try database.execute("UPDATE users SET username_key = ?, key_collision = ? WHERE id = ?",
                                 change.key, change.collision, change.id)
        }
        return changes.count
    }

    /// Closes an account at once, in one small write: its sessions end, its name is free for a new
    /// account (the row keeps a name no one can type, with a colon), and nothing of it can be
    /// reached any more. Its rows go afterwards, a step at a time (`purgeStep`). False if there is
    /// no such open account.
    /// What closing an account did: the groups that closed with it (its own among them unless
    /// another owner keeps it going).
    package struct Closure: Sendable, Equatable {
        package let closedGroups: [UUID]
    }

    /// Closes the account; nil if it was closed already. Every group it is the only owner of closes
    /// with it, so no group is ever left without an owner (whoever calls decides first whether
    /// that is wanted: `GroupRepository.soleOwnerships`); the account leaves every group at once.
    package func close(id: UUID, at date: Date) throws -> Closure? {
        let tombstone = "deleted:\(id.uuidString)"
        try database.execute("""
            UPDATE users SET deleted_at = ?, username = ?, username_key = ?, key_collision = 0
            WHERE id = ? AND deleted_at IS NULL
            """, date, tombstone, tombstone, id)
        guard database.changes > 0 else { return nil }
        try database.execute("DELETE FROM tokens WHERE user_id = ?", id)
        try database.execute("DELETE FROM api_tokens WHERE user_id = ?", id)
        let groups = GroupRepository(database)
        let closing = try groups.soleOwnerships(of: id).map(\.group)
        for group in closing { _ = try groups.close(group, at: date) }
        try database.execute("DELETE FROM memberships WHERE user_id = ?", id)
        return Closure(closedGroups: closing)
    }

    /// What the account's own group keeps, as counted when rows come and go (`group_usage`): one row read,
    /// never a count. Players include retired ones; a place is a player on a team or the bench of
    /// one gather.
    package func keeps(id: UUID) throws -> (players: Int, gathers: Int, places: Int) {
        guard let row = try database.query("SELECT players, gathers, places FROM group_usage WHERE group_id = ?", id).first else {
            return (0, 0, 0)
        }
        return (try row.int(0), try row.int(1), try row.int(2))
    }

    /// Accounts closed whose rows are not all gone yet (a restart resumes them).
    package func closedAccounts() throws -> [UUID] {
        try database.query("SELECT id FROM users WHERE deleted_at IS NOT NULL ORDER BY deleted_at").map { try $0.uuid(0) }
    }

    /// Removes about `rows` rows of a closed account: its own group's first when that closed with
    /// it (`GroupRepository.purgeStep`), then the account itself. True once the account is gone.
    package func purgeStep(id: UUID, rows: Int) throws -> Bool {
        guard try !database.query("SELECT 1 FROM users WHERE id = ? AND deleted_at IS NOT NULL", id).isEmpty else { return true }
        // A group living on with its other owners is not closed: only the account goes.
        guard try GroupRepository(database).purgeStep(group: id, rows: rows) else { return false }
        try database.execute("DELETE FROM users WHERE id = ?", id)
        return true
    }

    /// Deletes the account with its own group and, through the schema's cascades, everything
    /// they hold, in one transaction: for small accounts and tests; the API closes and purges instead.
    @discardableResult
    package func delete(id: UUID) throws -> Bool {
        try database.execute("DELETE FROM groups WHERE id = ?", id)
        try database.execute("DELETE FROM users WHERE id = ?", id)
        return database.changes > 0
    }
}

/// Failures of the store that callers answer differently from an internal error.
package enum StorageError: Error, Equatable, CustomStringConvertible {
    case conflict(String)

    package var description: String {
        switch self {
        case .conflict(let reason): return reason
        }
    }
}
