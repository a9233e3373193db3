import CSQLite
import FoundationEssentials
import Glibc

/// A consistent copy of a live database through SQLite's online backup API, while the server keeps
/// writing: the copy is one read snapshot (WAL lets the writer go on meanwhile), written to a
/// temporary file in rollback-journal mode (one self-contained file, readable from read-only
/// media), checked page by page (`integrity_check`), its SHA-256 taken (`BackupSum`), and only
/// then renamed into place with its sum beside it, so a half-written or unsound backup never has
/// the final name. Made as root, both are given to the database's owner.
package enum DatabaseBackup {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case destinationExists(String)
        case sourceMissing(String)
        /// A backup goes only into a directory that exists: making one (as root, in a container)
        /// would hide a mistyped path until the day the copy is needed.
        case noDirectory(String)
        case unsound(String, problems: [String])
        case sqlite(String)

        package var description: String {
            switch self {
            case .destinationExists(let path): return "\(path) already exists (use --force to overwrite)"
            case .sourceMissing(let path): return "no database at \(path)"
            case .noDirectory(let path): return "no directory \(path) (create it first)"
            case let .unsound(path, problems):
                return "the copy of \(path) failed its integrity check, so none was kept: \(problems.joined(separator: "; "))"
            case .sqlite(let message): return message
            }
        }
    }

    /// What a backup made.
    package struct Made: Sendable, Equatable {
        package let pages: Int
        /// The copy's SHA-256, hex, as its sum file says.
        package let sha256: String
    }

    /// Copies `source` to `destination`, with its sum beside it (`BackupSum.path(of:)`).
    @discardableResult
    package static func copy(from source: String, to destination: String, overwrite: Bool,
                            busyTimeoutMilliseconds: Int32 = 10_000) throws -> Made {
        guard FileManager.default.fileExists(atPath: source) else { throw Failure.sourceMissing(source) }
        if !overwrite && FileManager.default.fileExists(atPath: destination) {
            throw Failure.destinationExists(destination)
        }
        let directory = DatabaseDirectoryLock.directory(of: destination)
        guard DatabaseFile.isDirectory(directory) else {
            throw Failure.noDirectory(directory)
        }
        let reader = try Database(path: source, mode: .readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        // Unique even between containers, where every run is pid 1.
        let temporary = destination + ".partial-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        defer { unlink(temporary) }
        // A copy holds the same password hashes: as private as the database itself.
        try DatabaseFile.createPrivately(temporary)
        let pages: Int
        do {
            let target = try Database(path: temporary, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            pages = try copyPages(from: reader, to: target, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            // The copy stands alone: a rollback journal, no WAL file beside it.
            _ = try target.query("PRAGMA journal_mode = DELETE")
            let problems = try target.integrityProblems()
            guard problems.isEmpty else { throw Failure.unsound(source, problems: problems) }
        }
        let digest = try BackupSum.digest(of: temporary)
        let temporarySum = temporary + ".sha256"
        defer { unlink(temporarySum) }
        try BackupSum.write(digest, naming: destination.split(separator: "/").last.map(String.init) ?? destination, to: temporarySum)
        // Run as root (a nightly job, `docker exec`): the service that prunes and reads the copies
        // later must own them.
        DatabaseFile.giveToOwner(of: source, temporary)
        DatabaseFile.giveToOwner(of: source, temporarySum)
        if overwrite {
            // The old sum goes first: a copy without a sum is checked as one, a sum beside the
            // wrong copy would be a false alarm.
            unlink(BackupSum.path(of: destination))
            guard rename(temporary, destination) == 0 else {
                throw Failure.sqlite("cannot move the backup into place at \(destination): \(String(cString: strerror(errno)))")
            }
        } else {
            // link fails if the name was taken meanwhile (another backup in the same second):
            // a copy never replaces one it was not told to.
            guard link(temporary, destination) == 0 else {
                if errno == EEXIST { throw Failure.destinationExists(destination) }
                throw Failure.sqlite("cannot move the backup into place at \(destination): \(String(cString: strerror(errno)))")
            }
        }
        guard rename(temporarySum, BackupSum.path(of: destination)) == 0 else {
            let reason = String(cString: strerror(errno))
            if !overwrite { unlink(destination) }
            throw Failure.sqlite("cannot put the backup's sum beside it at \(BackupSum.path(of: destination)): \(reason)")
        }
        return Made(pages: pages, sha256: digest)
    }

    static func copyPages(from source: Database, to target: Database, busyTimeoutMilliseconds: Int32) throws -> Int {
        guard let backup = sqlite3_backup_init(target.handle, "main", source.handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(target.handle), connection: target.handle)
        }
        let deadline = Date().addingTimeInterval(Double(busyTimeoutMilliseconds) / 1000)
        var code: Int32
        repeat {
            // All pages in one step: one read snapshot of the source, so the copy is consistent.
            code = sqlite3_backup_step(backup, -1)
            if code == SQLITE_BUSY || code == SQLITE_LOCKED {
                guard Date() < deadline else { break }
                usleep(20_000)
            }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let pages = Int(sqlite3_backup_pagecount(backup))
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else {
            throw SQLiteError(code: code, message: "backup failed: \(String(cString: sqlite3_errstr(code)))")
        }
        return pages
    }
}
