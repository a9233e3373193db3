import FoundationEssentials
import GatherDomain

/// Session tokens, stored only as digests: the store never holds a usable token.
package struct TokenRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    package func insert(digest: [UInt8], userID: UUID, createdAt: Date, expiresAt: Date) throws {
        try database.execute("INSERT INTO tokens (digest, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                             digest, userID, createdAt, expiresAt)
    }

    /// The user a live token belongs to; nil if unknown or expired.
    package func user(digest: [UInt8], now: Date) throws -> User? {
        try session(digest: digest, now: now)?.user
    }

    /// The user a live token belongs to, when it expires, and whether it is a login session or an
    /// API token (`api_tokens`, which may never expire); nil if unknown or expired.
    package func session(digest: [UInt8], now: Date) throws -> TokenSession? {
        try database.map("""
            SELECT users.id, users.username, tokens.expires_at, NULL, NULL
            FROM tokens JOIN users ON users.id = tokens.user_id
            WHERE tokens.digest = ?1 AND tokens.expires_at > ?2 AND users.disabled_at IS NULL
            UNION ALL
            SELECT users.id, users.username, api_tokens.expires_at, api_tokens.id, api_tokens.scope
            FROM api_tokens JOIN users ON users.id = api_tokens.user_id
            WHERE api_tokens.digest = ?1 AND (api_tokens.expires_at IS NULL OR api_tokens.expires_at > ?2)
              AND users.disabled_at IS NULL
            """, digest, now) { row in
            let user = User(id: try row.uuid(0), username: try row.string(1))
            let expiresAt = try row.optionalDate(2) ?? .distantFuture
            guard let id = try row.optionalInt(3) else { return TokenSession(user: user, expiresAt: expiresAt, credential: .session) }
            // The table's CHECK allows nothing else; were it to, the token could only read.
            let scope = TokenScope(rawValue: try row.string(4)) ?? .read
            return TokenSession(user: user, expiresAt: expiresAt, credential: .apiToken(id: id, scope: scope))
        }.first
    }

    @discardableResult
    package func delete(digest: [UInt8]) throws -> Bool {
        try database.execute("DELETE FROM tokens WHERE digest = ?", digest)
        return database.changes > 0
    }

    /// Removes tokens past their expiry; returns how many.
    @discardableResult
    package func deleteExpired(now: Date) throws -> Int {
        try database.execute("DELETE FROM tokens WHERE expires_at <= ?", now)
        return database.changes
    }
}

/// A live token's owner and expiry, and what kind of token it is.
package struct TokenSession: Sendable, Hashable {
    package let user: User
    package let expiresAt: Date
    package let credential: Credential

    package init(user: User, expiresAt: Date, credential: Credential = .session) {
        self.user = user
        self.expiresAt = expiresAt
        self.credential = credential
    }
}

/// What a bearer token is: a login session (everything the account may do), or an API token made
/// for scripts, limited to its scope.
package enum Credential: Sendable, Hashable {
    case session
    case apiToken(id: Int, scope: TokenScope)
}
