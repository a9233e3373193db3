import Foundation
import GatherDomain
@testable import Storage
import XCTest

/// Schema version 7 on a version-6 file: every gather keeps its id, its teams and its place in a
/// page, and from then on another account may use the same id for a gather of its own.
final class GatherIDMigrationTests: StorageTestCase {
    func testExistingGathersKeepTheirIdsAndTeamsAndIdsBecomePerAccount() throws {
        let database = try Database(path: path())
        try database.executeScript("PRAGMA foreign_keys = ON")
        try Migrator(migrations: [Schema.version1, Schema.version2, Schema.version3, Schema.version4, Schema.version5, Schema.version6])
            .migrate(database)
        let alice = UUID(), bob = UUID()
        for (id, name) in [(alice, "alice"), (bob, "bob")] {
            try database.execute("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, ?, ?, 'h', 0)", id, name, name)
        }
        try database.execute("INSERT INTO players (user_id, name) VALUES (?, 'Ana')", alice)
        let ana = Int(database.lastInsertRowID)
        let gatherIDs = [UUID(), UUID()]
        for (offset, id) in gatherIDs.enumerated() {
            try database.execute("INSERT INTO gathers (id, user_id, score, winner_team, created_at, ended_at) VALUES (?, ?, '2-1', 'Team A', ?, ?)",
                                 id, alice, Int64(1_700_000_000_000 + offset * 1000), Int64(1_700_000_000_000 + offset * 1000))
            try database.execute("INSERT INTO gather_players (gather_id, player_id, team) VALUES (?, ?, 'Team A')", id, ana)
        }

        let pool = try makePool()
        defer { pool.close() }
        XCTAssertEqual(pool.migratedFrom, 6)
        try pool.read { database in
            let gathers = GatherRepository(database)
            XCTAssertEqual(try gathers.find(id: gatherIDs[0], owner: alice)?.result?.score.description, "2-1")
            XCTAssertEqual(try gathers.players(gatherID: gatherIDs[1], owner: alice).map(\.player.name), ["Ana"])
            XCTAssertEqual(try gathers.page(owner: alice, query: GatherQuery(limit: 10)).map(\.id), gatherIDs.reversed())
            XCTAssertEqual(try StatsRepository(database).playerStats(id: ana, owner: alice)?.won, 2)
        }
        // Bob's gather under Alice's id is his own; hers keeps its team.
        let bobs = try pool.write { try GatherRepository($0).insert(id: gatherIDs[0], owner: bob, result: nil, createdAt: Date()) }
        XCTAssertEqual(bobs.gather.userID, bob)
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: gatherIDs[0], owner: alice) }.count, 1)
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: gatherIDs[0], owner: bob) }.count, 0)
    }
}
