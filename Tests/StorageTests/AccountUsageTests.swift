import Foundation
import GatherDomain
@testable import Storage
import XCTest

/// The counts quotas are checked against are kept as rows come and go, and always equal the rows.
final class AccountUsageTests: StorageTestCase {
    private func counted(_ pool: DatabasePool, _ owner: UUID) throws -> (players: Int, gathers: Int) {
        try pool.read { database in
            let keeps = try UserRepository(database).keeps(id: owner)
            return (keeps.players, keeps.gathers)
        }
    }

    private func actual(_ pool: DatabasePool, _ owner: UUID) throws -> (players: Int, gathers: Int) {
        try pool.read { database in
            (try rowCount("players", in: database, where: "group_id = ?", owner), try rowCount("gathers", in: database, where: "group_id = ?", owner))
        }
    }

    func testTheCountsFollowInsertsDeletesRetirementsAndPurges() throws {
        let pool = try makePool()
        defer { pool.close() }
        let alice = try createUser(pool, "alice"), bob = try createUser(pool, "bob")
        XCTAssertTrue(try counted(pool, alice) == (0, 0))
        var alicePlayers: [Player] = []
        for index in 0..<12 {
            let owner = index % 3 == 0 ? bob : alice
            let player = try pool.write { try PlayerRepository($0).insert(try PlayerDetails(name: "P\(index)"), owner: owner) }
            if owner == alice { alicePlayers.append(player) }
        }
        var gathers: [UUID] = []
        for _ in 0..<7 {
            let id = UUID()
            _ = try pool.write { try GatherRepository($0).insert(id: id, owner: alice, result: nil, createdAt: Date()) }
            gathers.append(id)
        }
        // The same id again is no new row; another account's use of it is one of its own.
        _ = try pool.write { try GatherRepository($0).insert(id: gathers[0], owner: alice, result: nil, createdAt: Date()) }
        _ = try pool.write { try GatherRepository($0).insert(id: gathers[0], owner: bob, result: nil, createdAt: Date()) }
        let alicePlayer = alicePlayers[0]
        try pool.write { try GatherRepository($0).assign(playerID: alicePlayer.id, to: gathers[1], owner: alice, team: .teamA) }
        // One deleted outright, one who played retired (still a row), two gathers gone.
        let unplayed = alicePlayers[1]
        _ = try pool.write { try PlayerRepository($0).remove(id: unplayed.id, owner: alice, at: Date()) }
        _ = try pool.write { try PlayerRepository($0).remove(id: alicePlayer.id, owner: alice, at: Date()) }
        _ = try pool.write { try GatherRepository($0).delete(id: gathers[2], owner: alice) }
        _ = try pool.write { try GatherRepository($0).delete(id: gathers[3], owner: alice) }

        for owner in [alice, bob] {
            let (counted, actual) = (try counted(pool, owner), try actual(pool, owner))
            XCTAssertTrue(counted == actual, "\(counted) counted, \(actual) rows")
        }
        XCTAssertTrue(try counted(pool, alice) == (7, 5))
        let places = try pool.read { try UserRepository($0).keeps(id: alice).places }
        XCTAssertEqual(places, try pool.read { try rowCount("gather_players", in: $0) })
        XCTAssertEqual(places, 1, "the retired player keeps their place")
        // A gather deleted with its places: they are counted off with it.
        try pool.write { try GatherRepository($0).assign(playerID: alicePlayers[2].id, to: gathers[4], owner: alice, team: .teamB) }
        try pool.write { try GatherRepository($0).assign(playerID: alicePlayers[3].id, to: gathers[4], owner: alice, team: .bench) }
        XCTAssertEqual(try pool.read { try UserRepository($0).keeps(id: alice).places }, 3)
        _ = try pool.write { try GatherRepository($0).delete(id: gathers[4], owner: alice) }
        XCTAssertEqual(try pool.read { try UserRepository($0).keeps(id: alice).places }, 1)
        XCTAssertTrue(try counted(pool, alice) == actual(pool, alice))

        // A closed account purged a step at a time: its counts go with it, the other's stay.
        _ = try pool.write { try UserRepository($0).close(id: alice, at: Date()) }
        while try !pool.write({ try UserRepository($0).purgeStep(id: alice, rows: 2) }) {}
        XCTAssertEqual(try pool.read { try rowCount("group_usage", in: $0, where: "group_id = ?", alice) }, 0)
        XCTAssertTrue(try counted(pool, bob) == actual(pool, bob))
    }

    func testAnExistingDatabaseIsCountedWhenItIsMigrated() throws {
        let database = try Database(path: path())
        try database.executeScript("PRAGMA foreign_keys = ON")
        try Migrator(migrations: Array(Schema.migrator.migrations.prefix(7))).migrate(database)
        let owner = UUID()
        try database.execute("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, 'a', 'a', 'h', 0)", owner)
        for name in ["Ana", "Ben", "Cleo"] { try database.execute("INSERT INTO players (user_id, name) VALUES (?, ?)", owner, name) }
        try database.execute("INSERT INTO gathers (id, api_id, user_id, created_at) VALUES (?1, ?1, ?2, 0)", UUID(), owner)

        let pool = try makePool()
        defer { pool.close() }
        XCTAssertEqual(pool.migratedFrom, 7)
        XCTAssertTrue(try counted(pool, owner) == (3, 1))
        _ = try pool.write { try PlayerRepository($0).insert(try PlayerDetails(name: "Dan"), owner: owner) }
        XCTAssertTrue(try counted(pool, owner) == (4, 1))
    }
}
