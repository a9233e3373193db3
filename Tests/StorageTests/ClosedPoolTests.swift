import Foundation
import Storage
import XCTest

final class ClosedPoolTests: StorageTestCase {
    private func assertClosed<T>(_ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertTrue(error is DatabasePoolError, "expected DatabasePoolError.closed, got \(error)", file: file, line: line)
        }
    }

    func testFilePoolThrowsClosedAfterClose() throws {
        let pool = try makePool()
        try createUser(pool, "alice")
        pool.close()

        assertClosed(try pool.read { try $0.userVersion() })
        assertClosed(try pool.write { try $0.userVersion() })
        assertClosed(try pool.ping())
        // Closing twice is harmless.
        pool.close()
        assertClosed(try pool.read { _ in 1 })

        // Closing checkpoints the data into the file: a new pool sees it.
        let reopened = try makePool()
        XCTAssertEqual(try count("users", in: reopened), 1)
    }

    func testCloseCheckpointsTheLogIntoTheFile() throws {
        let file = path()
        let pool = try DatabasePool(path: file)
        try createUser(pool, "alice")
        XCTAssertEqual(try count("users", in: pool), 1)
        pool.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file + "-wal"), "the log should be checkpointed and removed")

        // The main file alone holds the data.
        let copy = path("copy.sqlite")
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        let database = try Database(path: copy, mode: .readOnly)
        XCTAssertEqual(try rowCount("users", in: database), 1)
    }

    func testInMemoryPoolThrowsClosedAfterClose() throws {
        let pool = try DatabasePool(path: DatabasePool.inMemoryPath)
        pool.close()
        assertClosed(try pool.read { try $0.userVersion() })
        assertClosed(try pool.write { try $0.userVersion() })
    }

    func testPoolWithoutReadersThrowsClosedAfterClose() throws {
        let pool = try makePool(configuration: DatabasePool.Configuration(readerCount: 0))
        pool.close()
        assertClosed(try pool.read { try $0.userVersion() })
        assertClosed(try pool.write { try $0.userVersion() })
    }

    func testCloseWhileReadInProgressDoesNotReturnTheReader() throws {
        let pool = try makePool(configuration: DatabasePool.Configuration(readerCount: 1))
        let value = try pool.read { database -> Int in
            pool.close()
            return try database.userVersion()
        }
        XCTAssertEqual(value, Schema.migrator.latestVersion)
        assertClosed(try pool.read { try $0.userVersion() })
    }

    func testClosedErrorDescribesItself() {
        XCTAssertEqual(DatabasePoolError.closed.description, "the database is closed")
    }
}
