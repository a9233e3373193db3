import FoundationEssentials
import GatherDomain

/// An account's API tokens, kept as digests. Every change and list is scoped to the account;
/// a token is found by its digest only (`TokenRepository.session`).
package struct APITokenRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// A new token; throws `StorageError.conflict` if the account already has one of that name.
    package func insert(_ draft: APITokenDraft, digest: [UInt8], user: UUID, at date: Date) throws -> APIToken {
        do {
            try database.execute("""
                INSERT INTO api_tokens (user_id, name, scope, digest, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
                """, user, draft.name, draft.scope.rawValue, digest, date, draft.expiresAt)
        } catch let error as SQLiteError where error.isUniqueViolation {
            throw StorageError.conflict("you already have an API token named \"\(draft.name)\"; revoke it or choose another name")
        }
        return APIToken(id: Int(database.lastInsertRowID), name: draft.name, scope: draft.scope, createdAt: date,
                        expiresAt: draft.expiresAt)
    }

    /// The account's tokens, oldest first, expired ones included (until revoked).
    package func all(user: UUID) throws -> [APIToken] {
        try database.map("""
            SELECT id, name, scope, created_at, expires_at, last_used_at FROM api_tokens WHERE user_id = ? ORDER BY id
            """, user) { row in
            APIToken(id: try row.int(0), name: try row.string(1), scope: TokenScope(rawValue: try row.string(2)) ?? .read,
                     createdAt: try row.date(3), expiresAt: try row.optionalDate(4), lastUsedAt: try row.optionalDate(5))
        }
    }

    package func count(user: UUID) throws -> Int {
        try database.query("SELECT count(*) FROM api_tokens WHERE user_id = ?", user).first?.int(0) ?? 0
    }

    /// Revokes a token of the account: its digest (for the caches to forget it), or nil if the
    /// account has no such token.
    package func delete(id: Int, user: UUID) throws -> [UInt8]? {
        guard let digest = try database.query("SELECT digest FROM api_tokens WHERE id = ? AND user_id = ?", id, user)
            .first?.blob(0) else { return nil }
        try database.execute("DELETE FROM api_tokens WHERE id = ?", id)
        return digest
    }

    /// Records uses seen since the last batch; tokens revoked meanwhile are skipped.
    package func recordUses(_ uses: [Int: Date]) throws {
        for (id, date) in uses {
            try database.execute("UPDATE api_tokens SET last_used_at = max(coalesce(last_used_at, 0), ?) WHERE id = ?", date, id)
        }
    }
}
