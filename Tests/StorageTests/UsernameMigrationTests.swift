import Foundation
@testable import Storage
import XCTest

/// Schema version 2: usernames unique by their Unicode caseless form. A version-1 file whose
/// names now collide must still open, keep every account, and let each owner log in.
final class UsernameMigrationTests: StorageTestCase {
    /// A version-1 database holding these names, created in this order one second apart.
    /// Returns their ids in the same order (a dictionary would merge canonically equal names).
    private func makeVersion1Database(_ names: [String]) throws -> [UUID] {
        let database = try Database(path: path())
        try Migrator(migrations: [Schema.version1]).migrate(database)
        var ids: [UUID] = []
        for (offset, name) in names.enumerated() {
            let id = UUID()
            ids.append(id)
            try database.execute("INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)",
                                 id, name, "hash-\(offset)", Date(timeIntervalSince1970: 1_700_000_000 + Double(offset)))
        }
        return ids
    }

    func testCollidingNamesAllSurviveAndEachOwnerLogsIn() throws {
        // Version 1 compared ASCII case only: all of these were separate accounts.
        let composed = "Jos\u{E9}", decomposed = "Jose\u{301}"
        let ids = try makeVersion1Database(["Ärger", "ärger", composed, decomposed, "Straße", "bob"])
        let pool = try makePool()
        XCTAssertEqual(pool.migratedFrom, 1)
        XCTAssertEqual(try count("users", in: pool), 6, "no account merged or dropped")

        func login(_ typed: String) throws -> UUID? {
            try pool.read { try UserRepository($0).account(username: typed) }?.user.id
        }
        // The name exactly as stored wins; any other spelling reaches the oldest of the twins.
        XCTAssertEqual(try login("Ärger"), ids[0])
        XCTAssertEqual(try login("ärger"), ids[1])
        XCTAssertEqual(try login("ÄRGER"), ids[0])
        XCTAssertEqual(try login(composed), ids[2])
        XCTAssertEqual(try login(decomposed), ids[3], "byte for byte as stored")
        XCTAssertEqual(try login("JOSE\u{301}"), ids[2], "no exact match: the oldest")
        XCTAssertEqual(try login("STRASSE"), ids[4])
        XCTAssertEqual(try login("BOB"), ids[5])

        // From now on no new twin can be made.
        for name in ["ÄRGER", "JOSÉ", "strasse", "Bob"] {
            XCTAssertThrowsError(try createUser(pool, name), name) { error in
                XCTAssertEqual(error as? StorageError, .conflict("username is already taken"))
            }
        }
        XCTAssertNoThrow(try createUser(pool, "Ärgernis"))
    }

    func testAMigratedFileIsAtTheLatestVersionWithItsKeys() throws {
        _ = try makeVersion1Database(["alice"])
        let pool = try makePool()
        XCTAssertEqual(try pool.read { try $0.userVersion() }, Schema.migrator.latestVersion)
        XCTAssertEqual(try pool.read { try $0.query("SELECT username_key, key_collision FROM users").first?.string(0) }, "alice")
    }
}

/// Comparison keys are recomputed at every open, so a change of rules or of Unicode tables, or a
/// row written by an older binary, never strands an account.
final class ComparisonKeyUpkeepTests: StorageTestCase {
    func testStaleAndMissingKeysAreRecomputedOnOpen() throws {
        var pool = try makePool()
        let alice = try createUser(pool, "Alice")
        let bob = try createUser(pool, "Bob")
        try pool.write { database in
            try database.execute("UPDATE users SET username_key = 'stale' WHERE id = ?", alice)
            try database.execute("UPDATE users SET username_key = '' WHERE id = ?", bob)
        }
        XCTAssertNil(try pool.read { try UserRepository($0).account(username: "alice") })
        pool.close()

        pool = try makePool()
        XCTAssertEqual(try pool.read { try UserRepository($0).account(username: "alice") }?.user.id, alice)
        XCTAssertEqual(try pool.read { try UserRepository($0).account(username: "BOB") }?.user.id, bob)
        XCTAssertEqual(try pool.write { try UserRepository($0).reconcileComparisonKeys() }, 0, "nothing left to change")
    }

    func testKeysThatNowCollideAreNumberedOldestFirst() throws {
        var pool = try makePool()
        let older = try createUser(pool, "first")
        let newer = try createUser(pool, "second")
        // As if a new rule made both names equal: their stored keys now differ from what the code computes.
        try pool.write { database in
            try database.execute("UPDATE users SET username = 'Straße', username_key = 'old-1', created_at = 1 WHERE id = ?", older)
            try database.execute("UPDATE users SET username = 'STRASSE', username_key = 'old-2', created_at = 2 WHERE id = ?", newer)
        }
        pool.close()
        pool = try makePool()
        XCTAssertEqual(try pool.read { try UserRepository($0).account(username: "Straße") }?.user.id, older)
        XCTAssertEqual(try pool.read { try UserRepository($0).account(username: "STRASSE") }?.user.id, newer)
        XCTAssertEqual(try pool.read { try UserRepository($0).account(username: "strasse") }?.user.id, older)
    }
}
