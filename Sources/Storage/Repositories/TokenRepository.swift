import FoundationEssentials
import GatherCore

/// Session tokens, stored only as digests: the store never holds a usable token.
public struct TokenRepository {
    let database: Database

    public init(_ database: Database) { self.database = database }

    public func insert(digest: [UInt8], userID: UUID, createdAt: Date, expiresAt: Date) throws {
        try database.execute("INSERT INTO tokens (digest, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                             digest, userID, createdAt, expiresAt)
    }

    /// The user a live token belongs to; nil if unknown or expired.
    public func user(digest: [UInt8], now: Date) throws -> User? {
        try session(digest: digest, now: now)?.user
    }

    /// The user a live token belongs to and when the token expires; nil if unknown or expired.
    public func session(digest: [UInt8], now: Date) throws -> TokenSession? {
        try database.query("""
            SELECT users.id, users.username, tokens.expires_at FROM tokens JOIN users ON users.id = tokens.user_id
            WHERE tokens.digest = ? AND tokens.expires_at > ?
            """, digest, now)
            .first.map { TokenSession(user: User(id: try $0.uuid(0), username: try $0.string(1)), expiresAt: try $0.date(2)) }
    }

    @discardableResult
    public func delete(digest: [UInt8]) throws -> Bool {
        try database.execute("DELETE FROM tokens WHERE digest = ?", digest)
        return database.changes > 0
    }

    /// Removes tokens past their expiry; returns how many.
    @discardableResult
    public func deleteExpired(now: Date) throws -> Int {
        try database.execute("DELETE FROM tokens WHERE expires_at <= ?", now)
        return database.changes
    }
}

/// A live token's owner and expiry.
public struct TokenSession: Sendable, Hashable {
    public let user: User
    public let expiresAt: Date
}
