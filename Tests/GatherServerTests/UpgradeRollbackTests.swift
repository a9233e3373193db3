import Foundation
import HTTP
import Networking
import Storage
import TestSupport
import XCTest

/// An upgrade as docs/deploy.md has it: a database of the previous schema version, migrated by
/// this gather-server's start with a checked copy of it kept first, then rolled back with the
/// docs' "Rolling back" steps, verbatim but for the paths and the previous release's binary.
final class UpgradeRollbackTests: XCTestCase {
    private var directory: URL!
    private var database: String { directory.appendingPathComponent("football-gather.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-upgrade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A database as the previous schema version left it, with an account: made by this binary,
    /// then brought back to the schema the previous version makes (`downgrade`).
    private func previousVersionDatabase() throws -> Int {
        let made = try ServerProcess(arguments: ["user", "add", "ana", "--db", database], input: "first-password\n")
        XCTAssertEqual(made.waitForExit(), 0, made.standardError)
        let previous = Schema.migrator.latestVersion - 1
        try downgrade(try Database(path: database), to: previous)
        XCTAssertEqual(try Database(path: database, mode: .readOnly).schemaDifferences(), [], "exactly the previous version's schema")
        return previous
    }

    /// Undoes the newest migrations' schema as far as `version` makes it: what that version has not
    /// (triggers, indexes, tables, columns) goes, what it has otherwise comes back as it has it.
    /// The data stays: the migrations since only added.
    private func downgrade(_ file: Database, to version: Int) throws {
        let reference = try Database(path: ":memory:")
        try Migrator(migrations: Schema.migrator.migrations.filter { $0.version <= version }).migrate(reference)
        func objects(_ database: Database) throws -> [String: (type: String, sql: String)] {
            var found: [String: (type: String, sql: String)] = [:]
            for row in try database.query("SELECT type, name, coalesce(sql, '') FROM sqlite_schema WHERE name NOT LIKE 'sqlite%'") {
                found[try row.string(1)] = (try row.string(0), try row.string(2))
            }
            return found
        }
        let wanted = try objects(reference)
        let present = try objects(file)
        try file.executeScript("PRAGMA foreign_keys = OFF")
        for (name, object) in present where object.type != "table" && wanted[name]?.sql != object.sql {
            try file.executeScript("DROP \(object.type.uppercased()) \(name)")
        }
        for (name, object) in present where object.type == "table" {
            guard let kept = wanted[name] else {
                try file.executeScript("DROP TABLE \(name)")
                continue
            }
            guard kept.sql != object.sql else { continue }
            let columns = { (database: Database) in try database.query("SELECT name FROM pragma_table_info('\(name)')").map { try $0.string(0) } }
            for column in try columns(file) where try !columns(reference).contains(column) {
                try file.executeScript("ALTER TABLE \(name) DROP COLUMN \(column)")
            }
        }
        let now = try objects(file)
        for (name, object) in wanted.sorted(by: { $0.key < $1.key }) where object.type != "table" && now[name] == nil {
            try file.executeScript(object.sql)
        }
        try file.executeScript("PRAGMA user_version = \(version)")
    }

    func testAnUpgradeKeepsTheDatabaseAsItWasAndTheDocsRollItBack() throws {
        let previous = try previousVersionDatabase()
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let copy = MigrationCopy.path(of: database, version: previous)
        XCTAssertTrue(server.standardOutput.contains("migrated from \(previous); as it was: \(copy)"), server.standardOutput)
        XCTAssertEqual(try BackupSum.verify(copy), .verified(try BackupSum.digest(of: copy)), "checked, its sum beside it")
        XCTAssertEqual(try Database(path: copy, mode: .readOnly).userVersion(), previous)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        let login = try api.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("ana", "first-password")])
        XCTAssertEqual(login.status, 200, "the upgraded server serves what was there")
        api.token = try login.jsonObject()["token"] as? String
        XCTAssertEqual(try api.request(.post, "/api/players", json: ["name": "After the upgrade"]).status, 201)
        server.terminate()
        XCTAssertEqual(server.waitForExit(), 0)

        // The docs' rollback: systemd's stop is done above; the previous release's binary is not
        // at hand here, so its install is left out; the rest as written.
        let steps = try DeployDocs.block(after: "## Rolling back").split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("systemctl ") && !$0.hasPrefix("install ") }
            .joined(separator: "\n")
            .replacingOccurrences(of: "/var/lib/gather-server", with: directory.path)
            .replacingOccurrences(of: "before-migration-v22", with: "before-migration-v\(previous)")
        let rollback = try CommandRun("/bin/sh", ["-euc", steps], environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(rollback.status, 0, rollback.output)
        XCTAssertTrue(rollback.output.contains("before-migration-v\(previous): OK"), "sha256sum -c agrees: \(rollback.output)")

        let restored = try Database(path: database, mode: .readOnly)
        XCTAssertEqual(try restored.userVersion(), previous, "what the previous release wrote and reads")
        XCTAssertEqual(try restored.query("SELECT username FROM users").map { try $0.string(0) }, ["ana"])
        XCTAssertEqual(try restored.query("SELECT count(*) FROM players").first?.int(0), 0, "as it was before the upgrade")
        let aside = try Database(path: database + ".after-upgrade", mode: .readOnly)
        XCTAssertEqual(try aside.query("SELECT name FROM players").map { try $0.string(0) }, ["After the upgrade"], "kept aside")
    }

