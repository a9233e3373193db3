import CSQLite
import FoundationEssentials
import GatherServer
import Networking
import Storage

/// `gather-server check`: what is wrong with the `--db` database, if anything. Read-only, so it
/// runs beside a live server and never changes a file's schema: SQLite's integrity check reads
/// every page, then the players' records the schema keeps as results change are held against the
/// matches themselves, in one snapshot. `--repair` rebuilds records that disagree, with the
/// directory to itself (a rebuild rewrites every record in one transaction, which a running
/// server's writes would wait on). The exit status is 0 sound (or repaired), 1 not.
enum CheckCommand {
    /// What a look at the file found.
    enum Examination {
        /// Sound: how it was found so (`SHA-256 matches its sum, integrity checked, …`).
        case sound(String)
        /// Sound but for the players' records, which disagree with the matches (each line).
        case recordsDisagree([String])
        /// An older schema than this gather-server checks: migrated at the server's next start.
        case olderSchema(String)
        /// Why it is not sound, or could not be looked at.
        case failed(String)
    }

    static func run(on path: String, repair: Bool) -> Int32 {
        switch examine(path) {
        case .sound(let how):
            print("gather-server: \(path) is sound: \(how)")
            return 0
        case .failed(let why), .olderSchema(let why):
            return failed(why)
        case .recordsDisagree(let problems):
            let listing = problems.map { "  \($0)" }.joined(separator: "\n")
            guard repair else {
                return failed("the players' records disagree with the matches (gather-server check --repair rebuilds them):\n\(listing)")
            }
            return rebuild(path, listing: listing)
        }
    }

    /// The file looked at, read-only (`doctor` shows the same).
    static func examine(_ path: String) -> Examination {
        switch DatabaseFile.kind(of: path) {
        case .regular: break
        case .missing: return .failed("no database at \(path) (give the server's with --db or FG_DB_PATH)")
        case .other(let kind): return .failed("\(path) is \(kind), not a database file (give the server's with --db or FG_DB_PATH)")
        }
        // A backup's sum first: a copy that changed after it was made is not worth reading further.
        let sum: BackupSum.Verdict
        do {
            sum = try BackupSum.verify(path)
        } catch {
            return .failed("\(error)")
        }
        let problems: [String]
        do {
            // Wherever it lies, read-only media included: nothing is written beside it.
            let readable = try ReadableDatabase(path: path)
            let database = readable.database
            let version = try database.userVersion()
            let latest = Schema.migrator.latestVersion
            guard version >= latest else {
                return .olderSchema("\(path) has schema version \(version): run gather-server migrate first (this gather-server checks version \(latest))")
            }
            guard version == latest else {
                return .failed("\(path) has schema version \(version), newer than this gather-server knows (\(latest)): check it with the newer one")
            }
            let differences = try database.schemaDifferences()
            guard differences.isEmpty else {
                return .failed("\(path) has a schema this gather-server does not make (restore a backup with gather-server restore):\n"
                               + differences.map { "  \($0)" }.joined(separator: "\n"))
            }
            let damage = try database.integrityProblems()
            guard damage.isEmpty else {
                // A damaged file is restored from a backup, not patched: nothing is rebuilt on it.
                return .failed("\(path) is damaged (restore a backup with gather-server restore):\n" + damage.joined(separator: "\n"))
            }
            problems = try database.transaction(.deferred) { try RecordRepository(database).problems() }
        } catch let error as SQLiteError where error.primaryCode == SQLITE_CORRUPT || error.primaryCode == SQLITE_NOTADB {
            return .failed("\(path) is damaged (restore a backup with gather-server restore): \(error)")
        } catch {
            return .failed("cannot check \(path): \(error)")
        }
        guard problems.isEmpty else { return .recordsDisagree(problems) }
        let summed = if case .verified = sum { "SHA-256 matches its sum, " } else { "" }
        return .sound("\(summed)integrity checked, players' records agree with the matches")
    }

    private static func rebuild(_ path: String, listing: String) -> Int32 {
        let lock: DatabaseDirectoryLock
        do {
            lock = try DatabaseDirectoryLock(.restoring, databasePath: path)
        } catch .serverRunning {
            return failed("a server is running on a database beside \(path): stop it, then run check --repair again")
        } catch {
            return failed("\(error)")
        }
        defer { lock.release() }
        do {
            let pool = try DatabasePool(path: path, configuration: DatabasePool.Configuration(readerCount: 0))
            defer { pool.close() }
            let remaining = try pool.write { database in
                try RecordRepository(database).rebuild()
                return try RecordRepository(database).problems()
            }
            guard remaining.isEmpty else { return failed("the rebuilt records still disagree:\n" + remaining.joined(separator: "\n")) }
        } catch {
            return failed("cannot rebuild the records of \(path): \(error)")
        }
        print("gather-server: rebuilt the players' records of \(path) from the matches; they disagreed:\n\(listing)")
        return 0
    }

    private static func failed(_ message: String) -> Int32 {
        StandardStream.error.write("gather-server: \(message)\n")
        return 1
    }
}
