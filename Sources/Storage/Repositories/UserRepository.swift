import FoundationEssentials
import GatherCore

/// Accounts. Usernames are unique by their Unicode caseless form (`Username.comparisonKey`).
public struct UserRepository {
    let database: Database

    public init(_ database: Database) { self.database = database }

    /// A stored account with the hash its password is checked against.
    public struct Account: Sendable {
        public let user: User
        public let passwordHash: String
    }

    /// Inserts an account; throws `StorageError.conflict` if the username is taken.
    /// `username` is already validated (`Username.validated`).
    public func create(id: UUID, username: String, passwordHash: String, at date: Date) throws -> User {
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
    public func account(username: String) throws -> Account? {
        guard let typed = Username.lookupForm(username) else { return nil }
        return try database.query("""
            SELECT id, username, password_hash FROM users WHERE username_key = ?
            ORDER BY username = ? COLLATE BINARY DESC, username = ? COLLATE BINARY DESC, key_collision LIMIT 1
            """, Username.comparisonKey(typed), username, typed)
            .first.map { row in
                Account(user: User(id: try row.uuid(0), username: try row.string(1)), passwordHash: try row.string(2))
            }
    }

    /// Recomputes every account's comparison key with today's `Username.comparisonKey` (its rules
    /// or the toolchain's Unicode tables may have changed since a key was stored, and a row written
    /// by an older binary has none) and numbers the accounts that share one, oldest first.
    /// Returns how many rows changed; none, normally. In two passes, so that no intermediate
    /// state breaks the unique index.
    @discardableResult
    public func reconcileComparisonKeys() throws -> Int {
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
    package func close(id: UUID, at date: Date) throws -> Bool {
        let tombstone = "deleted:\(id.uuidString)"
        try database.execute("""
            UPDATE users SET deleted_at = ?, username = ?, username_key = ?, key_collision = 0
            WHERE id = ? AND deleted_at IS NULL
            """, date, tombstone, tombstone, id)
        guard database.changes > 0 else { return false }
        try database.execute("DELETE FROM tokens WHERE user_id = ?", id)
        // Its own group closes with it, unless another owner keeps it going; the account leaves
        // every group at once.
        try database.execute("""
            UPDATE groups SET closed_at = ?1 WHERE id = ?2 AND closed_at IS NULL AND NOT EXISTS (
                SELECT 1 FROM memberships WHERE group_id = ?2 AND role = 'owner' AND user_id != ?2)
            """, date, id)
        try database.execute("DELETE FROM memberships WHERE user_id = ?", id)
        return true
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

    /// Removes about `rows` rows of a closed account: whole gathers of its own group first (when
    /// that closed with it), as many as hold about that many rows with their team places (which go
    /// with them), then its players, then the group and the account itself. Each step finds its
    /// rows through an index, never past the ones already removed. True once the account is gone.
    package func purgeStep(id: UUID, rows: Int) throws -> Bool {
        guard try !database.query("SELECT 1 FROM users WHERE id = ? AND deleted_at IS NOT NULL", id).isEmpty else { return true }
        guard try !database.query("SELECT 1 FROM groups WHERE id = ? AND closed_at IS NOT NULL", id).isEmpty else {
            // Its group lives on with its other owners: only the account goes.
            try database.execute("DELETE FROM users WHERE id = ?", id)
            return true
        }
        var gathers: [String] = []
        var taken = 0
        for row in try database.query("""
            SELECT id, (SELECT count(*) FROM gather_players WHERE gather_id = gathers.id) FROM gathers WHERE group_id = ? LIMIT ?
            """, id, rows) {
            gathers.append(try row.string(0))
            taken += try row.int(1) + 1
            if taken >= rows { break }
        }
        if !gathers.isEmpty {
            // One parameter whatever the count: the keys as a JSON array, read by json_each.
            let keys = "[" + gathers.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            try database.execute("DELETE FROM gathers WHERE id IN (SELECT value FROM json_each(?))", keys)
            return false
        }
        try database.execute("DELETE FROM players WHERE id IN (SELECT id FROM players WHERE group_id = ?1 LIMIT ?2)", id, rows)
        if database.changes > 0 { return false }
        try database.execute("DELETE FROM groups WHERE id = ?", id)
        try database.execute("DELETE FROM users WHERE id = ?", id)
        return true
    }

    /// Deletes the account with its own group and, through the schema's cascades, everything
    /// they hold, in one transaction: for small accounts and tests; the API closes and purges instead.
    @discardableResult
    public func delete(id: UUID) throws -> Bool {
        try database.execute("DELETE FROM groups WHERE id = ?", id)
        try database.execute("DELETE FROM users WHERE id = ?", id)
        return database.changes > 0
    }
}

/// Failures of the store that callers answer differently from an internal error.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    case conflict(String)

    public var description: String {
        switch self {
        case .conflict(let reason): return reason
        }
    }
}
