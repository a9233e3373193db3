import Foundation
import Glibc

/// Where the client keeps its files: `$XDG_CONFIG_HOME/gather/` (else `~/.config/gather/`): the
/// saved session, the remembered username, the results waiting for the server, the roster cache.
///
/// The client kept them in `football-gather/` before it was called `gather`. That directory is
/// taken over on the first start: renamed when the new one does not exist yet, else merged into it
/// file by file (results waiting in both journals are all kept). Nothing is ever dropped: a file
/// that cannot be moved stays where it was and the client says so.
package enum ConfigDirectory {
    package static let name = "gather"
    /// Earlier names of the directory, taken over in this order.
    package static let earlierNames = ["football-gather"]

    /// The directory the environment points to, without touching the disk.
    package static func location(environment: [String: String], name: String = ConfigDirectory.name) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent(name)
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".config").appendingPathComponent(name)
    }

    /// What taking over an earlier directory did.
    package struct Preparation: Sendable {
        package var directory: URL
        /// Something the user should know: a file of the earlier directory that could not be moved.
        package var problem: String?
    }

    /// The directory to use, with any earlier one taken over first.
    package static func prepare(environment: [String: String]) -> Preparation {
        let directory = location(environment: environment)
        var problems: [String] = []
        for earlier in earlierNames.map({ location(environment: environment, name: $0) }) {
            if let problem = takeOver(earlier, into: directory) { problems.append(problem) }
        }
        return Preparation(directory: directory, problem: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// Moves `earlier` to `directory` (whole if it can, else file by file); nil when all went, or
    /// there was nothing to take over.
    static func takeOver(_ earlier: URL, into directory: URL) -> String? {
        var status = stat()
        guard lstat(earlier.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
        // The usual case: one rename, atomic, nothing to merge.
        if access(directory.path, F_OK) != 0, rename(earlier.path, directory.path) == 0 { return nil }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return "\(earlier.path) could not be moved to \(directory.path): \(error.localizedDescription)"
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: earlier.path)) ?? []
        var kept: [String] = []
        for name in names.sorted() {
            let from = earlier.appendingPathComponent(name)
            let to = directory.appendingPathComponent(name)
            if name == ResultJournalFile.fileName {
                if !mergeJournal(from: earlier, into: directory) { kept.append(name) }
            } else if name == ResultJournalFile.lockName || name.contains(".tmp-") {
                unlink(from.path)
            } else if access(to.path, F_OK) == 0 || rename(from.path, to.path) != 0 {
                // The newer directory's file wins (it was written later); the older one stays put.
                kept.append(name)
            }
        }
        if kept.isEmpty {
            rmdir(earlier.path)
            return nil
        }
        return kept.contains(ResultJournalFile.fileName)
            ? "results waiting in \(earlier.path) could not be moved to \(directory.path); they are still there"
            : nil
    }

    /// Adds the earlier journal's results to the current one (each once), then removes it.
    private static func mergeJournal(from earlier: URL, into directory: URL) -> Bool {
        let old = ResultJournalFile(directory: earlier).load()
        guard old.isWritable, old.setAside == nil else { return false }
        do {
            _ = try ResultJournalFile(directory: directory).update { current in
                current + old.entries.filter { entry in !current.contains { $0.id == entry.id } }
            }
        } catch {
            return false
        }
        return unlink(earlier.appendingPathComponent(ResultJournalFile.fileName).path) == 0
    }
}
