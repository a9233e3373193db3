import CSQLite
import Foundation
@testable import Storage
import XCTest

/// A connection is used one way at a time: a read inside a read, or a write inside one, stops the
/// process at once (instead of deadlocking once every read connection is held by an outer read),
/// and a statement run again from inside its own run is refused instead of restarted.
final class ReentrancyTests: StorageTestCase {
    /// Set in the child process this test starts, which then does what `case` names and must die.
    private static let caseVariable = "GATHER_REENTRANCY_CASE"
    /// The parent's directory, where the child keeps its database (its own is removed at once:
    /// it stops before its tear-down).
    private static let directoryVariable = "GATHER_REENTRANCY_DIRECTORY"

    func testAReadInsideAReadStopsTheProcessWithAReason() throws {
        if try runChildCase("read-in-read") { return }
        let result = try childRun("read-in-read", test: "testAReadInsideAReadStopsTheProcessWithAReason")
        XCTAssertNotEqual(result.status, 0, "the nested read must not run")
        XCTAssertTrue(result.output.contains("a read inside a read"), result.output)
        XCTAssertFalse(result.output.contains("nested read ran"), result.output)
    }

    func testAReadInsideADedicatedReadStopsTheProcessInsteadOfWaitingForItself() throws {
        if try runChildCase("dedicated-read-in-read") { return }
        let result = try childRun("dedicated-read-in-read", test: "testAReadInsideADedicatedReadStopsTheProcessInsteadOfWaitingForItself")
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("a read inside a read"), result.output)
    }

    func testAWriteInsideAReadStopsTheProcessWithAReason() throws {
        if try runChildCase("write-in-read") { return }
        let result = try childRun("write-in-read", test: "testAWriteInsideAReadStopsTheProcessWithAReason")
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("a write inside a read"), result.output)
        XCTAssertFalse(result.output.contains("nested write ran"), result.output)
    }

    /// What stays allowed: reads one after another on one thread, and a write's own reads and
    /// writes, which take no other connection.
    func testReadsInSequenceAndAWritesOwnReadsStillWork() throws {
        let pool = try makePool(configuration: .init(readerCount: 1))
        defer { pool.close() }
        let id = try createUser(pool, "ada")
        for _ in 0..<3 {
            XCTAssertEqual(try user(id, in: pool)?.username, "ada")
        }
        let seen = try pool.write { database -> Int in
            try database.execute("UPDATE users SET username = 'grace' WHERE id = ?", id)
            let inner = try pool.read { try rowCount("users", in: $0, where: "username = 'grace'") }
            try pool.write { try $0.execute("UPDATE users SET username = 'ada' WHERE id = ?", id) }
            return inner
        }
        XCTAssertEqual(seen, 1, "a read inside a write sees the write's own change")
        XCTAssertEqual(try user(id, in: pool)?.username, "ada")
        // The thread's mark is gone once a read has ended, even by throwing.
        struct Stop: Error {}
        XCTAssertThrowsError(try pool.read { _ in throw Stop() })
        XCTAssertEqual(try count("users", in: pool), 1)
    }

    func testAStatementRunAgainFromInsideItsOwnRunIsRefusedAndStaysUsable() throws {
        let database = try Database(path: path("statements.sqlite"))
        try database.executeScript("CREATE TABLE items (id INTEGER PRIMARY KEY); INSERT INTO items VALUES (1), (2), (3);")
        var calls = 0
        XCTAssertThrowsError(try database.map("SELECT id FROM items ORDER BY id") { row -> Int in
            calls += 1
            // Rebinding the running statement would start the outer run again from its first row.
            guard calls < 10 else { XCTFail("the outer run restarted"); throw CancellationError() }
            return try database.query("SELECT id FROM items ORDER BY id").count
        }) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, SQLITE_MISUSE, "\(error)")
            XCTAssertTrue("\(error)".contains("still running"), "\(error)")
        }
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(try database.map("SELECT id FROM items ORDER BY id") { try $0.int(0) }, [1, 2, 3],
                       "the refused statement runs again afterwards")
    }

    func testAStatementLeftBusyIsResetBeforeItsNextUse() throws {
        let database = try Database(path: path("busy.sqlite"))
        try database.executeScript("CREATE TABLE items (id INTEGER PRIMARY KEY); INSERT INTO items VALUES (1), (2), (3);")
        let sql = "SELECT id FROM items ORDER BY id"
        let statement = try database.statement(sql)
        XCTAssertEqual(sqlite3_step(statement.handle), SQLITE_ROW)
        XCTAssertNotEqual(sqlite3_stmt_busy(statement.handle), 0)
        XCTAssertEqual(try database.map(sql) { try $0.int(0) }, [1, 2, 3], "from the first row, not where it was left")
        XCTAssertEqual(sqlite3_stmt_busy(statement.handle), 0)
    }

    // MARK: The child process

    /// In the child (the variable set to `name`), does what `name` says and returns true (it
    /// should not return: the process stops first). In the parent, returns false.
    private func runChildCase(_ name: String) throws -> Bool {
        let environment = ProcessInfo.processInfo.environment
        guard environment[Self.caseVariable] == name, let parentDirectory = environment[Self.directoryVariable] else { return false }
        try FileManager.default.removeItem(at: directory)
        let pool = try DatabasePool(path: parentDirectory + "/child.sqlite", configuration: .init(readerCount: 2))
        _ = try createUser(pool, "ada")
        switch name {
        case "read-in-read":
            try pool.read { _ in
                try pool.read { _ in FileHandle.standardError.write(Data("nested read ran\n".utf8)) }
            }
        case "dedicated-read-in-read":
            let reader = try pool.dedicatedReader(budget: .seconds(1))
            try reader.read { _ in
                try reader.read { _ in FileHandle.standardError.write(Data("nested read ran\n".utf8)) }
            }
        case "write-in-read":
            try pool.read { _ in
                try pool.write { _ in FileHandle.standardError.write(Data("nested write ran\n".utf8)) }
            }
        default:
            XCTFail("no case \(name)")
        }
        return true
    }

    /// Runs this test bundle again for `test` alone, with the case variable set; its exit status
    /// and what it printed (both streams). A child still running after a minute (waiting for
    /// itself) is stopped, and that is a failure.
    private func childRun(_ name: String, test: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["StorageTests.ReentrancyTests/\(test)"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.caseVariable] = name
        environment[Self.directoryVariable] = directory.path
        // The crash is the expected outcome: no backtrace of the whole test binary (slow under the sanitizers).
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let outputURL = directory.appendingPathComponent("child-output")
        XCTAssertTrue(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            exited.wait()
            XCTFail("the child was still running after a minute: it waited for itself")
        }
        return (process.terminationStatus, String(decoding: try Data(contentsOf: outputURL), as: UTF8.self))
    }
}
