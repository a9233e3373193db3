import Foundation
import GatherCore

/// A user's roster. Every query is scoped to the owner: another user's player does not exist here.
public struct PlayerRepository {
    let database: Database

    public init(_ database: Database) { self.database = database }

    static let columns = "players.id, players.name, players.age, players.skill, players.preferred_position, players.favourite_team"

    public func all(owner: UUID) throws -> [Player] {
        try database.query("SELECT \(PlayerRepository.columns) FROM players WHERE user_id = ? ORDER BY id", owner)
            .map(PlayerRepository.player)
    }

    public func find(id: Int, owner: UUID) throws -> Player? {
        try database.query("SELECT \(PlayerRepository.columns) FROM players WHERE id = ? AND user_id = ?", id, owner)
            .first.map(PlayerRepository.player)
    }

    public func insert(_ details: PlayerDetails, owner: UUID) throws -> Player {
        try database.execute("""
            INSERT INTO players (user_id, name, age, skill, preferred_position, favourite_team) VALUES (?, ?, ?, ?, ?, ?)
            """, owner, details.name, details.age, details.skill?.rawValue, details.preferredPosition?.rawValue, details.favouriteTeam)
        return Player(id: Int(database.lastInsertRowID), details: details)
    }

    /// Replaces every attribute; false if the owner has no such player.
    public func replace(id: Int, with details: PlayerDetails, owner: UUID) throws -> Bool {
        try database.execute("""
            UPDATE players SET name = ?, age = ?, skill = ?, preferred_position = ?, favourite_team = ?
            WHERE id = ? AND user_id = ?
            """, details.name, details.age, details.skill?.rawValue, details.preferredPosition?.rawValue,
            details.favouriteTeam, id, owner)
        return database.changes > 0
    }

    /// Deletes the player and its places in gathers; false if the owner has no such player.
    public func delete(id: Int, owner: UUID) throws -> Bool {
        try database.execute("DELETE FROM players WHERE id = ? AND user_id = ?", id, owner)
        return database.changes > 0
    }

    /// Reads the columns of `columns`, in that order, starting at `offset`.
    static func player(_ row: Row) throws -> Player {
        try player(row, offset: 0)
    }

    static func player(_ row: Row, offset: Int) throws -> Player {
        Player(id: try row.int(offset),
               name: try row.string(offset + 1),
               age: try row.optionalInt(offset + 2),
               skill: try row.optionalString(offset + 3).flatMap(Skill.init(rawValue:)),
               preferredPosition: try row.optionalString(offset + 4).flatMap(Position.init(rawValue:)),
               favouriteTeam: try row.optionalString(offset + 5))
    }
}
