import Foundation
@testable import Storage
import XCTest

/// `gather-server restore`: a checked backup back in place, the current database kept aside, and
/// never under a running server unless forced.
final class DatabaseRestoreTests: StorageTestCase {
    private func database(withUsers names: [String], at file: String) throws {
        let pool = try DatabasePool(path: file)
        defer { pool.close() }
        for name in names {
            _ = try pool.write { try UserRepository($0).create(id: UUID(), username: name, passwordHash: "hash", at: Date()) }
        }
    }

    private func usernames(_ file: String) throws -> [String] {
        try Database(path: file, mode: .readOnly).query("SELECT username FROM users ORDER BY username").map { try $0.string(0) }
    }

    func testARestoreBringsTheBackupBackAndKeepsWhatWasThereAside() throws {
        let live = path("football-gather.sqlite")
        try database(withUsers: ["ana", "ben"], at: live)
        let backup = path("backup.sqlite")
        try DatabaseBackup.copy(from: live, to: backup, overwrite: false)
        // After the backup: a third account, still only in the WAL when the process "crashes" (the
        // files copied as they are while the pool is open: nothing checkpointed, nothing closed).
        let pool = try DatabasePool(path: live)
        _ = try pool.write { try UserRepository($0).create(id: UUID(), username: "cleo", passwordHash: "hash", at: Date()) }
        let crashed = path("crashed/football-gather.sqlite")
        try FileManager.default.createDirectory(atPath: path("crashed"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: live, toPath: crashed)
        try FileManager.default.copyItem(atPath: live + "-wal", toPath: crashed + "-wal")
        pool.close()
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: crashed + "-wal")[.size] as? Int ?? 0, 0,
                             "cleo is in the WAL only")
        let moment = Date(timeIntervalSince1970: 1_795_000_000)

