import CSQLite
import FoundationEssentials
import Glibc

/// `gather-server restore FILE`: a backup back in place of the database, checked before anything
/// is touched (its sum, its pages, its schema), then opened as a server opens a database (its
/// migrations, the schema it then has, a read of every table) in a trial copy beside the database,
/// so a file that would not serve never takes the database's place; with the current database
/// kept aside first, so a restore can itself be undone.
///
/// The pages are written through SQLite's backup API into the database file itself (its journal
/// makes that all or nothing, and the file keeps its owner and mode) rather than by swapping files,
/// which would leave the old `-wal` beside a new database.
package enum DatabaseRestore {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case fileMissing(String)
        /// Something other than a file: a directory, a FIFO, a device.
        case notAFile(String, kind: String)
        /// Tables, indexes, triggers or views other than this gather-server's at the file's version.
        case unexpectedSchema(String, differences: [String])
        case unreadable(String, reason: String)
        case notAGatherDatabase(String)
        case unsound(String, problems: [String])
        case tooNew(String, found: Int, supported: Int)
        case noDirectory(String)
        /// The restore failed after the current database was copied aside (SQLite rolls a restore
        /// that fails midway back, so the database is normally as it was).
        case failedWithCopyKept(String, copy: String?)
        /// The file is not what its sum says (or the sum cannot be read).
        case sum(BackupSum.Failure)
        /// Opened as the server would open it, the file failed: it would not serve.
        case wouldNotServe(String, reason: String)

        package var description: String {
            switch self {
            case .fileMissing(let path): return "no file \(path)"
            case let .notAFile(path, kind): return "\(path) is \(kind), not a database file"
            case let .unexpectedSchema(path, differences):
                return "\(path) has a schema this gather-server does not make, so it is not restored: " + differences.joined(separator: "; ")
            case let .unreadable(path, reason): return "\(path) is not a database that can be read: \(reason)"
            case .notAGatherDatabase(let path): return "\(path) is a SQLite file but not a Football Gather database (no accounts table)"
            case let .unsound(path, problems): return "\(path) failed its integrity check: \(problems.joined(separator: "; "))"
            case let .tooNew(path, found, supported):
                return "\(path) was written by a newer gather-server (schema version \(found); this one knows up to \(supported))"
            case .noDirectory(let path): return "no directory \(path)"
            case let .failedWithCopyKept(reason, copy):
                return reason + (copy.map { " (what was there before is kept as \($0))" } ?? "")
            case .sum(let failure):
                return failure.description
            case let .wouldNotServe(path, reason):
                return "\(path) would not serve, so it is not restored: opened as the server opens a database, \(reason)"
            }
        }
    }

    package struct Outcome: Sendable, Equatable {
        /// Where the database that was there before is kept (nil: there was none).
        package let keptAside: String?
        /// The backup's schema version; the restored database is migrated to this gather-server's.
        package let schemaVersion: Int
        /// Whether the backup's sum was there and matched.
        package let sum: BackupSum.Verdict
        package let pages: Int
        /// Only with `force`: a server had the database open, and still holds what it read before.
        package let serverWasRunning: Bool
    }

    package static func run(from file: String, into database: String, force: Bool, now: Date = Date(),
                            busyTimeoutMilliseconds: Int32 = 10_000) throws -> Outcome {
        let sum: BackupSum.Verdict
        do {
            sum = try BackupSum.verify(file)
        } catch {
            throw Failure.sum(error)
        }
        let source = try checkedSource(file, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let directory = DatabaseDirectoryLock.directory(of: database)
        guard DatabaseFile.isDirectory(directory) else {
            throw Failure.noDirectory(directory)
        }
        let trial = try Trial(of: source.readable.database, named: file, beside: database, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let lock = try directoryLock(for: database, force: force)
        defer { withExtendedLifetime(lock) {} }
        let serverWasRunning = lock == nil
        let aside = try keepAside(database, stamp: BackupSet.stamp(now), serverRunning: serverWasRunning,
                                  busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        do {
            let created = !FileManager.default.fileExists(atPath: database)
            try DatabaseFile.createPrivately(database)
            if created { DatabaseFile.giveToDirectoryOwner(database) }
            let pages: Int
            do {
                let target = try Database(path: database, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                let tried = try Database(path: trial.path, mode: .readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                pages = try DatabaseBackup.copyPages(from: tried, to: target, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                let problems = try target.integrityProblems()
                guard problems.isEmpty else { throw Failure.unsound(database, problems: problems) }
            }
            return Outcome(keptAside: aside?.path, schemaVersion: source.schemaVersion, sum: sum, pages: pages,
                           serverWasRunning: serverWasRunning)
        } catch {
            // A database moved aside goes back where it was: a failed restore leaves what it found.
            if let aside, aside.moved {
                for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: aside.path + suffix) {
                    rename(aside.path + suffix, database + suffix)
                }
                throw error
            }
            throw Failure.failedWithCopyKept(String(describing: error), copy: aside?.path)
        }
    }

    /// The restore's own hold on the directory; nil when `force` goes ahead beside a running server.
    private static func directoryLock(for database: String, force: Bool) throws -> DatabaseDirectoryLock? {
        do {
            return try DatabaseDirectoryLock(.restoring, databasePath: database)
        } catch .serverRunning where force {
            return nil
        }
    }

    /// The backup, opened read-only wherever it lies and checked: a Football Gather database,
    /// sound, not from a newer server.
    private static func checkedSource(_ file: String, busyTimeoutMilliseconds: Int32) throws -> (readable: ReadableDatabase, schemaVersion: Int) {
        switch DatabaseFile.kind(of: file) {
        case .regular: break
        case .missing: throw Failure.fileMissing(file)
        case .other(let kind): throw Failure.notAFile(file, kind: kind)
        }
        let readable: ReadableDatabase
        let holdsAccounts: Bool
        do {
            readable = try ReadableDatabase(path: file, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            holdsAccounts = try readable.database.holdsAccounts()
        } catch let error as SQLiteError {
            throw Failure.unreadable(file, reason: error.message)
        }
        let database = readable.database
        guard holdsAccounts else { throw Failure.notAGatherDatabase(file) }
        let problems = try database.integrityProblems()
        guard problems.isEmpty else { throw Failure.unsound(file, problems: problems) }
        let version = try database.userVersion()
        let supported = Schema.migrator.latestVersion
        guard version <= supported else { throw Failure.tooNew(file, found: version, supported: supported) }
        let differences = try database.schemaDifferences()
        guard differences.isEmpty else { throw Failure.unexpectedSchema(file, differences: differences) }
        return (readable, version)
    }

    /// The backup copied beside the database and opened there as a server opens its database:
    /// migrated, its schema held against this gather-server's, every table read. Removed with
    /// this value; what it holds then goes into the database itself.
    private final class Trial {
        let path: String

        init(of source: Database, named file: String, beside database: String, busyTimeoutMilliseconds: Int32) throws {
            path = "\(database).restoring-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
            do {
                try DatabaseFile.createPrivately(path)
                do {
                    let copy = try Database(path: path, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                    _ = try DatabaseBackup.copyPages(from: source, to: copy, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                }
                try Self.serve(path, file: file)
                // Back to a rollback journal, all in the one file the restore reads.
                let copy = try Database(path: path, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                _ = try copy.query("PRAGMA journal_mode = DELETE")
            } catch {
                Self.remove(path)
                throw error
            }
        }

        deinit { Self.remove(path) }

        private static func serve(_ path: String, file: String) throws {
            let pool: DatabasePool
            do {
                pool = try DatabasePool(path: path, configuration: DatabasePool.Configuration(readerCount: 0, keepsCopyBeforeMigrating: false))
            } catch {
                throw Failure.wouldNotServe(file, reason: "its migration failed: \(error)")
            }
            defer { pool.close() }
            do {
                try pool.write { database in
                    let differences = try database.schemaDifferences()
                    guard differences.isEmpty else {
                        throw Failure.wouldNotServe(file, reason: "its schema is not this gather-server's: " + differences.joined(separator: "; "))
                    }
                    for table in try database.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
                        let name = try table.string(0)
                        // The names are this gather-server's own (the schema was just held against it); quoted all the same.
                        _ = try database.query("SELECT count(*) FROM \"\(name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\""))\"")
                    }
                }
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure.wouldNotServe(file, reason: "reading it failed: \(error)")
            }
        }

        private static func remove(_ path: String) {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        }
    }

    /// A copy of what is at `database` now, beside it (`<database>.before-restore-<UTC time>`). A file
    /// too damaged to copy (the very reason for many a restore) is moved aside as it is, with its
    /// WAL, so nothing of it is lost either; never one a server has open, and never for any other
    /// failure (a full disk, a busy file), which stops the restore with the database untouched.
    private static func keepAside(_ database: String, stamp: String, serverRunning: Bool,
                                  busyTimeoutMilliseconds: Int32) throws -> (path: String, moved: Bool)? {
        guard FileManager.default.fileExists(atPath: database) else { return nil }
        let aside = "\(database).before-restore-\(stamp)"
        do {
            try DatabaseBackup.copy(from: database, to: aside, overwrite: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            return (aside, false)
        } catch let error where !serverRunning && isDamage(error) {
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
                guard rename(database + suffix, aside + suffix) == 0 else {
                    throw DatabaseBackup.Failure.sqlite("cannot move \(database + suffix) aside: \(String(cString: strerror(errno)))")
                }
            }
            return (aside, true)
        }
    }

    /// Whether copying failed because the file itself is damaged (not for want of space or time).
    private static func isDamage(_ error: any Error) -> Bool {
        if case .unsound? = error as? DatabaseBackup.Failure { return true }
        guard let error = error as? SQLiteError else { return false }
        return error.primaryCode == SQLITE_CORRUPT || error.primaryCode == SQLITE_NOTADB
    }
}
