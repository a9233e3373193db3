import Foundation
import GatherServer
import Storage
import TestSupport
import XCTest

/// No silent empty server: the start-up line says when a database was created, and with
/// `--db-must-exist` (`FG_DB_MUST_EXIST`) a missing or empty file is refused (exit 4) instead.
/// Every text line the server writes carries its time.
final class NewDatabaseTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `2026-11-29T07:49:43.408Z `: the time every text line starts with.
    private static let timestamp = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{4}) "#

    private func startupLine(_ server: ServerProcess) -> String {
        server.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
    }

    func testTheStartUpLineSaysWhenTheDatabaseWasCreatedAndEveryLineHasItsTime() throws {
        let path = directory.appendingPathComponent("gather.sqlite").path
        let first = try ServerProcess(arguments: ["--port", "0", "--db", path])
        let port = try XCTUnwrap(first.waitForPort(), first.standardError)
        XCTAssertTrue(startupLine(first).contains("database: \(path) (NEW: created empty now), schema version"), startupLine(first))
        XCTAssertNotNil(startupLine(first).range(of: Self.timestamp + "gather-server listening on http://127.0.0.1:\(port)",
                                                 options: .regularExpression), startupLine(first))
        first.terminate()
        XCTAssertEqual(first.waitForExit(), 0)
        let lines = first.standardError.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasSuffix("gather-server: shutting down") }, first.standardError)
        for line in lines {
            XCTAssertNotNil(line.range(of: Self.timestamp, options: .regularExpression), "a line without its time: \(line)")
        }

        let again = try ServerProcess(arguments: ["--port", "0", "--db", path, "--db-must-exist"])
        defer { again.terminate(); _ = again.waitForExit() }
        XCTAssertNotNil(again.waitForPort(), again.standardError)
        XCTAssertFalse(startupLine(again).contains("NEW"), startupLine(again))
    }

    func testWithDbMustExistAMissingOrEmptyDatabaseIsRefused() throws {
        let path = directory.appendingPathComponent("mounted/gather.sqlite").path
        let missing = try ServerProcess(arguments: ["--port", "0", "--db", path], environment: ["FG_DB_MUST_EXIST": "1"])
        XCTAssertEqual(missing.waitForExit(), 4, missing.standardError)
        XCTAssertTrue(missing.standardError.contains("gather-server: no database at \(path), and --db-must-exist (FG_DB_MUST_EXIST) says "
                                                     + "not to create one"), missing.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing was created")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("mounted").path), "not even its directory")

        try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("mounted").path, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        let empty = try ServerProcess(arguments: ["--port", "0", "--db", path, "--db-must-exist"])
        XCTAssertEqual(empty.waitForExit(), 4, empty.standardError)

        XCTAssertThrowsError(try FootballGatherServer(configuration: {
            var configuration = ServerConfiguration()
            configuration.databasePath = path
            configuration.databaseMustExist = true
            return configuration
        }())) { error in
            XCTAssertEqual(error as? DatabaseMissing, DatabaseMissing(path: path))
        }
    }
}
