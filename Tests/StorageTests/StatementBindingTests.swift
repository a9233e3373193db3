import Foundation
@testable import Storage
import XCTest

final class StatementBindingTests: StorageTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        try super.setUpWithError()
        database = try Database(path: path("binding.sqlite"))
        try database.executeScript("CREATE TABLE items (id INTEGER PRIMARY KEY, value ANY) STRICT;")
    }

    override func tearDownWithError() throws {
        database = nil
        try super.tearDownWithError()
    }

    /// Stores `value` in a row and reads it back.
    private func roundTrip(_ value: any DatabaseValueConvertible) throws -> DatabaseValue {
        try database.execute("INSERT INTO items (value) VALUES (?)", value)
        let id = database.lastInsertRowID
        return try XCTUnwrap(database.query("SELECT value FROM items WHERE id = ?", id).first).values[0]
    }

    func testIntegersRoundTrip() throws {
        for value in [0, 1, -1, 42, Int.max, Int.min] {
            XCTAssertEqual(try roundTrip(value), .integer(Int64(value)))
            XCTAssertEqual(try database.query("SELECT ?", value).first?.int(0), value)
        }
        XCTAssertEqual(try roundTrip(Int64.min), .integer(Int64.min))
        XCTAssertEqual(try roundTrip(true), .integer(1))
        XCTAssertEqual(try roundTrip(false), .integer(0))
    }

    func testStringsRoundTripVerbatim() throws {
        let strings = [
            "",
            "plain",
            "O'Brien said \"hello\"",
            "''; --",
            "Zoë, Ñandú, 中文, Ελληνικά, עברית",
            "😀 👨‍👩‍👧‍👦 🇳🇱",
            "line\nbreak\ttab\\backslash % _ ?",
            String(repeating: "long ", count: 10_000),
        ]
        for string in strings {
            XCTAssertEqual(try roundTrip(string), .text(string))
            XCTAssertEqual(try database.query("SELECT ?", string).first?.string(0), string)
        }
    }

    func testStringsWithNULBindWhole() throws {
        // Bound with -1 as its length, SQLite would stop at the NUL and `victim\0x` would match `victim`.
        try database.execute("INSERT INTO items (value) VALUES (?)", "victim")
        XCTAssertEqual(try roundTrip("victim\u{0}anything"), .text("victim\u{0}anything"))
        XCTAssertEqual(try database.query("SELECT count(*) FROM items WHERE value = ?", "victim\u{0}anything").first?.int(0), 1)
        XCTAssertEqual(try database.query("SELECT count(*) FROM items WHERE value = ?", "victim").first?.int(0), 1)
        XCTAssertEqual(try database.query("SELECT length(CAST(? AS BLOB))", "a\u{0}b").first?.int(0), 3)
    }

    func testSQLInjectionLookingStringIsStoredVerbatim() throws {
        let attack = "Robert'); DROP TABLE items; --"
        XCTAssertEqual(try roundTrip(attack), .text(attack))
        XCTAssertEqual(try database.query("SELECT count(*) FROM items WHERE value = ?", attack).first?.int(0), 1)

        let alwaysTrue = "' OR '1'='1"
        XCTAssertEqual(try database.query("SELECT count(*) FROM items WHERE value = ?", alwaysTrue).first?.int(0), 0)
        XCTAssertEqual(try database.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.string(0) },
                       ["items"])
    }

    func testDoublesRoundTrip() throws {
        for value in [0.0, -0.5, 0.1, Double.pi, 1e300, -1e-300, Double.infinity, Double.greatestFiniteMagnitude] {
            XCTAssertEqual(try roundTrip(value), .real(value))
        }
    }

    func testNilRoundTripsAsNull() throws {
        XCTAssertEqual(try roundTrip(String?.none), .null)
        XCTAssertEqual(try roundTrip(Int?.none), .null)
        XCTAssertEqual(try roundTrip(DatabaseValue.null), .null)
        XCTAssertEqual(try roundTrip(Int?.some(3)), .integer(3))

        let row = try XCTUnwrap(database.query("SELECT ?, ?", String?.none, Int?.none).first)
        XCTAssertNil(try row.optionalString(0))
        XCTAssertNil(try row.optionalInt(1))
    }

    func testBlobsRoundTrip() throws {
        let blobs: [[UInt8]] = [[0], [0, 1, 2, 255, 0], Array(0...255), [UInt8](repeating: 0xAB, count: 100_000)]
        for blob in blobs {
            XCTAssertEqual(try roundTrip(blob), .blob(blob))
            XCTAssertEqual(try database.query("SELECT ?", blob).first?.blob(0), blob)
        }
    }

    func testEmptyBlobRoundTripsAsEmptyBlob() throws {
        XCTAssertEqual(try roundTrip([UInt8]()), .blob([]))
    }

    func testUUIDRoundTripsAsUpperCaseText() throws {
        let uuid = try XCTUnwrap(UUID(uuidString: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"))
        XCTAssertEqual(try roundTrip(uuid), .text("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"))
        XCTAssertEqual(try database.query("SELECT ?", uuid).first?.uuid(0), uuid)
        let random = UUID()
        XCTAssertEqual(try database.query("SELECT ?", random).first?.uuid(0), random)
    }

    func testDatesRoundTripWithMillisecondPrecision() throws {
        let exact = Date(timeIntervalSince1970: 1_700_000_000.123)
        XCTAssertEqual(try roundTrip(exact), .integer(1_700_000_000_123))
        XCTAssertEqual(try database.query("SELECT ?", exact).first?.date(0), exact)

        let finer = Date(timeIntervalSince1970: 1_700_000_000.1234)
        XCTAssertEqual(try database.query("SELECT ?", finer).first?.date(0), exact)

        let beforeEpoch = Date(timeIntervalSince1970: -86_400.25)
        XCTAssertEqual(try database.query("SELECT ?", beforeEpoch).first?.date(0), beforeEpoch)

        let now = Date()
        let stored = try XCTUnwrap(database.query("SELECT ?", now).first?.date(0))
        XCTAssertEqual(stored.timeIntervalSince1970, now.timeIntervalSince1970, accuracy: 0.0005)
    }

    func testSeveralArgumentsBindInOrder() throws {
        let row = try XCTUnwrap(database.query("SELECT ?, ?, ?, ?", 1, "two", 3.0, [UInt8](arrayLiteral: 4)).first)
        XCTAssertEqual(row.values, [.integer(1), .text("two"), .real(3.0), .blob([4])])
    }

    func testWrongArgumentCountThrows() throws {
        for arguments in [[], [1], [1, 2, 3]] as [[any DatabaseValueConvertible]] {
            XCTAssertThrowsError(try database.statement("SELECT ?, ?").query(arguments)) { error in
                XCTAssertEqual((error as? SQLiteError)?.primaryCode, 25, "SQLITE_RANGE: \(error)")
            }
        }
        XCTAssertThrowsError(try database.execute("INSERT INTO items (value) VALUES (?)"))
        XCTAssertThrowsError(try database.execute("INSERT INTO items (value) VALUES (1)", 2))
        XCTAssertEqual(try rowCount("items", in: database), 0)

        // The statement stays usable after a failed bind.
        XCTAssertEqual(try database.query("SELECT ?, ?", 1, 2).first?.values, [.integer(1), .integer(2)])
    }

    func testStatementsAreCachedBySQL() throws {
        let first = try database.statement("SELECT 1")
        XCTAssertTrue(first === (try database.statement("SELECT 1")))
        XCTAssertFalse(first === (try database.statement("SELECT 2")))
        XCTAssertEqual(first.sql, "SELECT 1")
        XCTAssertEqual(try first.query([]).first?.int(0), 1)
        XCTAssertEqual(try first.query([]).first?.int(0), 1)
    }

    func testInvalidSQLThrows() {
        XCTAssertThrowsError(try database.query("SELEKT 1")) { error in
            XCTAssertNotNil(error as? SQLiteError)
        }
        XCTAssertThrowsError(try database.query("SELECT * FROM missing"))
    }

    func testRowAccessorsRejectWrongTypes() throws {
        let row = try XCTUnwrap(database.query("SELECT 1, 'text', NULL, 'not-a-uuid'").first)
        XCTAssertThrowsError(try row.string(0)) { XCTAssertTrue($0 is RowError) }
        XCTAssertThrowsError(try row.int(1)) { XCTAssertTrue($0 is RowError) }
        XCTAssertThrowsError(try row.int(2))
        XCTAssertThrowsError(try row.blob(0))
        XCTAssertThrowsError(try row.uuid(3))
        XCTAssertThrowsError(try row.optionalInt(1))
    }

    /// Rows read in place (`forEach`, `map`) check each column's type as copied rows do, and
    /// say what they found; text is read as bytes or as a string alike.
    func testRowsReadInPlaceCheckTypesAndReadTextAsBytes() throws {
        var visited = 0
        try database.forEach("SELECT 1, 'text', NULL, 2.5, x'0102', 'é'") { row in
            visited += 1
            XCTAssertEqual(try row.int(0), 1)
            XCTAssertEqual(try row.optionalInt(2), nil)
            XCTAssertEqual(try row.string(1), "text")
            XCTAssertEqual(try row.optionalString(2), nil)
            XCTAssertEqual(Array(try row.textBytes(5)), Array("é".utf8))
            XCTAssertEqual(try row.optionalTextBytes(1).map(Array.init), Array("text".utf8))
            XCTAssertNil(try row.optionalTextBytes(2))
            XCTAssertEqual(try row.optionalText(1) { String(decoding: $0, as: UTF8.self).uppercased() }, "TEXT")
            XCTAssertNil(try row.optionalText(2) { _ in "never" })

            XCTAssertThrowsError(try row.int(1)) { XCTAssertEqual("\($0)", "\(RowError.unexpected(1, .text("text")))") }
            XCTAssertThrowsError(try row.string(0)) { XCTAssertEqual("\($0)", "\(RowError.unexpected(0, .integer(1)))") }
            XCTAssertThrowsError(try row.textBytes(2)) { XCTAssertEqual("\($0)", "\(RowError.unexpected(2, .null))") }
            XCTAssertThrowsError(try row.optionalInt(3)) { XCTAssertEqual("\($0)", "\(RowError.unexpected(3, .real(2.5)))") }
            XCTAssertThrowsError(try row.optionalString(4)) { XCTAssertEqual("\($0)", "\(RowError.unexpected(4, .blob([1, 2])))") }
            XCTAssertThrowsError(try row.optionalTextBytes(0))
            XCTAssertThrowsError(try row.optionalText(3) { _ in "never" })
        }
        XCTAssertEqual(visited, 1)
        XCTAssertEqual(try database.map("SELECT value FROM json_each('[3, 1, 2]')") { try $0.int(0) }, [3, 1, 2])
    }

    /// What `forEach`'s body throws ends the run and leaves the statement ready for the next.
    func testARowThatThrowsEndsTheRun() throws {
        struct Stop: Error {}
        var seen: [Int] = []
        XCTAssertThrowsError(try database.forEach("SELECT value FROM json_each('[1, 2, 3]')") { row in
            seen.append(try row.int(0))
            if seen.count == 2 { throw Stop() }
        }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(seen, [1, 2])
        XCTAssertEqual(try database.map("SELECT value FROM json_each('[1, 2, 3]')") { try $0.int(0) }, [1, 2, 3])
    }

    func testChangesAndLastInsertRowID() throws {
        try database.execute("INSERT INTO items (id, value) VALUES (?, ?)", 10, "a")
        XCTAssertEqual(database.lastInsertRowID, 10)
        try database.execute("INSERT INTO items (id, value) VALUES (?, ?)", 11, "b")
        try database.execute("UPDATE items SET value = ? WHERE id >= ?", "c", 10)
        XCTAssertEqual(database.changes, 2)
    }

    func testTransactionCommitsOrRollsBack() throws {
        struct Abort: Error {}
        XCTAssertThrowsError(try database.transaction {
            try database.execute("INSERT INTO items (value) VALUES (?)", "rolled back")
            throw Abort()
        }) { XCTAssertTrue($0 is Abort) }
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try rowCount("items", in: database), 0)

        let value = try database.transaction { () throws -> Int in
            XCTAssertTrue(database.isInTransaction)
            try database.execute("INSERT INTO items (value) VALUES (?)", "kept")
            return 7
        }
        XCTAssertEqual(value, 7)
        XCTAssertEqual(try rowCount("items", in: database), 1)
    }

    func testInMemoryDatabaseBindsToo() throws {
        let memory = try Database(path: DatabasePool.inMemoryPath)
        XCTAssertEqual(try memory.query("SELECT ?, ?", "it's", 5).first?.values, [.text("it's"), .integer(5)])
    }
}
