import FoundationEssentials
import GatherDomain

/// Players' personal links: one per player, kept as its token's digest, found by that digest only
/// while the player is on the roster and the group open. Making a new one replaces the old.
package struct PersonalLinkRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// Whose link a token's digest is.
    package struct Holder: Hashable, Sendable {
        package let player: Int
        package let name: String
        package let owner: UUID
    }

    /// What is known of a link without its secret.
    package struct Made: Hashable, Sendable {
        package let createdAt: Date
        package let lastUsedAt: Date?
    }

    /// Gives `player` a new link (the old one, if any, stops working). False: no such player on the roster.
    package func replace(player: Int, owner: UUID, digest: [UInt8], at now: Date) throws -> Bool {
        guard try database.query("SELECT 1 FROM players WHERE id = ? AND group_id = ? AND retired_at IS NULL", player, owner)
            .first != nil else { return false }
        try database.execute("""
            INSERT INTO personal_links (player_id, group_id, digest, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (player_id) DO UPDATE SET digest = excluded.digest, created_at = excluded.created_at, last_used_at = NULL
            """, player, owner, digest, now)
        return true
    }

    /// Revokes the player's link: false if they had none.
    package func revoke(player: Int, owner: UUID) throws -> Bool {
        try database.execute("DELETE FROM personal_links WHERE player_id = ? AND group_id = ?", player, owner)
        return database.changes > 0
    }

    package func made(player: Int, owner: UUID) throws -> Made? {
        try database.map("""
            SELECT personal_links.created_at, personal_links.last_used_at FROM personal_links
            JOIN players ON players.id = personal_links.player_id
            WHERE personal_links.player_id = ? AND personal_links.group_id = ? AND players.retired_at IS NULL
            """, player, owner) { Made(createdAt: try $0.date(0), lastUsedAt: try $0.optionalDate(1)) }.first
    }

    /// The player a live link belongs to, while the group is online (`GroupOnline`).
    package func holder(digest: [UInt8]) throws -> Holder? {
        try database.map("""
            SELECT players.id, players.name, players.group_id FROM personal_links
            JOIN players ON players.id = personal_links.player_id
            JOIN groups ON groups.id = personal_links.group_id
            WHERE personal_links.digest = ? AND players.retired_at IS NULL AND \(GroupOnline.condition)
            """, digest) { Holder(player: try $0.int(0), name: try $0.string(1), owner: try $0.uuid(2)) }.first
    }

    /// Records when links were last used, in a batch; links revoked meanwhile are skipped.
    package func recordUses(_ uses: [Int: Date]) throws {
        for (player, at) in uses {
            try database.execute("UPDATE personal_links SET last_used_at = max(coalesce(last_used_at, 0), ?) WHERE player_id = ?", at, player)
        }
    }
}
