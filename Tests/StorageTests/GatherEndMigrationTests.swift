import Foundation
@testable import Storage
import XCTest

/// Schema version 3 on a version-2 file: gathers that already had a score ended when they were
/// created (the best there is), unfinished ones have no end, and every player stays on the roster.
final class GatherEndMigrationTests: StorageTestCase {
    func testExistingGathersGetAnEndAndPlayersStay() throws {
        let database = try Database(path: path())
        try Migrator(migrations: [Schema.version1, Schema.version2]).migrate(database)
        let owner = UUID()
        try database.execute("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, 'a', 'a', 'h', 0)", owner)
        try database.execute("INSERT INTO players (user_id, name) VALUES (?, 'Ana')", owner)
        let ended = UUID(), unfinished = UUID()
        try database.execute("INSERT INTO gathers (id, user_id, score, winner_team, created_at) VALUES (?, ?, '2-1', 'Team A', 1700000000000)",
                             ended, owner)
        try database.execute("INSERT INTO gathers (id, user_id, created_at) VALUES (?, ?, 1700000100000)", unfinished, owner)

        let pool = try makePool()
        XCTAssertEqual(pool.migratedFrom, 2)
        try pool.read { database in
            let gathers = GatherRepository(database)
            XCTAssertEqual(try gathers.find(id: ended, owner: owner)?.endedAt, Date(timeIntervalSince1970: 1_700_000_000))
            XCTAssertNil(try gathers.find(id: unfinished, owner: owner)?.endedAt)
            XCTAssertEqual(try PlayerRepository(database).all(owner: owner).map(\.name), ["Ana"])
        }
    }
}
