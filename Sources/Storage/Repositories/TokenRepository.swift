import Foundation
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
        try database.query("""
            SELECT users.id, users.username FROM tokens JOIN users ON users.id = tokens.user_id
            WHERE tokens.digest = ? AND tokens.expires_at > ?
            """, digest, now)
            .first.map { User(id: try $0.uuid(0), username: try $0.string(1)) }
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
