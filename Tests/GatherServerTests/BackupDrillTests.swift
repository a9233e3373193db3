import Foundation
import HTTP
import Networking
import Storage
import TestSupport
import XCTest

/// docs/deploy.md's backups, as an operator runs them: deploy/gather-backup every night (copies
/// pruned here, sent to "another host": a second directory), `restore` refused under a running
/// server, then the restore drill from the docs, verbatim but for the other host's address.
final class BackupDrillTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-drill-\(UUID().uuidString)")
        for folder in ["live", "backups", "offsite"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// `sh -c script` with gather-server on the PATH; returns its status and both outputs together.
    private func shell(_ script: String, environment: [String: String] = [:]) throws -> CommandRun {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FG_") && !$0.key.hasPrefix("GATHER_") }
        env["PATH"] = ServerProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
        return try CommandRun("/bin/sh", ["-c", script], environment: env.merging(environment) { $1 })
    }

    private func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(folder)).filter { $0.hasSuffix(".sqlite") }.sorted()
    }

    func testNightlyCopiesLeaveTheHostAndTheDrillRestoresThem() throws {
        let database = path("live/football-gather.sqlite")
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        XCTAssertEqual(try api.request(.post, "/api/users", json: ["username": "ana", "password": "password-1"]).status, 201)
        let login = try api.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("ana", "password-1")])
        api.token = try XCTUnwrap(try login.jsonObject()["token"] as? String)
        XCTAssertEqual(try api.request(.post, "/api/players", json: ["name": "Kept"]).status, 201)

        // Three nights (three runs in a second: the names still differ), two copies kept here.
        let script = DeploymentTests.root.appendingPathComponent("deploy/gather-backup").path
        let settings = ["GATHER_DB": database, "GATHER_BACKUPS": path("backups"), "GATHER_KEEP": "2",
                        "GATHER_OFFSITE": path("offsite") + "/"]
        for _ in 0..<3 {
            let night = try shell(script, environment: settings)
            XCTAssertEqual(night.status, 0, night.output)
        }
        let kept = try names(in: "backups")
        XCTAssertEqual(kept.count, 2, kept.description)
        XCTAssertEqual(try names(in: "offsite").count, 3, "the other host keeps every copy it was sent")
        XCTAssertTrue(Set(try names(in: "backups")).isSubset(of: Set(try names(in: "offsite"))))

        // Written after the last copy: a restore brings the database back to before it.
        XCTAssertEqual(try api.request(.post, "/api/players", json: ["name": "Later"]).status, 201)
        let newest = path("backups/" + (try XCTUnwrap(try names(in: "backups").last)))
        let refused = try ServerProcess(arguments: ["restore", newest, "--db", database])
        XCTAssertEqual(refused.waitForExit(), 1)
        XCTAssertTrue(waitUntil { refused.standardError.contains("a server is running on a database in") }, refused.standardError)

        // The drill, as docs/deploy.md shows it, the other host being the second directory.
        let spare = try freePort()
        let drill = try DeployDocs.block(after: "**A restore drill.**")
            .replacingOccurrences(of: "backup@other-host:gather-backups/", with: path("offsite") + "/")
            .replacingOccurrences(of: "8099", with: String(spare))
        let run = try shell(drill)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("ana"), "user list shows the account:\n\(run.output)")
        XCTAssertTrue(run.output.contains("the copy serves"), run.output)

        // The real restore: stopped server, restored, started again; the current database kept aside.
        server.terminate()
        XCTAssertEqual(server.waitForExit(), 0)
        let restore = try ServerProcess(arguments: ["restore", newest, "--db", database])
        XCTAssertEqual(restore.waitForExit(), 0, restore.standardError)
        let aside = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: path("live")).first { $0.contains(".before-restore-") && !$0.hasSuffix(".sha256") })
        let restarted = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { restarted.terminate(); _ = restarted.waitForExit() }
        let again = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: try XCTUnwrap(restarted.waitForPort()),
                                                                   timeout: .seconds(5)), token: api.token)
        XCTAssertEqual(try again.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }, ["Kept"])
        let keptAside = try Database(path: path("live/" + aside), mode: .readOnly)
        XCTAssertEqual(Set(try keptAside.query("SELECT name FROM players").map { try $0.string(0) }), ["Kept", "Later"],
                       "what the restore replaced is kept")
    }

    /// The drill with nothing on the other host, and with a copy that changed after it was made:
    /// each stops at the restore, loudly, and nothing is served.
    func testTheDrillFailsWithoutABackupOrWithABackupThatChanged() throws {
        let drill = { () throws -> CommandRun in
            try self.shell(try DeployDocs.block(after: "**A restore drill.**")
                .replacingOccurrences(of: "backup@other-host:gather-backups/", with: self.path("offsite") + "/")
                .replacingOccurrences(of: "8099", with: String(try self.freePort())))
        }
        let empty = try drill()
        XCTAssertNotEqual(empty.status, 0, empty.output)
        XCTAssertFalse(empty.output.contains("the copy serves"), empty.output)
        XCTAssertTrue(empty.output.contains("restore failed: no file"), empty.output)

        // A real copy, then one byte of it changed: its sum no longer matches.
        let database = path("live/football-gather.sqlite")
        let made = try ServerProcess(arguments: ["migrate", "--db", database])
        XCTAssertEqual(made.waitForExit(), 0, made.standardError)
        let night = try shell(DeploymentTests.root.appendingPathComponent("deploy/gather-backup").path,
                              environment: ["GATHER_DB": database, "GATHER_BACKUPS": path("backups"), "GATHER_OFFSITE": path("offsite") + "/"])
        XCTAssertEqual(night.status, 0, night.output)
        let copy = path("offsite/" + (try XCTUnwrap(try names(in: "offsite").first)))
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy + ".sha256"), "the sum travels with the copy")
        let sum = try shell("cd '\(path("offsite"))' && sha256sum -c '\(copy.split(separator: "/").last ?? "").sha256'")
        XCTAssertEqual(sum.status, 0, "sha256sum -c agrees: \(sum.output)")
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: copy))
        try handle.seek(toOffset: 30_000)
        try handle.write(contentsOf: Data([0x5A]))
        try handle.close()
        let changed = try drill()
        XCTAssertNotEqual(changed.status, 0, changed.output)
        XCTAssertTrue(changed.output.contains("restore failed: "), changed.output)
        XCTAssertTrue(changed.output.contains("\(copy.split(separator: "/").last ?? "") is not the file its sum"), changed.output)
        XCTAssertFalse(changed.output.contains("the copy serves"), changed.output)
    }

    /// A port nothing listens on now (the drill's spare port, 8099 in the docs).
    private func freePort() throws -> Int {
        let probe = try ServerProcess(arguments: ["--port", "0", "--db", ":memory:", "--quiet"])
        let port = try XCTUnwrap(probe.waitForPort(), probe.standardError)
        probe.terminate()
        XCTAssertEqual(probe.waitForExit(), 0)
        return port
    }
}
