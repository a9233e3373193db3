import Foundation
import GatherDomain
import Storage
import XCTest

final class DatabasePoolOpeningTests: StorageTestCase {
    func testOpeningNewFileCreatesParentDirectoriesAndConfiguresConnection() throws {
        let nested = directory.appendingPathComponent("one/two/three/gather.sqlite").path
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("one").path))

        let pool = try DatabasePool(path: nested)
        XCTAssertEqual(pool.path, nested)
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested))

        XCTAssertEqual(try pool.read { try $0.query("PRAGMA journal_mode").first?.string(0) }, "wal")
        XCTAssertEqual(try pool.write { try $0.query("PRAGMA journal_mode").first?.string(0) }, "wal")
        XCTAssertEqual(try pool.read { try $0.userVersion() }, Schema.migrator.latestVersion)
        XCTAssertEqual(try pool.write { try $0.userVersion() }, Schema.migrator.latestVersion)
        XCTAssertEqual(try pool.write { try $0.query("PRAGMA foreign_keys").first?.int(0) }, 1)
        XCTAssertEqual(try pool.write { try $0.query("PRAGMA synchronous").first?.int(0) }, 2,
                       "synchronous = FULL: an acknowledged write survives a power cut")
        XCTAssertNoThrow(try pool.ping())
    }

    func testSchemaHasEveryTable() throws {
        let pool = try makePool()
        let tables = try pool.read { database in
            try database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
                .map { try $0.string(0) }
        }
        XCTAssertEqual(tables, ["account_changes", "announcements", "api_tokens", "channels", "deliveries", "fixture_answers", "fixture_series", "fixture_teams", "fixtures", "gather_players", "gathers", "goals", "group_usage", "groups", "invites",
                                "live_matches", "maintenance", "match_votes", "memberships", "payments", "personal_links", "player_records", "player_results", "players", "rating_pending", "rating_snapshots", "rating_state", "ratings", "seasons", "shares", "tokens", "users"])
    }

    func testLatestVersionIsTheHighestMigration() {
        XCTAssertEqual(Schema.migrator.latestVersion, Schema.migrator.migrations.map(\.version).max())
        XCTAssertGreaterThanOrEqual(Schema.migrator.latestVersion, 1)
    }

    func testReadConnectionsRefuseWrites() throws {
        let pool = try makePool()
        XCTAssertThrowsError(try pool.read { database in
            try database.execute("INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)",
                                 UUID(), "sneaky", "hash", Date())
        })
        XCTAssertEqual(try count("users", in: pool), 0)
    }

    func testReopeningKeepsDataAndDoesNotRerunMigrations() throws {
        let userID: UUID
        do {
            let pool = try makePool()
            userID = try createUser(pool, "alice")
            pool.close()
        }
        // Rerunning the schema would fail on CREATE TABLE; the data must still be there.
        let reopened = try makePool()
        XCTAssertEqual(try user(userID, in: reopened), User(id: userID, username: "alice"))
        XCTAssertEqual(try reopened.read { try $0.userVersion() }, Schema.migrator.latestVersion)
        XCTAssertEqual(try reopened.read { try $0.query("PRAGMA journal_mode").first?.string(0) }, "wal")
    }

    func testReopeningRunsEachMigrationOnce() throws {
        let first = Migration(version: 1, name: "log", sql: """
            CREATE TABLE runs (version INTEGER NOT NULL);
            INSERT INTO runs (version) VALUES (1);
            """)
        let second = Migration(version: 2, name: "log again", sql: "INSERT INTO runs (version) VALUES (2);")

        do {
            let pool = try DatabasePool(path: path(), migrator: Migrator(migrations: [first]))
            XCTAssertEqual(try pool.read { try $0.userVersion() }, 1)
            pool.close()
        }
        do {
            let pool = try DatabasePool(path: path(), migrator: Migrator(migrations: [first]))
            XCTAssertEqual(try count("runs", in: pool), 1)
            pool.close()
        }
        // Only the pending migration runs when a newer binary opens the file.
        let pool = try DatabasePool(path: path(), migrator: Migrator(migrations: [second, first]))
        XCTAssertEqual(try pool.read { try $0.query("SELECT version FROM runs ORDER BY rowid").map { try $0.int(0) } }, [1, 2])
        XCTAssertEqual(try pool.read { try $0.userVersion() }, 2)
    }

    func testTooNewDatabaseIsRefusedAndLeftUntouched() throws {
        let file = path()
        do {
            let database = try Database(path: file)
            try database.executeScript("CREATE TABLE future (x); PRAGMA user_version = 99;")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))

        XCTAssertThrowsError(try DatabasePool(path: file)) { error in
            XCTAssertEqual(error as? MigrationError,
                           .databaseTooNew(found: 99, supported: Schema.migrator.latestVersion))
        }

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
        for suffix in ["-wal", "-shm", "-journal"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: file + suffix), "\(suffix) created")
        }
        let database = try Database(path: file, mode: .readOnly)
        XCTAssertEqual(try database.userVersion(), 99)
        XCTAssertEqual(try database.query("PRAGMA journal_mode").first?.string(0), "delete")
    }

    func testTooNewWALDatabaseIsRefusedAndLeftUntouched() throws {
        let file = path()
        do {
            let pool = try DatabasePool(path: file)
            try createUser(pool, "alice")
            pool.close()
        }
        do {
            let database = try Database(path: file)
            try database.executeScript("PRAGMA user_version = 99")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))

        XCTAssertThrowsError(try DatabasePool(path: file)) { error in
            XCTAssertEqual(error as? MigrationError,
                           .databaseTooNew(found: 99, supported: Schema.migrator.latestVersion))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
    }

    func testMigrationErrorExplainsTheVersions() {
        let description = MigrationError.databaseTooNew(found: 99, supported: 1).description
        XCTAssertTrue(description.contains("99"), description)
        XCTAssertTrue(description.contains("1"), description)
    }

    func testFileThatIsNotADatabaseIsRefusedAndLeftUntouched() throws {
        let file = path()
        let text = String(repeating: "This is a shopping list, not an SQLite database.\n", count: 200)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let before = try Data(contentsOf: URL(fileURLWithPath: file))

        XCTAssertThrowsError(try DatabasePool(path: file)) { error in
            let sqliteError = error as? SQLiteError
            XCTAssertNotNil(sqliteError, "\(error)")
            XCTAssertEqual(sqliteError?.primaryCode, 26, "SQLITE_NOTADB: \(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
        for suffix in ["-wal", "-shm", "-journal"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: file + suffix), "\(suffix) created")
        }
    }

    func testOpeningWithoutReadersStillCreatesParentDirectories() throws {
        let nested = directory.appendingPathComponent("no-readers/gather.sqlite").path
        let pool = try DatabasePool(path: nested, configuration: DatabasePool.Configuration(readerCount: 0))
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested))
        XCTAssertEqual(try pool.read { try $0.userVersion() }, Schema.migrator.latestVersion)
    }

    func testInMemoryPoolIsMigratedAndUsable() throws {
        let pool = try DatabasePool(path: DatabasePool.inMemoryPath)
        XCTAssertEqual(try pool.read { try $0.userVersion() }, Schema.migrator.latestVersion)
        XCTAssertEqual(try pool.write { try $0.query("PRAGMA foreign_keys").first?.int(0) }, 1)
        XCTAssertEqual(try pool.read { try $0.query("PRAGMA journal_mode").first?.string(0) }, "memory")

        let owner = try createUser(pool, "memory")
        XCTAssertEqual(try user(owner, in: pool)?.username, "memory")
        XCTAssertNoThrow(try pool.ping())

        // Each in-memory pool is its own database.
        let other = try DatabasePool(path: DatabasePool.inMemoryPath)
        XCTAssertEqual(try count("users", in: other), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: DatabasePool.inMemoryPath))
    }

    /// A write's handler writes and reads again inside it (a quota checked after the insert), as
    /// on the committer's thread: on a memory database too, rather than wait for itself.
    func testInsideAWriteOfAMemoryPoolWritesAndReadsRunInIt() throws {
        let pool = try DatabasePool(path: DatabasePool.inMemoryPath)
        let owner = try createUser(pool, "nested")
        let seen = try pool.write { _ in
            try pool.write { try PlayerRepository($0).insert(try PlayerDetails(name: "Ana"), owner: owner) }
            XCTAssertThrowsError(try pool.write { database -> Void in
                _ = try PlayerRepository(database).insert(try PlayerDetails(name: "Undone"), owner: owner)
                throw StorageError.conflict("refused")
            })
            return try pool.read { try PlayerRepository($0).all(owner: owner).map(\.name) }
        }
        XCTAssertEqual(seen, ["Ana"], "the refused nested write is rolled back alone")
        XCTAssertEqual(try pool.read { try PlayerRepository($0).all(owner: owner).map(\.name) }, ["Ana"])
    }
}
