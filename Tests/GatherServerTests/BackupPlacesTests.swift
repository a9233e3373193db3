import Foundation
import HTTP
import Networking
import Storage
import TestSupport
import XCTest

/// A backup checks and restores from wherever it lies, read-only places included (another user's
/// directory, a snapshot of a live server's files in WAL mode, with its `-wal`), and nothing is
/// written there; and a backup made as root belongs to the database's owner, so the service's own
/// nightly job can still prune it.
final class BackupPlacesTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Others may pass through to the folders below (each says who may write in it).
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// gather-server run as nobody (uid 65534), who may read the snapshot but write nowhere near it.
    private func asNobody(_ arguments: [String]) throws -> ServerProcess {
        let run = try ServerProcess(arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", ServerProcess.executable.path] + arguments,
                                    executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        _ = run.waitForExit()
        return run
    }

    private func folder(_ name: String, owner: uid_t, mode: Int) throws -> String {
        let folder = path(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(chown(folder, owner, owner), 0)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: folder)
        return folder
    }

    func testASnapshotAndABackupInAnotherUsersReadOnlyDirectoryCheckAndRestore() throws {
        let live = path("live/football-gather.sqlite")
        let server = try ServerProcess(arguments: ["--port", "0", "--db", live, "--quiet"])
        defer { server.terminate(); _ = server.waitForExit() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        XCTAssertEqual(try api.request(.post, "/api/users", json: ["username": "ana", "password": "password-1"]).status, 201)
        let login = try api.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("ana", "password-1")])
        api.token = try XCTUnwrap(try login.jsonObject()["token"] as? String)
        XCTAssertEqual(try api.request(.post, "/api/players", json: ["name": "In the log"]).status, 201)

        // Root's folder, readable by all, writable by root alone: a snapshot of the live files as
        // they are (the last write still in the -wal), and a backup with its sum.
        let snapshot = try folder("snapshot", owner: 0, mode: 0o755)
        XCTAssertTrue(FileManager.default.fileExists(atPath: live + "-wal"))
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: live + suffix, toPath: snapshot + "/live.sqlite" + suffix) }
        let backup = try ServerProcess(arguments: ["backup", snapshot + "/backup.sqlite", "--db", live])
        XCTAssertEqual(backup.waitForExit(), 0, backup.standardError)
        for file in try FileManager.default.contentsOfDirectory(atPath: snapshot) {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: snapshot + "/" + file)
        }
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: snapshot))

        let checkedBackup = try asNobody(["check", "--db", snapshot + "/backup.sqlite"])
        XCTAssertEqual(checkedBackup.process.terminationStatus, 0, checkedBackup.standardError)
        XCTAssertTrue(checkedBackup.standardOutput.contains("is sound: SHA-256 matches its sum, integrity checked"), checkedBackup.standardOutput)
        let checkedSnapshot = try asNobody(["check", "--db", snapshot + "/live.sqlite"])
        XCTAssertEqual(checkedSnapshot.process.terminationStatus, 0, checkedSnapshot.standardError)

        let restored = try folder("restored", owner: 65_534, mode: 0o700)
        for (file, into) in [("live.sqlite", "from-snapshot.sqlite"), ("backup.sqlite", "from-backup.sqlite")] {
            let restore = try asNobody(["restore", snapshot + "/" + file, "--db", restored + "/" + into])
            XCTAssertEqual(restore.process.terminationStatus, 0, restore.standardError)
            XCTAssertTrue(restore.standardOutput.contains("integrity checked, opened as the server opens it"), restore.standardOutput)
            let names = try Database(path: restored + "/" + into, mode: .readOnly).query("SELECT name FROM players").map { try $0.string(0) }
            XCTAssertEqual(names, ["In the log"], "\(file): the write still in the -wal is restored too")
        }
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: snapshot)), before, "nothing written where the copies lie")
    }

    func testABackupMadeAsRootBelongsToTheDatabasesOwner() throws {
        let data = try folder("data", owner: 65_534, mode: 0o700)
        let database = data + "/football-gather.sqlite"
        let made = try asNobody(["migrate", "--db", database])
        XCTAssertEqual(made.process.terminationStatus, 0, made.standardError)
        let backups = try folder("backups", owner: 65_534, mode: 0o700)

        // Root's run (a `docker exec`, a sudo by hand)…
        let byRoot = try ServerProcess(arguments: ["backup", "--db", database, "--to", backups])
        XCTAssertEqual(byRoot.waitForExit(), 0, byRoot.standardError)
        for file in try FileManager.default.contentsOfDirectory(atPath: backups) {
            let owner = try FileManager.default.attributesOfItem(atPath: backups + "/" + file)[.ownerAccountID] as? Int
            XCTAssertEqual(owner, 65_534, "\(file) belongs to the database's owner")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: backups).count, 2, "a copy and its sum")
        // …then the service's own nightly run, which prunes it.
        let nightly = try asNobody(["backup", "--db", database, "--to", backups, "--keep", "1"])
        XCTAssertEqual(nightly.process.terminationStatus, 0, nightly.standardError)
        XCTAssertTrue(nightly.standardOutput.contains("removed the older copy"), nightly.standardOutput)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: backups).count, 2, "the new copy and its sum")
    }
}
