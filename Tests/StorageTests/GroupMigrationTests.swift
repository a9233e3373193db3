import Foundation
import GatherDomain
@testable import Storage
import XCTest

/// Schema version 10 on a version-9 file with several accounts: each becomes the owner of a group
/// of its own with its id, and everything it had is that group's, with the same ids, results,
/// records and counts; nothing cascades away while the tables are rebuilt.
final class GroupMigrationTests: StorageTestCase {
    private struct Before: Equatable {
        var players: [String]
        var pages: [UUID]
        var leaderboard: [String]
        var usage: [Int]
        var shares: [String]
    }

    /// As the repositories read it after the migration.
    private func state(_ database: Database, of owner: UUID) throws -> Before {
        let leaderboard = try StatsRepository(database).leaderboard(owner: owner, minimumGames: 0).map { "\($0.name) \($0.won)-\($0.lost)" }
        let usage = try UserRepository(database).keeps(id: owner)
        return Before(players: try PlayerRepository(database).all(owner: owner).map(\.name),
                      pages: try GatherRepository(database).page(owner: owner, query: GatherQuery(limit: 50)).map(\.id),
                      leaderboard: leaderboard, usage: [usage.players, usage.gathers, usage.places],
                      shares: try ShareRepository(database).all(owner: owner).map(\.name))
    }

    func testEveryAccountOwnsAGroupWithAllItHadAndNothingIsLost() throws {
        let database = try Database(path: path())
        try database.executeScript("PRAGMA foreign_keys = ON")
        try Migrator(migrations: Array(Schema.migrator.migrations.filter { $0.version <= 9 })).migrate(database)
        let accounts = [UUID(), UUID(), UUID()]
        var expected: [UUID: Before] = [:]
        var lastPlayer = 0
        for (index, owner) in accounts.enumerated() {
            try database.execute("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, ?, ?, 'h', ?)",
                                 owner, "user\(index)", "user\(index)", Int64(1_700_000_000_000 + index))
            var ids: [Int] = []
            for name in ["Ana", "Ben", "Cleo", "Dan"] {
                try database.execute("INSERT INTO players (user_id, name) VALUES (?, ?)", owner, "\(name) \(index)")
                ids.append(Int(database.lastInsertRowID))
            }
            for match in 0..<(index + 2) {
                let id = UUID()
                try database.execute("""
                    INSERT INTO gathers (id, api_id, user_id, score, winner_team, created_at, ended_at) VALUES (?1, ?1, ?2, '2-1', 'Team A', ?3, ?3)
                    """, id, owner, Int64(1_700_000_100_000 + match * 1000))
                for (offset, player) in ids.enumerated() {
                    try database.execute("INSERT INTO gather_players (gather_id, player_id, team) VALUES (?, ?, ?)", id, player,
                                         offset < 2 ? "Team A" : "Team B")
                }
            }
            try database.execute("INSERT INTO shares (user_id, name, digest, created_at) VALUES (?, 'Thursday', ?, 0)", owner,
                                 [UInt8](repeating: UInt8(index), count: 32))
            lastPlayer = ids.last ?? 0
            // As version 9 has it, read with its own columns.
            let pages = try database.query("SELECT api_id FROM gathers WHERE user_id = ? ORDER BY created_at DESC, api_id DESC", owner)
                .map { try $0.uuid(0) }
            let usage = try database.query("SELECT players, gathers, places FROM account_usage WHERE user_id = ?", owner).first
            let matches = index + 2
            expected[owner] = Before(players: ["Ana", "Ben", "Cleo", "Dan"].map { "\($0) \(index)" }, pages: pages,
                                     leaderboard: ["Ana", "Ben", "Cleo", "Dan"].map { "\($0) \(index) \($0 < "C" ? matches : 0)-\($0 < "C" ? 0 : matches)" },
                                     usage: [try usage?.int(0) ?? -1, try usage?.int(1) ?? -1, try usage?.int(2) ?? -1], shares: ["Thursday"])
        }
        XCTAssertEqual(expected[accounts[0]]?.usage, [4, 2, 8])
        // The newest player retired before the upgrade (it played): its id must never come back.
        try database.execute("UPDATE players SET retired_at = 1 WHERE id = ?", lastPlayer)
        expected[accounts[2]]?.players.removeLast()
        expected[accounts[2]]?.leaderboard.removeLast()
        try database.execute("INSERT INTO players (user_id, name) VALUES (?, 'Gone')", accounts[2])
        let deleted = Int(database.lastInsertRowID)
        try database.execute("DELETE FROM players WHERE id = ?", deleted)

        let pool = try makePool()
        defer { pool.close() }
        XCTAssertEqual(pool.migratedFrom, 9)
        try pool.read { database in
            for owner in accounts {
                XCTAssertEqual(try state(database, of: owner), expected[owner])
                let groups = try GroupRepository(database).groups(of: owner)
                XCTAssertEqual(groups.map(\.id), [owner])
                XCTAssertEqual(groups.first?.role, .owner)
                XCTAssertEqual(groups.first?.isOwn, true)
            }
            XCTAssertTrue(try database.query("PRAGMA foreign_key_check").isEmpty)
        }
        XCTAssertEqual(try pool.write { try $0.query("PRAGMA foreign_keys").first?.int(0) }, 1, "enforced again after the migration")
        let next = try pool.write { try PlayerRepository($0).insert(try PlayerDetails(name: "New"), owner: accounts[0]) }
        XCTAssertGreaterThan(next.id, deleted, "AUTOINCREMENT keeps its mark through the rebuild: a deleted id never comes back")
        let share = try pool.write { try ShareRepository($0).find(digest: [UInt8](repeating: 1, count: 32)) }
        XCTAssertEqual(share?.owner, accounts[1], "a link still opens its group")
    }