    /// A backup of the previous version restored: migrated as it is restored, and nothing of the
    /// restore's trial (its copy, a copy kept before migrating it) left beside the database.
    func testAnOlderBackupIsRestoredMigratedAndLeavesNothingBehind() throws {
        let previous = try previousVersionDatabase()
        let backup = directory.appendingPathComponent("older.sqlite").path
        let made = try ServerProcess(arguments: ["backup", backup, "--db", database])
        XCTAssertEqual(made.waitForExit(), 0, made.standardError)
        let target = directory.appendingPathComponent("restored/football-gather.sqlite").path
        try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("restored").path, withIntermediateDirectories: true)
        let restore = try ServerProcess(arguments: ["restore", backup, "--db", target])
        XCTAssertEqual(restore.waitForExit(), 0, restore.standardError)
        XCTAssertTrue(restore.standardOutput.contains("(schema version \(previous), migrated to \(Schema.migrator.latestVersion))"),
                      restore.standardOutput)
        XCTAssertEqual(try Database(path: target, mode: .readOnly).userVersion(), Schema.migrator.latestVersion)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("restored").path)
        XCTAssertEqual(left.filter { !$0.hasPrefix("football-gather.sqlite-") }, ["football-gather.sqlite"], "\(left)")
    }

    /// No copy, no migration: a copy that cannot be made stops the start with nothing changed.
    func testAnUpgradeThatCannotKeepItsCopyDoesNotMigrate() throws {
        let previous = try previousVersionDatabase()
        // Where the copy goes, a directory: it cannot be written.
        try FileManager.default.createDirectory(atPath: MigrationCopy.path(of: database, version: previous), withIntermediateDirectories: true)
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        XCTAssertEqual(server.waitForExit(), 1, server.standardError)
        XCTAssertTrue(server.standardError.contains("could not keep a copy of the database as it was before migrating"), server.standardError)
        XCTAssertEqual(try Database(path: database, mode: .readOnly).userVersion(), previous, "nothing migrated")
    }

    func testCopiesOlderThanTwoWeeksAreRemovedAtAStart() throws {
        let previous = try previousVersionDatabase()
        let first = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        XCTAssertNotNil(first.waitForPort(), first.standardError)
        first.terminate()
        _ = first.waitForExit()
        let copy = MigrationCopy.path(of: database, version: previous)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy))
        XCTAssertEqual(MigrationCopy.prune(beside: database), [], "not yet")
        let old = Date().addingTimeInterval(-15 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: copy)
        let later = try ServerProcess(arguments: ["--port", "0", "--db", database])
        defer { later.terminate(); _ = later.waitForExit() }
        XCTAssertNotNil(later.waitForPort(), later.standardError)
        XCTAssertTrue(waitUntil { later.standardError.contains("removed \(copy), the copy kept from before an earlier migration") },
                      later.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
        XCTAssertFalse(FileManager.default.fileExists(atPath: BackupSum.path(of: copy)))
    }
}
