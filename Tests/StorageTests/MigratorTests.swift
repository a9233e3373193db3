import Foundation
import Storage
import XCTest

final class MigratorTests: StorageTestCase {
    private let createFirst = Migration(version: 1, name: "first", sql: "CREATE TABLE first (x INTEGER);")
    private let failingSecond = Migration(version: 2, name: "second", sql: """
        CREATE TABLE second (y INTEGER);
        INSERT INTO no_such_table VALUES (1);
        """)

    private func tableNames(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { try $0.string(0) }
    }

    func testFailingMigrationRollsBackEveryMigration() throws {
        let database = try Database(path: path())
        let migrator = Migrator(migrations: [createFirst, failingSecond])
        XCTAssertThrowsError(try migrator.migrate(database)) { error in
            XCTAssertTrue(error is SQLiteError, "\(error)")
        }
        XCTAssertEqual(try database.userVersion(), 0)
        XCTAssertEqual(try tableNames(database), [])
        XCTAssertFalse(database.isInTransaction)
    }

    func testFailingMigrationInPoolLeavesVersionZero() throws {
        let file = path()
        XCTAssertThrowsError(try DatabasePool(path: file, migrator: Migrator(migrations: [createFirst, failingSecond])))
        let database = try Database(path: file, mode: .readOnly)
        XCTAssertEqual(try database.userVersion(), 0)
        XCTAssertEqual(try tableNames(database), [])
    }

    func testMigrateAppliesPendingMigrationsInVersionOrder() throws {
        let database = try Database(path: DatabasePool.inMemoryPath)
        let second = Migration(version: 2, name: "second", sql: "INSERT INTO first (x) VALUES (2);")
        let third = Migration(version: 3, name: "third", sql: "INSERT INTO first (x) VALUES (3);")
        let migrator = Migrator(migrations: [third, createFirst, second])
        XCTAssertEqual(migrator.migrations.map(\.version), [1, 2, 3])
        XCTAssertEqual(migrator.latestVersion, 3)

        let applied = try migrator.migrate(database)
        XCTAssertEqual(applied.from, 0)
        XCTAssertEqual(applied.to, 3)
        XCTAssertEqual(try database.query("SELECT x FROM first ORDER BY rowid").map { try $0.int(0) }, [2, 3])

        let again = try migrator.migrate(database)
        XCTAssertEqual(again.from, 3)
        XCTAssertEqual(again.to, 3)
        XCTAssertEqual(try rowCount("first", in: database), 2)
    }

    func testMigrateRefusesNewerDatabase() throws {
        let database = try Database(path: DatabasePool.inMemoryPath)
        try database.executeScript("PRAGMA user_version = 5")
        let migrator = Migrator(migrations: [createFirst])
        XCTAssertThrowsError(try migrator.checkCompatible(database)) { error in
            XCTAssertEqual(error as? MigrationError, .databaseTooNew(found: 5, supported: 1))
        }
        XCTAssertThrowsError(try migrator.migrate(database)) { error in
            XCTAssertEqual(error as? MigrationError, .databaseTooNew(found: 5, supported: 1))
        }
        XCTAssertEqual(try database.userVersion(), 5)
        XCTAssertEqual(try tableNames(database), [])
    }

    func testEmptyMigratorHasVersionZero() throws {
        let migrator = Migrator(migrations: [])
        XCTAssertEqual(migrator.latestVersion, 0)
        let database = try Database(path: DatabasePool.inMemoryPath)
        XCTAssertNoThrow(try migrator.checkCompatible(database))
        let applied = try migrator.migrate(database)
        XCTAssertEqual(applied.from, 0)
        XCTAssertEqual(applied.to, 0)
    }
}
