import Foundation
import GatherServer
import HTTP
import Networking
import Storage
import TestSupport
import XCTest

/// One server per database: a second gather-server on the same file refuses to start (exit 3),
/// naming the file and the process that serves it, while the commands an operator runs beside a
/// server (check, backup, user list, user add) keep working, and a server on another file of the
/// same directory starts.
final class OneServerPerDatabaseTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-one-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func serve(_ path: String) throws -> ServerProcess {
        try ServerProcess(arguments: ["--port", "0", "--db", path, "--quiet"])
    }

    func testASecondServerOnTheSameDatabaseRefusesToStartNamingTheFirst() throws {
        let path = directory.appendingPathComponent("gather.sqlite").path
        let first = try serve(path)
        defer { first.terminate(); _ = first.waitForExit() }
        let port = try XCTUnwrap(first.waitForPort(), first.standardError)

        let second = try serve(path)
        XCTAssertEqual(second.waitForExit(), 3, second.standardError)
        XCTAssertTrue(second.standardError.contains(
            "gather-server: another gather-server (process \(first.process.processIdentifier)) is serving \(path): one server per database"),
            second.standardError)
        XCTAssertFalse(second.standardOutput.contains("listening on"), second.standardOutput)

        // Beside it, what an operator runs on the host still works: reads, a backup, a new account.
        let add = try ServerProcess(arguments: ["user", "add", "ana", "--db", path], input: "correct horse battery\n")
        XCTAssertEqual(add.waitForExit(), 0, add.standardError)
        let list = try ServerProcess(arguments: ["user", "list", "--db", path])
        XCTAssertEqual(list.waitForExit(), 0, list.standardError)
        XCTAssertTrue(list.standardOutput.contains("ana"), list.standardOutput)
        let check = try ServerProcess(arguments: ["check", "--db", path])
        XCTAssertEqual(check.waitForExit(), 0, check.standardError + check.standardOutput)
        let copy = directory.appendingPathComponent("copy.sqlite").path
        let backup = try ServerProcess(arguments: ["backup", copy, "--db", path])
        XCTAssertEqual(backup.waitForExit(), 0, backup.standardError)
        let login = try APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
            .request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("ana", "correct horse battery")])
        XCTAssertEqual(login.status, 200, "the first server serves the account made beside it")

        // Another database in the same directory is another server's.
        let other = try serve(directory.appendingPathComponent("other.sqlite").path)
        defer { other.terminate(); _ = other.waitForExit() }
        XCTAssertNotNil(other.waitForPort(), other.standardError)

        // Once the first has stopped, the file is free again.
        first.terminate()
        XCTAssertEqual(first.waitForExit(), 0)
        let third = try serve(path)
        defer { third.terminate(); _ = third.waitForExit() }
        XCTAssertNotNil(third.waitForPort(), third.standardError)
    }

    /// The lock goes with the process: a server killed outright leaves nothing that keeps the
    /// next one out.
    func testAKilledServerLeavesTheDatabaseFree() throws {
        let path = directory.appendingPathComponent("gather.sqlite").path
        let first = try serve(path)
        XCTAssertNotNil(first.waitForPort(), first.standardError)
        first.terminate(signal: SIGKILL)
        _ = first.waitForExit()
        XCTAssertTrue(FileManager.default.fileExists(atPath: DatabaseServerLock.path(of: path)))
        let next = try serve(path)
        defer { next.terminate(); _ = next.waitForExit() }
        XCTAssertNotNil(next.waitForPort(), next.standardError)
    }

    /// In one process too: a second server on the file is refused, and the lock is let go at shutdown.
    func testTheLockIsHeldUntilShutdown() throws {
        let path = directory.appendingPathComponent("gather.sqlite").path
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = path
        configuration.quiet = true
        let first = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        XCTAssertThrowsError(try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))) { error in
            XCTAssertEqual(error as? DatabaseServerLock.Failure, .alreadyServed(database: path, process: getpid()))
        }
        first.shutdown()
        let second = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        second.shutdown()
    }

    /// A server once started as root (a quick test by hand) leaves its lock file to the database
    /// directory's owner, so the service, started as that user afterwards, still takes it.
    func testALockFileMadeByRootIsTheServicesToo() throws {
        let data = directory.appendingPathComponent("data").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        XCTAssertEqual(chown(data, 65_534, 65_534), 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let path = data + "/gather.sqlite"
        let byRoot = try serve(path)
        XCTAssertNotNil(byRoot.waitForPort(), byRoot.standardError)
        byRoot.terminate()
        XCTAssertEqual(byRoot.waitForExit(), 0)
        let owner = try FileManager.default.attributesOfItem(atPath: DatabaseServerLock.path(of: path))[.ownerAccountID] as? Int
        XCTAssertEqual(owner, 65_534)
        XCTAssertEqual(chown(path, 65_534, 65_534), 0)
        let byService = try ServerProcess(arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", ServerProcess.executable.path,
                                                      "--port", "0", "--db", path, "--quiet"],
                                          executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        defer { byService.terminate(); _ = byService.waitForExit() }
        XCTAssertNotNil(byService.waitForPort(), byService.standardError)
    }
}
