import Foundation
import GatherServer
import Networking
import Storage

/// `gather-server check`: what is wrong with the `--db` database, if anything. SQLite's integrity
/// check reads every page; then the players' records the schema keeps as results change are held
/// against the matches themselves, and with `--repair` rebuilt where they disagree (safe while a
/// server runs: one write transaction). The exit status is 0 sound (or repaired), 1 not.
enum CheckCommand {
    static func run(on path: String, repair: Bool) -> Int32 {
        guard path == ":memory:" || FileManager.default.fileExists(atPath: path) else {
            return failed("no database at \(path) (give the server's with --db or FG_DB_PATH)")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: DatabasePool.Configuration(readerCount: 1))
        } catch {
            return failed("cannot open \(path): \(error)")
        }
        defer { pool.close() }
        do {
            let damage = try pool.read { try $0.integrityProblems() }
            guard damage.isEmpty else {
                // A damaged file is restored from a backup, not patched: nothing is rebuilt on it.
                return failed("\(path) is damaged (restore a backup with gather-server restore):\n" + damage.joined(separator: "\n"))
            }
            let problems = try pool.read { try RecordRepository($0).problems() }
            guard !problems.isEmpty else {
                print("gather-server: \(path) is sound: integrity checked, players' records agree with the matches")
                return 0
            }
            let listing = problems.map { "  \($0)" }.joined(separator: "\n")
            guard repair else {
                return failed("the players' records disagree with the matches (gather-server check --repair rebuilds them):\n\(listing)")
            }
            let remaining = try pool.write { database in
                try RecordRepository(database).rebuild()
                return try RecordRepository(database).problems()
            }
            guard remaining.isEmpty else { return failed("the rebuilt records still disagree:\n" + remaining.joined(separator: "\n")) }
            print("gather-server: rebuilt the players' records of \(path) from the matches; they disagreed:\n\(listing)")
            return 0
        } catch {
            return failed("cannot check \(path): \(error)")
        }
    }

    private static func failed(_ message: String) -> Int32 {
        StandardStream.error.write("gather-server: \(message)\n")
        return 1
    }
}