    func testAClosedAccountsGroupIsClosedAndItsLinksOpenNothing() throws {
        let database = try Database(path: path())
        try Migrator(migrations: Array(Schema.migrator.migrations.filter { $0.version <= 9 })).migrate(database)
        let closed = UUID()
        try database.execute("""
            INSERT INTO users (id, username, username_key, password_hash, created_at, deleted_at) VALUES (?, 'deleted:x', 'deleted:x', 'h', 0, 5)
            """, closed)
        try database.execute("INSERT INTO players (user_id, name) VALUES (?, 'Ana')", closed)
        try database.execute("INSERT INTO shares (user_id, name, digest, created_at) VALUES (?, 'Old', ?, 0)", closed, [UInt8](repeating: 9, count: 32))
        let pool = try makePool()
        defer { pool.close() }
        XCTAssertNil(try pool.read { try ShareRepository($0).find(digest: [UInt8](repeating: 9, count: 32)) })
        XCTAssertEqual(try pool.read { try UserRepository($0).closedAccounts() }, [closed])
        while try !pool.write({ try UserRepository($0).purgeStep(id: closed, rows: 10) }) {}
        XCTAssertEqual(try pool.read { try rowCount("players", in: $0, where: "group_id = ?", closed) }, 0)
        XCTAssertEqual(try pool.read { try rowCount("groups", in: $0, where: "id = ?", closed) }, 0)
    }

    /// Schema version 17 on a file where closed accounts left groups without an owner: each is
    /// handed to its longest-standing organiser (a viewer only when nobody organises), and a group
    /// nobody is in any more is closed, for its rows to be purged.
    func testGroupsLeftWithoutAnOwnerGetOneOrCloseWhenEmpty() throws {
        let database = try Database(path: path())
        try database.executeScript("PRAGMA foreign_keys = ON")
        try Migrator(migrations: Array(Schema.migrator.migrations.filter { $0.version <= 16 })).migrate(database)
        let users = UserRepository(database)
        let (bob, cleo, dan) = (UUID(), UUID(), UUID())
        for (id, name) in [(bob, "bob"), (cleo, "cleo"), (dan, "dan")] {
            _ = try users.create(id: id, username: name, passwordHash: "h", at: Date(timeIntervalSince1970: 1_700_000_000))
        }
        let (orphan, viewersOnly, empty) = (UUID(), UUID(), UUID())
        for group in [orphan, viewersOnly, empty] {
            try database.execute("INSERT INTO groups (id, name, created_at) VALUES (?, 'left', 0)", group)
        }
        try database.execute("""
            INSERT INTO memberships (group_id, user_id, role, joined_at) VALUES
                (?1, ?2, 'viewer', 1), (?1, ?3, 'organiser', 2), (?1, ?4, 'organiser', 3), (?5, ?4, 'viewer', 5), (?5, ?2, 'viewer', 4)
            """, orphan, cleo, bob, dan, viewersOnly)
        try Schema.migrator.migrate(database)
        let groups = GroupRepository(database)
        XCTAssertEqual(try groups.role(of: bob, in: orphan), .owner, "the longest-standing organiser")
        XCTAssertEqual(try groups.role(of: dan, in: orphan), .organiser)
        XCTAssertEqual(try groups.role(of: cleo, in: orphan), .viewer)
        XCTAssertEqual(try groups.role(of: cleo, in: viewersOnly), .owner, "nobody organises: the longest-standing member")
        XCTAssertEqual(try groups.role(of: dan, in: viewersOnly), .viewer)
        XCTAssertEqual(try database.query("SELECT closed_at IS NOT NULL FROM groups WHERE id = ?", empty).first?.int(0), 1)
        XCTAssertTrue(try groups.closedWithoutFounder().contains(empty), "purged at the next start")
        for (user, _) in [(bob, 0), (cleo, 0), (dan, 0)] {
            XCTAssertEqual(try groups.role(of: user, in: user), .owner, "their own groups untouched")
        }
    }
}
