import Foundation
import GatherCore
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

    func testMigrationIsOneTransaction() throws {
        _ = try makeVersion1Database(["alice"])
        let pool = try makePool()
        XCTAssertEqual(try pool.read { try $0.userVersion() }, Schema.migrator.latestVersion)
        XCTAssertEqual(try pool.read { try $0.query("SELECT username_key, key_collision FROM users").first?.string(0) }, "alice")
    }
}
