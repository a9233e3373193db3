import Foundation
import GatherDomain
import HTTP
import Networking
import Storage
import TestSupport
import XCTest

/// `gather-server backup`, `migrate` and `check` against live files, and the JSON access log.
final class OperationsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-ops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    func testBackupWhileAWriterKeepsCreatingPlayers() throws {
        // The writer goes as fast as the server answers for as long as the backup runs: what is
        // checked is that every write is acknowledged meanwhile, not the account's pace or quota,
        // which would refuse it once the backup outlasts 300 writes (a loaded machine's slow start).
        let server = try TestServer { configuration in
            configuration.limits.writeBurst = 10_000_000
            configuration.limits.playersPerAccount = 10_000_000
        }
        defer { server.stop() }
        let (client, _) = try server.registeredClient(username: "backup", password: "password-1")
        let token = try XCTUnwrap(client.token)

        // A writer on its own connection, creating players until told to stop.
        let writer = PlayerWriter(port: server.port, token: token)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            writer.run()
            done.signal()
        }
        XCTAssertTrue(waitUntil { writer.acknowledged.count >= 20 })
        let acknowledgedBefore = writer.acknowledged

        let copy = directory.appendingPathComponent("copy.sqlite").path
        let backup = try ServerProcess(arguments: ["backup", copy, "--db", server.databasePath])
        XCTAssertEqual(backup.waitForExit(timeout: 30), 0, backup.standardError)
        // Sampled the moment the backup process has gone: writes were acknowledged while it ran.
        XCTAssertGreaterThan(writer.acknowledged.count, acknowledgedBefore.count, "the writer went on during the backup")
        writer.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(writer.failures, 0)

        // The copy is sound and holds everything acknowledged before the backup started.
        let database = try Database(path: copy, mode: .readOnly)
        XCTAssertEqual(try database.query("PRAGMA integrity_check").first?.string(0), "ok")
        let names = Set(try database.query("SELECT name FROM players").map { try $0.string(0) })
        XCTAssertTrue(acknowledgedBefore.isSubset(of: names), "missing: \(acknowledgedBefore.subtracting(names))")

        // gather-server serves the copy; the token in it still works.
        let restored = try ServerProcess(arguments: ["--port", "0", "--db", copy, "--quiet"])
        let port = try XCTUnwrap(restored.waitForPort(), restored.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: token)
        let served = Set(try api.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String })
        XCTAssertTrue(acknowledgedBefore.isSubset(of: served))
        restored.terminate()
        XCTAssertEqual(restored.waitForExit(), 0)

        // A second backup to the same path is refused without --force, allowed with it.
        let again = try ServerProcess(arguments: ["backup", copy, "--db", server.databasePath])
        XCTAssertEqual(again.waitForExit(), 1)
        XCTAssertTrue(waitUntil { again.standardError.contains("already exists (use --force to overwrite)") }, again.standardError)
        let forced = try ServerProcess(arguments: ["backup", copy, "--force", "--db", server.databasePath])
        XCTAssertEqual(forced.waitForExit(timeout: 30), 0, forced.standardError)
    }

    /// `--db :memory:` keeps nothing, but serves like any other: a write whose handler writes
    /// again inside it (the roster's quota) once waited for itself and stalled the server.
    func testAMemoryDatabaseServesWrites() throws {
        let server = try TestServer { $0.databasePath = ":memory:" }
        defer { server.stop() }
        let (client, _) = try server.registeredClient()
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "Ana"]).status, 201)
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }, ["Ana"])
        XCTAssertEqual(try server.client().request(.get, "/health").status, 200)
    }

    func testMigrateCreatesAndThenLeavesTheSchemaAlone() throws {
        let path = directory.appendingPathComponent("fresh.sqlite").path
        let first = try ServerProcess(arguments: ["migrate", "--db", path])
        XCTAssertEqual(first.waitForExit(), 0, first.standardError)
        XCTAssertTrue(waitUntil { first.standardOutput.contains("from schema version 0 to \(Schema.migrator.latestVersion)") },
                      first.standardOutput)
        let second = try ServerProcess(arguments: ["migrate"], environment: ["FG_DB_PATH": path])
        XCTAssertEqual(second.waitForExit(), 0)
        XCTAssertTrue(waitUntil { second.standardOutput.contains("nothing to do") }, second.standardOutput)
    }

    func testCheckFindsRecordsThatDisagreeWithTheMatchesAndRepairsThem() throws {
        let path = directory.appendingPathComponent("records.sqlite").path
        try {
            let pool = try DatabasePool(path: path, configuration: DatabasePool.Configuration())
            defer { pool.close() }
            try pool.write { database in
                let owner = try UserRepository(database).create(id: UUID(), username: "ana", passwordHash: "hash",
                                                                at: Date(timeIntervalSince1970: 1_700_000_000)).id
                let player = try PlayerRepository(database).insert(PlayerDetails(name: "Ana"), owner: owner).id
                let gathers = GatherRepository(database)
                let id = try gathers.insert(id: UUID(), owner: owner, result: GatherResult(score: try XCTUnwrap(Score("2-1"))),
                                            createdAt: Date(timeIntervalSince1970: 1_700_000_000)).gather.id
                try gathers.assign(playerID: player, to: id, owner: owner, team: .teamA)
            }
        }()

        let sound = try ServerProcess(arguments: ["check", "--db", path])
        XCTAssertEqual(sound.waitForExit(), 0, sound.standardError)
        XCTAssertTrue(waitUntil { sound.standardOutput.contains("is sound") }, sound.standardOutput)

        // A copy whose kept record lost a win.
        try {
            let pool = try DatabasePool(path: path, configuration: DatabasePool.Configuration())
            defer { pool.close() }
            try pool.write { try $0.execute("UPDATE player_records SET won = 0, lost = 1") }
        }()
        let found = try ServerProcess(arguments: ["check", "--db", path])
        XCTAssertEqual(found.waitForExit(), 1)
        XCTAssertTrue(waitUntil { found.standardError.contains("is not the sum of their results") }, found.standardError)

        // A rebuild waits for the server to stop: its writes would wait on the rebuild.
        let running = try ServerProcess(arguments: ["--port", "0", "--db", path])
        XCTAssertNotNil(running.waitForPort(), running.standardError)
        let refused = try ServerProcess(arguments: ["check", "--repair", "--db", path])
        XCTAssertEqual(refused.waitForExit(), 1)
        XCTAssertTrue(waitUntil { refused.standardError.contains("a server is running") }, refused.standardError)
        running.terminate()
        XCTAssertEqual(running.waitForExit(), 0)

        let repaired = try ServerProcess(arguments: ["check", "--repair", "--db", path])
        XCTAssertEqual(repaired.waitForExit(), 0, repaired.standardError)
        XCTAssertTrue(waitUntil { repaired.standardOutput.contains("rebuilt the players' records") }, repaired.standardOutput)
        let after = try ServerProcess(arguments: ["check", "--db", path])
        XCTAssertEqual(after.waitForExit(), 0, after.standardError)

        // A file of an older schema is not migrated by a check: that is the operator's step.
        try {
            let pool = try DatabasePool(path: path, configuration: DatabasePool.Configuration())
            defer { pool.close() }
            try pool.write { try $0.executeScript("PRAGMA user_version = 15") }
        }()
        let older = try ServerProcess(arguments: ["check", "--db", path])
        XCTAssertEqual(older.waitForExit(), 1)
        XCTAssertTrue(waitUntil { older.standardError.contains("run gather-server migrate first") }, older.standardError)
        XCTAssertEqual(try Database(path: path, mode: .readOnly).userVersion(), 15, "left as it was")

        let missing = try ServerProcess(arguments: ["check", "--db", directory.appendingPathComponent("nothing.sqlite").path])
        XCTAssertEqual(missing.waitForExit(), 1)
        XCTAssertTrue(waitUntil { missing.standardError.contains("no database at") }, missing.standardError)

        // A trigger planted in the file is no damage SQLite sees, but not this gather-server's schema.
        let planted = directory.appendingPathComponent("planted.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: planted)
        try {
            let database = try Database(path: planted)
            try database.executeScript("PRAGMA user_version = \(Schema.migrator.latestVersion)")
            try database.execute("CREATE TRIGGER planted AFTER INSERT ON memberships BEGIN DELETE FROM players; END")
        }()
        let foreign = try ServerProcess(arguments: ["check", "--db", planted])
        XCTAssertEqual(foreign.waitForExit(), 1)
        XCTAssertTrue(waitUntil { foreign.standardError.contains("trigger planted is not one this gather-server makes") }, foreign.standardError)

        // Opened, a FIFO would wait for a writer that never comes: refused at once.
        let fifo = directory.appendingPathComponent("database.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let notAFile = try ServerProcess(arguments: ["check", "--db", fifo])
        XCTAssertEqual(notAFile.waitForExit(), 1)
        XCTAssertTrue(waitUntil { notAFile.standardError.contains("is a FIFO, not a database file") }, notAFile.standardError)
    }

    func testJSONLogLinesParseAndHoldNoSecrets() throws {
        let password = "very-secret-password"
        let server = try ServerProcess(arguments: ["--port", "0", "--db", directory.appendingPathComponent("log.sqlite").path,
                                                   "--log-format", "json"])
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        XCTAssertEqual(try api.request(.post, "/api/users", json: ["username": "logger", "password": password]).status, 201)
        let login = try api.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("logger", password)])
        let token = try XCTUnwrap(try login.jsonObject()["token"] as? String)
        api.token = token
        XCTAssertEqual(try api.request(.get, "/api/players?token=\(token)").status, 200)
        XCTAssertEqual(try api.request(.get, "/api/players/999").status, 404)
        server.terminate()
        XCTAssertEqual(server.waitForExit(), 0)

        // The start-up line is JSON too: where, which version, which schema.
        let startup = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(server.standardOutput.split(separator: "\n").first.map {
            Array($0.utf8) } ?? [])) as? [String: Any], server.standardOutput)
        XCTAssertEqual(startup["url"] as? String, "http://127.0.0.1:\(port)")
        XCTAssertEqual(startup["version"] as? String, FootballGather.version)
        XCTAssertEqual(startup["schemaVersion"] as? Int, Schema.migrator.latestVersion)
        XCTAssertEqual(startup["level"] as? String, "info")

        let lines = server.standardError.split(separator: "\n").map(String.init)
        let accessLines = lines.filter { $0.contains("\"method\"") }
        XCTAssertEqual(accessLines.count, 4, server.standardError)
        for line in lines {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
            XCTAssertNotNil(object["time"])
            XCTAssertNotNil(object["level"])
            XCTAssertFalse(line.contains(password), "password in log: \(line)")
            XCTAssertFalse(line.contains(token), "token in log: \(line)")
            XCTAssertFalse(line.contains("Basic "), "Authorization in log: \(line)")
        }
        let first = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(accessLines[0].utf8)) as? [String: Any])
        XCTAssertEqual(first["method"] as? String, "POST")
        XCTAssertEqual(first["path"] as? String, "/api/users")
        XCTAssertEqual(first["status"] as? Int, 201)
        XCTAssertNotNil(first["durationMs"] as? Double)
        XCTAssertNotNil(first["requestId"] as? Int)
        XCTAssertEqual(first["client"] as? String, "127.0.0.1")
    }

    func testClosedRegistrationWithAccountsMadeOnTheHost() throws {
        let database = directory.appendingPathComponent("closed.sqlite").path
        let added = try ServerProcess(arguments: ["user", "add", "Organiser", "--db", database], input: "pitch-side-pass\n")
        XCTAssertEqual(added.waitForExit(), 0, added.standardError)
        XCTAssertTrue(added.standardOutput.contains("created user Organiser"), added.standardOutput)
        let again = try ServerProcess(arguments: ["user", "add", "ORGANISER", "--db", database], input: "pitch-side-pass\n")
        XCTAssertEqual(again.waitForExit(), 1)
        XCTAssertTrue(again.standardError.contains("username is already taken"), again.standardError)
        let weak = try ServerProcess(arguments: ["user", "add", "weak", "--db", database], input: "short\n")
        XCTAssertEqual(weak.waitForExit(), 1)
        XCTAssertTrue(weak.standardError.contains("password must be 8–256 characters"), weak.standardError)

        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"],
                                       environment: ["FG_REGISTRATION": "closed"])
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        XCTAssertEqual(try api.request(.post, "/api/users", json: ["username": "stranger", "password": "long-enough"]).status, 403)
        let login = try api.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("organiser", "pitch-side-pass")])
        XCTAssertEqual(login.status, 200, login.text)
        server.terminate()
        XCTAssertEqual(server.waitForExit(), 0)
    }

    func testTrustedProxyNamesTheClient() throws {
        let server = try ServerProcess(arguments: ["--port", "0", "--db", ":memory:", "--log-format", "json", "--trust-proxy"])
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5))
        // The client wrote the first entry; the proxy appended the address it saw.
        _ = try connection.send(method: .get, target: "/health", headers: ["X-Forwarded-For": "203.0.113.66, 198.51.100.7"],
                                timeout: .seconds(5))
        server.terminate()
        XCTAssertEqual(server.waitForExit(), 0, server.standardError)
        XCTAssertTrue(server.standardError.contains("\"client\":\"198.51.100.7\""), server.standardError)
        XCTAssertFalse(server.standardError.contains("203.0.113.66"), server.standardError)
    }
}

/// Creates players one after another and remembers which the server acknowledged.
final class PlayerWriter: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<String> = []
    private var failed = 0
    private var stopped = false
    let port: Int
    let token: String

    init(port: Int, token: String) {
        self.port = port
        self.token = token
    }

    var acknowledged: Set<String> { lock.withLock { names } }
    var failures: Int { lock.withLock { failed } }
    func stop() { lock.withLock { stopped = true } }

    func run() {
        guard let connection = try? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)) else {
            lock.withLock { failed += 1 }
            return
        }
        var index = 0
        while !lock.withLock({ stopped }) && index < 100_000 {
            let name = "Writer \(index)"
            index += 1
            let response = try? connection.send(method: .post, target: "/api/players",
                                                headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                                                body: Array("{\"name\":\"\(name)\"}".utf8), timeout: .seconds(5))
            lock.withLock {
                if response?.status == 201 { names.insert(name) } else { failed += 1 }
            }
        }
    }
}
