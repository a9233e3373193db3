import FoundationEssentials
import Glibc

/// Before a database is migrated to a newer schema, a checked copy of it as it was, beside it
/// (`football-gather.sqlite.before-migration-v22`, with its SHA-256 sum): an upgrade is rolled
/// back by putting that copy back with the previous release. No copy, no migration: a copy that
/// fails (a full disk) stops the start before anything is changed. Each copy is kept `keptFor`
/// after it was made, and removed by a server's start after that.
package enum MigrationCopy {
    package static let keptFor: TimeInterval = 14 * 86_400

    package static func path(of database: String, version: Int) -> String {
        "\(database).before-migration-v\(version)"
    }

    /// Takes the copy of `database`, at schema `version`, about to be migrated.
    static func take(of database: String, version: Int, busyTimeoutMilliseconds: Int32) throws {
        do {
            try DatabaseBackup.copy(from: database, to: path(of: database, version: version), overwrite: true,
                                    busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch {
            throw MigrationError.copyFailed(path(of: database, version: version), reason: "\(error)")
        }
    }

    /// Removes the copies beside `database` made more than `keptFor` before `now`; their paths.
    package static func prune(beside database: String, now: Date = Date()) -> [String] {
        let directory = URL(fileURLWithPath: database).deletingLastPathComponent().path
        let prefix = (database.split(separator: "/").last.map(String.init) ?? database) + ".before-migration-v"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) && Int(name.dropFirst(prefix.count)) != nil {
            let copy = directory + "/" + name
            guard let made = (try? FileManager.default.attributesOfItem(atPath: copy))?[.modificationDate] as? Date,
                  now.timeIntervalSince(made) > keptFor, unlink(copy) == 0 else { continue }
            unlink(BackupSum.path(of: copy))
            removed.append(copy)
        }
        return removed.sorted()
    }
}
