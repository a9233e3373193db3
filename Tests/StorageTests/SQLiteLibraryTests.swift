import CSQLite
@testable import Storage
import XCTest

/// SQLite's memory statistics are off in every process that opens a database through `Database`:
/// on, each allocation on any connection would take one process-wide mutex.
final class SQLiteLibraryTests: StorageTestCase {
    func testNoAllocationIsCountedOnceADatabaseIsOpen() throws {
        let pool = try DatabasePool(path: directory.appendingPathComponent("statistics.sqlite").path)
        defer { pool.close() }
        try pool.write { database in
            try database.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
            for index in 0..<200 { try database.execute("INSERT INTO notes (text) VALUES (?)", String(repeating: "n", count: index)) }
        }
        XCTAssertEqual(try pool.read { try $0.query("SELECT count(*) FROM notes").first?.int(0) }, 200)
        XCTAssertEqual(SQLiteLibrary.configured, SQLITE_OK, "SQLite was started before the settings were made")
        // Counted, the statistics would hold every open connection's caches and statements.
        XCTAssertEqual(sqlite3_memory_used(), 0)
    }
}
