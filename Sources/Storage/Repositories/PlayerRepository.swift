import FoundationEssentials
import GatherDomain
import GatherWire

/// A user's roster. Every query is scoped to the owner: another user's player does not exist here.
/// A retired player (deleted after playing) is kept for the history of past gathers but is no
/// longer on the roster: not listed, not found, not editable.
package struct PlayerRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    static let columns = "players.id, players.name, players.age, players.skill, players.preferred_position, players.favourite_team, players.regular"
    /// How many `columns` there are: what a query reads after them starts here.
    static let columnCount = 7

    package func all(owner: UUID) throws -> [Player] {
        var players: [Player] = []
        try forEachOnRoster(owner: owner) { players.append($0.player) }
        return players
    }

    /// The roster as a JSON array, as `all(owner:)`'s players would write it, written from the
    /// rows as they are read: no `Player` or string is made for each, which was most of the cost
    /// of a roster read from the database.
    package func writeRoster(owner: UUID, to writer: inout JSONWriter) throws {
        try writer.array { array in
            try forEachOnRoster(owner: owner) { row in
                array.element { row.write(to: &$0) }
            }
        }
    }

    /// The roster in order of id, each player's row given to `body` in place as it is read. The
    /// row's texts lie in the statement until it steps on: it must not outlive the call, which is
    /// why neither it nor this leaves Storage.
    func forEachOnRoster(owner: UUID, _ body: (PlayerRow) throws -> Void) throws {
        try database.forEach("SELECT \(PlayerRepository.columns) FROM players WHERE group_id = ? AND retired_at IS NULL ORDER BY id",
                             owner) { try body(try PlayerRow($0)) }
    }

    package func find(id: Int, owner: UUID) throws -> Player? {
        try database.map("""
            SELECT \(PlayerRepository.columns) FROM players WHERE id = ? AND group_id = ? AND retired_at IS NULL
            """, id, owner, transform: PlayerRepository.player)
            .first
    }

    /// Which of `ids` are the owner's players who could play a match kicked off at `playedAt`:
    /// on the roster, or retired since (a match played before they were deleted may still be
    /// uploaded with them; a match after it may not).
    package func existing(ids: [Int], owner: UUID, playedAt: Date) throws -> Set<Int> {
        guard !ids.isEmpty else { return [] }
        // One parameter whatever the count: the ids as a JSON array, read by json_each.
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        return Set(try database.map("""
            SELECT id FROM players WHERE group_id = ? AND id IN (SELECT value FROM json_each(?))
            AND (retired_at IS NULL OR retired_at > ?)
            """, owner, list, playedAt) { try $0.int(0) })
    }

    /// The names of those of `ids` that are the owner's players (retired ones too: they may be
    /// in a match that began before they were deleted).
    package func names(ids: [Int], owner: UUID) throws -> [Int: String] {
        guard !ids.isEmpty else { return [:] }
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        var names: [Int: String] = [:]
        for row in try database.query("SELECT id, name FROM players WHERE group_id = ? AND id IN (SELECT value FROM json_each(?))",
                                      owner, list) {
            names[try row.int(0)] = try row.string(1)
        }
        return names
    }

    package func insert(_ details: PlayerDetails, owner: UUID) throws -> Player {
        try database.execute("""
            INSERT INTO players (group_id, name, age, skill, preferred_position, favourite_team, regular) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, owner, details.name, details.age, details.skill?.rawValue, details.preferredPosition?.rawValue, details.favouriteTeam,
            details.regular ?? false)
        return Player(id: Int(database.lastInsertRowID), details: details)
    }

    /// Replaces every attribute; false if the owner has no such player.
    package func replace(id: Int, with details: PlayerDetails, owner: UUID) throws -> Bool {
        try database.execute("""
            UPDATE players SET name = ?, age = ?, skill = ?, preferred_position = ?, favourite_team = ?, regular = coalesce(?, regular)
            WHERE id = ? AND group_id = ? AND retired_at IS NULL
            """, details.name, details.age, details.skill?.rawValue, details.preferredPosition?.rawValue,
            details.favouriteTeam, details.regular, id, owner)
        return database.changes > 0
    }

    /// What deleting a player did.
    package enum Removal: Equatable {
        /// Never played: gone.
        case deleted
        /// Played in this many gathers: retired, so those gathers keep their teams.
        case retired(gathers: Int)
        case notFound
    }

    /// Deletes a player who never played; retires one who did.
    package func remove(id: Int, owner: UUID, at date: Date) throws -> Removal {
        guard try find(id: id, owner: owner) != nil else { return .notFound }
        // Off the roster, the player's link stops working and their places go to those waiting.
        try database.execute("DELETE FROM personal_links WHERE player_id = ?", id)
        try FixtureRepository(database).withdraw(player: id, owner: owner, at: date)
        let played = try database.query("SELECT count(*) FROM gather_players WHERE player_id = ?", id).first?.int(0) ?? 0
        // Money they paid, and places they held in played matches (what they were charged), are
        // kept too: their account stays, off the roster.
        let paid = try database.query("SELECT count(*) FROM payments WHERE player_id = ?", id).first?.int(0) ?? 0
        let held = try database.query("""
            SELECT count(*) FROM fixture_answers JOIN fixtures ON fixtures.id = fixture_answers.fixture_id
            WHERE (fixture_answers.player_id = ?1 OR fixture_answers.guest_of = ?1) AND fixture_answers.holds_place = 1
              AND fixtures.status = 'played'
            """, id).first?.int(0) ?? 0
        if played == 0 && paid == 0 && held == 0 {
            try database.execute("DELETE FROM players WHERE id = ? AND group_id = ?", id, owner)
            return .deleted
        }
        try database.execute("UPDATE players SET retired_at = ? WHERE id = ? AND group_id = ?", date, id, owner)
        return .retired(gathers: played)
    }

    /// Reads the columns of `columns`, in that order, starting at `offset`.
    static func player(_ row: StatementRow) throws -> Player {
        try player(row, offset: 0)
    }

    static func player(_ row: StatementRow, offset: Int) throws -> Player {
        try PlayerRow(row, offset: offset).player
    }
}
