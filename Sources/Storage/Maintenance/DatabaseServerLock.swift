import Glibc
import Synchronization

/// One server per database: a server holds this for its lifetime, and a second one on the same
/// file refuses to start, naming the process that holds it. Two servers on one file would each
/// keep their own caches, sessions and throttles and serve the other's changes late.
///
/// An exclusive `flock` on a file of its own beside the database (`gather.sqlite.lock`), holding
/// the holder's process id: not on the database file itself, since closing another descriptor of
/// that file would drop the POSIX locks SQLite holds on it in this process. The kernel drops a
/// `flock` with its process, so a crashed server never leaves one behind; the file itself stays,
/// harmless.
package final class DatabaseServerLock: Sendable {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// Another process serves the database; its id when it wrote one.
        case alreadyServed(database: String, process: Int32?)
        case cannotOpen(path: String, reason: String)

        package var description: String {
            switch self {
            case let .alreadyServed(database, process):
                let who = process.map { "another gather-server (process \($0))" } ?? "another gather-server"
                return "\(who) is serving \(database): one server per database; stop that one first, or give this one a database of its own"
            case let .cannotOpen(path, reason):
                return "cannot lock \(path): \(reason)"
            }
        }
    }

    package let path: String
    private let descriptor: Int32
    private let released = Atomic<Bool>(false)

    /// The lock file of the database at `databasePath`: beside the file it names, links followed,
    /// so two paths to one file share one lock.
    package static func path(of databasePath: String) -> String {
        guard let resolved = realpath(databasePath, nil) else { return databasePath + ".lock" }
        defer { free(resolved) }
        return String(cString: resolved) + ".lock"
    }

    /// Takes the lock of the database at `databasePath` for this process, or throws at once if
    /// another process holds it.
    package init(databasePath: String) throws(Failure) {
        let path = Self.path(of: databasePath)
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, DatabaseFile.fileMode)
        // Another user's lock file (a server once started as root): a read-only descriptor locks as well.
        if descriptor < 0 && errno == EACCES { descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        // Made by root: the service's user must be able to take it next time.
        if geteuid() == 0 { DatabaseFile.giveToOwnerOfDirectory(descriptor: descriptor, of: path) }
        var result: Int32
        repeat {
            result = flock(descriptor, LOCK_EX | LOCK_NB)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let reason = errno
            defer { close(descriptor) }
            guard reason == EWOULDBLOCK else { throw .cannotOpen(path: path, reason: String(cString: strerror(reason))) }
            throw .alreadyServed(database: databasePath, process: Self.holder(descriptor))
        }
        // Ours now: the process id, for the next one to name (a read-only descriptor cannot).
        let id = Array("\(getpid())\n".utf8)
        if fcntl(descriptor, F_GETFL) & O_ACCMODE == O_RDWR, ftruncate(descriptor, 0) == 0 {
            _ = id.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        self.path = path
        self.descriptor = descriptor
    }

    /// Whether a server holds the database now, and its process id when it wrote one: for
    /// `doctor`. Asks the lock itself (a shared lock tried and let go at once), not the id in the
    /// file, which may be stale or another namespace's.
    package static func holder(of databasePath: String) -> (serving: Bool, process: Int32?) {
        let descriptor = open(path(of: databasePath), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return (false, nil) }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return (false, nil)
        }
        return (errno == EWOULDBLOCK, holder(descriptor))
    }

    /// Lets another server in (this one has closed its database).
    package func release() {
        guard !released.exchange(true, ordering: .relaxed) else { return }
        close(descriptor)
    }

    deinit {
        release()
    }

    /// The process id the holder wrote, if the file holds one.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let line = String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n").first ?? ""
        return Int32(line).flatMap { $0 > 0 ? $0 : nil }
    }
}
