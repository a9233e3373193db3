import FoundationEssentials
import GatherServer
import Glibc
import Networking
import Storage

/// `gather-server backup` and `restore`: copies of the `--db` database made and put back by the
/// operator. What was done goes to stdout (the paths a script keeps), failures to stderr; exit 0
/// done, 1 refused or failed, with nothing half-made left under a final name.
enum BackupCommand {
    static func backup(_ database: String, to target: BackupTarget) -> Int32 {
        do {
            switch target {
            case let .file(path, overwrite):
                let made = try DatabaseBackup.copy(from: database, to: path, overwrite: overwrite)
                print(said(database, path, made))
            case let .directory(directory, keep):
                let set = try BackupSet(directory: directory, databasePath: database)
                let (path, made) = try copy(database, into: set)
                print(said(database, path, made))
                if let keep {
                    // Only once the new copy is sound: a failing backup never costs an old one.
                    let removed = try set.prune(keeping: keep, sparing: String(path.dropFirst(directory.count + 1)))
                    for name in removed { print("gather-server: removed the older copy \(directory)/\(name)") }
                }
            }
            noteBackup(in: database)
            return 0
        } catch {
            StandardStream.error.write("gather-server: backup failed: \(error)\n")
            return 1
        }
    }

    /// The time of a backup that succeeded, in the database itself, for `/metrics` and `doctor`
    /// (one small write, like a user command's, beside a running server). A database that cannot
    /// take it (read-only, an older schema) keeps its copy all the same.
    private static func noteBackup(in database: String) {
        do {
            try TotalsRepository(try Database(path: database, mode: .readWrite)).noteBackup(at: Date())
        } catch {
            StandardStream.error.write("gather-server: the copy is made, but its time could not be noted in \(database): \(error)\n")
        }
    }

    private static func said(_ database: String, _ path: String, _ made: DatabaseBackup.Made) -> String {
        "gather-server: backed up \(database) to \(path) (\(made.pages) pages, integrity checked; SHA-256 \(made.sha256) in \(BackupSum.path(of: path)))"
    }

    /// A new copy in the set under the next free name; another backup taking that name first
    /// (the same second) makes this one take the next.
    private static func copy(_ database: String, into set: BackupSet) throws -> (path: String, made: DatabaseBackup.Made) {
        var attempts = 0
        while true {
            let path = try set.nextPath(at: Date())
            do {
                return (path, try DatabaseBackup.copy(from: database, to: path, overwrite: false))
            } catch DatabaseBackup.Failure.destinationExists where attempts < 100 {
                attempts += 1
            }
        }
    }

    static func restore(_ file: String, into database: String, force: Bool) -> Int32 {
        do {
            let outcome = try DatabaseRestore.run(from: file, into: database, force: force)
            if let aside = outcome.keptAside {
                print("gather-server: kept the database that was there as \(aside)")
            }
            let migration = outcome.schemaVersion < Schema.migrator.latestVersion
                ? " (schema version \(outcome.schemaVersion), migrated to \(Schema.migrator.latestVersion))" : ""
            let summed = if case .verified = outcome.sum { "SHA-256 matches its sum, " } else { "no sum beside it (an older backup), " }
            print("gather-server: restored \(file) into \(database), \(outcome.pages) pages: \(summed)integrity checked, "
                  + "opened as the server opens it\(migration)")
            if outcome.serverWasRunning {
                StandardStream.error.write("gather-server: a server is running on \(database): restart it now, "
                                           + "it still holds what it read before the restore\n")
            }
            return 0
        } catch {
            StandardStream.error.write("gather-server: restore failed: \(error)\n")
            return 1
        }
    }
}
