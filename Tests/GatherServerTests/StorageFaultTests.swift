import Foundation
import HTTP
import Networking
import Storage
import XCTest

/// The database's disk fills up, or its file is deleted, replaced or made read-only under a
/// running gather-server: writes are refused with a clear reason (never answered as saved and then
/// lost), reads go on, /health tells the operator, nothing is corrupted, and writes work again
/// once the cause is gone.
final class StorageFaultTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    func testAFullDiskRefusesWritesWith507UntilSpaceReturns() throws {
        // A small file system of its own (tmpfs: this test needs root, as CI and the dev machines run).
        let mountPoint = directory.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        XCTAssertEqual(try run("/bin/mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint.path), 0,
                       "mounting a tmpfs needs root")
        defer { _ = try? run("/bin/umount", "-l", mountPoint.path) }
        let database = mountPoint.appendingPathComponent("full.sqlite").path

        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let client = try signedIn(to: server)
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "Before"]).status, 201)

        let filler = mountPoint.appendingPathComponent("filler")
        fillDisk(with: filler)
        var refused: ReceivedResponse?
        for index in 0..<200 {
            // Until SQLite needs a page the disk no longer has (the WAL may have room left at first).
            let response = try client.request(.post, "/api/players", json: ["name": "While full \(index)", "favouriteTeam": String(repeating: "x", count: 100)])
            if response.status != 201 { refused = response; break }
        }
        let full = try XCTUnwrap(refused, "a write was refused once the disk was full")
        XCTAssertEqual(full.status, 507, full.text)
        XCTAssertEqual(try full.errorReason(), "the server's disk is full; nothing was saved, try again later")
        XCTAssertEqual(full.headers["Retry-After"], "60")
        XCTAssertEqual(try client.request(.get, "/api/players").status, 200, "reads go on")
        let health = try client.request(.get, "/health")
        XCTAssertEqual(health.status, 200, "the database answers: a full disk is not a broken server, and a restart would not help")
        XCTAssertEqual(try health.jsonObject()["status"] as? String, "degraded", health.text)
        XCTAssertEqual(try health.jsonObject()["reason"] as? String,
                       "the disk is full: writes are refused until space is freed (reads go on)")
        XCTAssertEqual(try client.request(.delete, "/api/players/987654").status, 404)
        XCTAssertEqual(try client.request(.get, "/health").jsonObject()["status"] as? String, "degraded",
                       "a write that changed nothing proves nothing about the disk")
        let check = try ServerProcess(arguments: ["healthcheck", "--url", "http://127.0.0.1:\(server.waitForPort() ?? 0)/health"])
        XCTAssertEqual(check.waitForExit(), 1, "Docker's health check says so")
        XCTAssertTrue(check.standardError.contains("degraded: the disk is full"), check.standardError)

        try FileManager.default.removeItem(at: filler)
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "After"]).status, 201, "space is back")
        XCTAssertEqual(try client.request(.get, "/health").jsonObject()["status"] as? String, "ok", "and the health with it")
        let names = try client.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }
        XCTAssertEqual(names.first, "Before")
        XCTAssertEqual(names.last, "After")
        server.terminate()
        XCTAssertNotNil(server.waitForExit())
        try assertSound(database)
    }

    func testADeletedFileIsReportedAndNoWriteIsAnsweredAsSaved() throws {
        let database = directory.appendingPathComponent("deleted.sqlite").path
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let client = try signedIn(to: server)
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "Kept"]).status, 201)

        try FileManager.default.removeItem(atPath: database)
        let refused = try client.request(.post, "/api/players", json: ["name": "Would be lost"])
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(try refused.errorReason(), "the database file was deleted under the running server; nothing was saved")
        try assertUnhealthy(server, reason: "the database file was deleted under the running server")
        XCTAssertEqual(try client.request(.get, "/api/players").status, 200, "reads from the open file go on")
    }

    func testAReplacedFileIsReported() throws {
        let database = directory.appendingPathComponent("replaced.sqlite").path
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let client = try signedIn(to: server)

        // What restoring a backup over a running server's file looks like: another inode at the path.
        let aside = database + ".aside"
        try FileManager.default.copyItem(atPath: database, toPath: aside)
        XCTAssertEqual(rename(aside, database), 0)
        let write = try client.request(.post, "/api/players", json: ["name": "Would go to the old file"])
        XCTAssertEqual(write.status, 503)
        XCTAssertEqual(try write.errorReason(), "the database file was replaced under the running server; nothing was saved")
        try assertUnhealthy(server, reason: "the database file was replaced under the running server")
    }

    func testAFileMadeReadOnlyRefusesWritesUntilItIsWritableAgain() throws {
        let database = directory.appendingPathComponent("readonly.sqlite").path
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let client = try signedIn(to: server)
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "Before"]).status, 201)

        XCTAssertEqual(chmod(database, 0o400), 0)
        let refused = try client.request(.post, "/api/players", json: ["name": "Refused"])
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(try refused.errorReason(), "the database file was made read-only; nothing was saved")
        try assertUnhealthy(server, reason: "the database file was made read-only")
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 1, "reads go on")

        XCTAssertEqual(chmod(database, 0o600), 0)
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "After"]).status, 201)
        XCTAssertEqual(try client.request(.get, "/health").status, 200)
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }, ["Before", "After"])
        server.terminate()
        XCTAssertNotNil(server.waitForExit())
        try assertSound(database)
    }

    // MARK: - Helpers

    private func signedIn(to server: ServerProcess) throws -> APIClient {
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let client = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)), token: nil)
        XCTAssertEqual(try client.request(.post, "/api/users", json: ["username": "keeper", "password": "correct horse battery"]).status, 201)
        let login = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("keeper", "correct horse battery")])
        client.token = try login.jsonObject()["token"] as? String
        return client
    }

    /// /health says 503 with the reason, and `gather-server healthcheck` exits non-zero.
    private func assertUnhealthy(_ server: ServerProcess, reason: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let port = try XCTUnwrap(server.waitForPort())
        let client = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)), token: nil)
        let health = try client.request(.get, "/health")
        XCTAssertEqual(health.status, 503, file: file, line: line)
        XCTAssertEqual(try health.jsonObject()["status"] as? String, "unavailable", file: file, line: line)
        XCTAssertEqual(try health.jsonObject()["reason"] as? String, reason, file: file, line: line)
        let check = try ServerProcess(arguments: ["healthcheck", "--url", "http://127.0.0.1:\(port)/health"])
        XCTAssertEqual(check.waitForExit(), 1, file: file, line: line)
    }

    private func assertSound(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let database = try Database(path: path, mode: .readOnly)
        XCTAssertEqual(try database.query("PRAGMA integrity_check").first?.string(0), "ok", file: file, line: line)
    }

    /// Writes to `url` until the file system says there is no space left.
    private func fillDisk(with url: URL) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    private func run(_ executable: String, _ arguments: String...) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