        let outcome = try DatabaseRestore.run(from: backup, into: crashed, force: false, now: moment)
        XCTAssertEqual(outcome.keptAside, crashed + ".before-restore-20261118T110640Z")
        XCTAssertFalse(outcome.serverWasRunning)
        XCTAssertEqual(try usernames(crashed), ["ana", "ben"])
        XCTAssertEqual(try usernames(crashed + ".before-restore-20261118T110640Z"), ["ana", "ben", "cleo"],
                       "what only the WAL held is in the copy kept aside")
        let reopened = try DatabasePool(path: crashed)
        XCTAssertEqual(try reopened.read { try $0.query("PRAGMA journal_mode").first?.string(0) }, "wal")
        reopened.close()
    }

    func testARestoreRefusesWhileAServerHoldsTheDirectoryUnlessForced() throws {
        let live = path("football-gather.sqlite")
        try database(withUsers: ["ana"], at: live)
        let backup = path("backup.sqlite")
        try DatabaseBackup.copy(from: live, to: backup, overwrite: false)
        var serving: DatabaseDirectoryLock? = try DatabaseDirectoryLock(.serving, databasePath: live)
        XCTAssertThrowsError(try DatabaseRestore.run(from: backup, into: live, force: false)) { error in
            XCTAssertEqual(error as? DatabaseDirectoryLock.Failure, .serverRunning(directory: directory.path))
        }
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.contains("before-restore") },
                       "refused before anything was touched")
        let forced = try DatabaseRestore.run(from: backup, into: live, force: true)
        XCTAssertTrue(forced.serverWasRunning)
        serving = nil

        // While a restore runs, a server does not start on the directory.
        let restoring = try DatabaseDirectoryLock(.restoring, databasePath: live)
        XCTAssertThrowsError(try DatabaseDirectoryLock(.serving, databasePath: live)) { error in
            XCTAssertEqual(error as? DatabaseDirectoryLock.Failure, .restoreUnderWay(directory: directory.path))
        }
        restoring.release()
        XCTAssertNoThrow(try DatabaseDirectoryLock(.serving, databasePath: live))
        _ = serving
    }

    func testWhatIsNotASoundGatherBackupIsRefusedAndNothingTouched() throws {
        let live = path("football-gather.sqlite")
        try database(withUsers: ["ana"], at: live)
        let before = try Data(contentsOf: URL(fileURLWithPath: live))

        let text = path("notes.txt")
        try Data("not a database at all, but long enough to look like one's header".utf8).write(to: URL(fileURLWithPath: text))
        let other = path("other.sqlite")
        try Database(path: other).execute("CREATE TABLE things (id INTEGER)")
        let newer = path("newer.sqlite")
        try DatabaseBackup.copy(from: live, to: newer, overwrite: false)
        try Database(path: newer).execute("PRAGMA user_version = \(Schema.migrator.latestVersion + 1)")
        // Files made otherwise than by `backup` (or before sums) have none: the checks below still hold.
        unlink(BackupSum.path(of: newer))
        let damaged = path("damaged.sqlite")
        try database(withUsers: (0..<400).map { "player\($0)" }, at: damaged)
        try PageDamage.swapLeafPages(of: "sqlite_autoindex_users_1", in: damaged)

        // Sound, but with a trigger of someone else's: every new group would get a stranger as owner.
        let planted = path("planted.sqlite")
        try DatabaseBackup.copy(from: live, to: planted, overwrite: false)
        try Database(path: planted).execute("""
            CREATE TRIGGER stranger_owns_every_group AFTER INSERT ON memberships
            BEGIN INSERT OR IGNORE INTO memberships (group_id, user_id, role, joined_at) SELECT NEW.group_id, id, 'owner', 0 FROM users LIMIT 1; END
            """)
        unlink(BackupSum.path(of: planted))
        // A backup changed after it was made, its sum beside it: refused before it is even opened.
        let tampered = path("tampered.sqlite")
        let made = try DatabaseBackup.copy(from: live, to: tampered, overwrite: false)
        try Database(path: tampered).execute("UPDATE users SET username = 'mallory'")
        let fifo = path("backup.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let cases: [(String, (Error) -> Bool)] = [
            (path("missing.sqlite"), { ($0 as? DatabaseRestore.Failure) == .fileMissing(self.path("missing.sqlite")) }),
            (directory.path, { ($0 as? DatabaseRestore.Failure) == .notAFile(self.directory.path, kind: "a directory") }),
            // Opened, a FIFO would wait for a writer that never comes.
            (fifo, { ($0 as? DatabaseRestore.Failure) == .notAFile(fifo, kind: "a FIFO") }),
            (planted, { ($0 as? DatabaseRestore.Failure) == .unexpectedSchema(planted, differences: [
                "trigger stranger_owns_every_group is not one this gather-server makes",
            ]) }),
            (text, { if case .unreadable? = $0 as? DatabaseRestore.Failure { return true } else { return false } }),
            (other, { ($0 as? DatabaseRestore.Failure) == .notAGatherDatabase(other) }),
            (newer, { ($0 as? DatabaseRestore.Failure) == .tooNew(newer, found: Schema.migrator.latestVersion + 1,
                                                                  supported: Schema.migrator.latestVersion) }),
            (damaged, { if case .unsound? = $0 as? DatabaseRestore.Failure { return true } else { return false } }),
            (tampered, { error in
                guard case .sum(.mismatch(tampered, BackupSum.path(of: tampered), made.sha256, _))? = error as? DatabaseRestore.Failure else { return false }
                return true
            }),
        ]
        for (file, expected) in cases {
            XCTAssertThrowsError(try DatabaseRestore.run(from: file, into: live, force: false)) { error in
                XCTAssertTrue(expected(error), "\(file): \(error)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: live)), before, "the database untouched")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.contains("before-restore") })
    }

    /// A backup whose header lost its schema version (eight flipped bytes, say) passes an integrity
    /// check, but a server would run its migrations from the start on it and not start. With its
    /// sum it is refused for the sum; without one, for its schema; either way nothing is touched.
    func testABackupThatWouldNotServeIsRefused() throws {
        let live = path("football-gather.sqlite")
        try database(withUsers: ["ana"], at: live)
        let before = try Data(contentsOf: URL(fileURLWithPath: live))
        let backup = path("backup.sqlite")
        try DatabaseBackup.copy(from: live, to: backup, overwrite: false)
        try Database(path: backup).execute("PRAGMA user_version = 0")
        XCTAssertEqual(try Database(path: backup).integrityProblems(), [], "sound, page by page")
        XCTAssertThrowsError(try DatabaseRestore.run(from: backup, into: live, force: false)) { error in
            guard case .sum(.mismatch)? = error as? DatabaseRestore.Failure else { return XCTFail("\(error)") }
        }
        unlink(BackupSum.path(of: backup))
        let tables = try XCTUnwrap(try Database(path: live).query(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'").first?.int(0))
        XCTAssertThrowsError(try DatabaseRestore.run(from: backup, into: live, force: false)) { error in
            XCTAssertEqual(error as? DatabaseRestore.Failure, .unexpectedSchema(backup, differences: [
                "schema version 0 (a new, empty database) but it holds \(tables) tables: its header is damaged",
            ]))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: live)), before, "the database untouched")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.contains(".restoring-") },
                       "no trial copy left behind")
    }

    func testADatabaseTooDamagedToCopyIsMovedAsideAndTheBackupRestored() throws {
        let live = path("football-gather.sqlite")
        try database(withUsers: ["ana"], at: live)
        let backup = path("backup.sqlite")
        try DatabaseBackup.copy(from: live, to: backup, overwrite: false)
        try database(withUsers: (0..<400).map { "player\($0)" }, at: live)
        try PageDamage.swapLeafPages(of: "sqlite_autoindex_users_1", in: live)
        let damaged = try Data(contentsOf: URL(fileURLWithPath: live))

        let outcome = try DatabaseRestore.run(from: backup, into: live, force: false, now: Date(timeIntervalSince1970: 1_795_000_000))
        let aside = try XCTUnwrap(outcome.keptAside)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: aside)), damaged, "moved aside as it was")
        XCTAssertEqual(try usernames(live), ["ana"])

        // Beside a running server, a damaged file is never moved: the restore stops instead.
        try database(withUsers: (0..<400).map { "again\($0)" }, at: live)
        try PageDamage.swapLeafPages(of: "sqlite_autoindex_users_1", in: live)
        let serving = try DatabaseDirectoryLock(.serving, databasePath: live)
        defer { serving.release() }
        XCTAssertThrowsError(try DatabaseRestore.run(from: backup, into: live, force: true, now: Date(timeIntervalSince1970: 1_795_000_100)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: live + ".before-restore-20261118T110820Z"))
    }
}
