import Glibc
import Synchronization

/// Who is using the databases of a directory: running servers share it, a restore has it alone,
/// so a restore never writes under a server and a server never starts on a half-restored file.
///
/// The lock is `flock` on the directory, not on the database file: closing another descriptor of
/// the database file would drop the POSIX locks SQLite holds on it in this process. The kernel
/// drops a `flock` with its process, so a crashed server never leaves one behind.
package final class DatabaseDirectoryLock: Sendable {
    package enum Use: Sendable {
        case serving
        case restoring
    }

    package enum Failure: Error, Equatable, CustomStringConvertible {
        case restoreUnderWay(directory: String)
        case serverRunning(directory: String)
        case cannotOpen(directory: String, reason: String)

        package var description: String {
            switch self {
            case .restoreUnderWay(let directory):
                return "a restore is under way in \(directory): start the server once it has finished"
            case .serverRunning(let directory):
                return "a server is running on a database in \(directory): stop it first (or --force to restore under it)"
            case let .cannotOpen(directory, reason):
                return "cannot lock \(directory): \(reason)"
            }
        }
    }

    private let descriptor: Int32
    private let released = Atomic<Bool>(false)

    /// Takes the lock for `use` of the database at `databasePath`, or throws at once if the other
    /// use holds it.
    package init(_ use: Use, databasePath: String) throws(Failure) {
        let directory = Self.directory(of: databasePath)
        if use == .serving {
            // A server makes its database's directory, as it always has.
            do {
                try DatabaseFile.createDirectoryPrivately(for: databasePath)
            } catch {
                throw .cannotOpen(directory: directory, reason: "\(error)")
            }
        }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotOpen(directory: directory, reason: String(cString: strerror(errno)))
        }
        var result: Int32
        repeat {
            result = flock(descriptor, (use == .serving ? LOCK_SH : LOCK_EX) | LOCK_NB)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let reason = errno
            close(descriptor)
            guard reason == EWOULDBLOCK else {
                throw .cannotOpen(directory: directory, reason: String(cString: strerror(reason)))
            }
            throw use == .serving ? .restoreUnderWay(directory: directory) : .serverRunning(directory: directory)
        }
        self.descriptor = descriptor
    }

    /// Lets the other use in (a server that has closed its database; a restore that is done).
    package func release() {
        guard !released.exchange(true, ordering: .relaxed) else { return }
        close(descriptor)
    }

    deinit {
        release()
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }
}
