import Glibc

/// What can happen to the database file under a running server that SQLite does not notice: its
/// open descriptor keeps working on a deleted or replaced file (every write after that is lost at
/// the next start), and a file made read-only stays writable through it.
package enum DatabaseFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is at the path any more.
    case deleted
    /// Another file is at the path (restored from a backup, moved aside and recreated…).
    case replaced
    /// Nobody may write the file: the operator made it read-only.
    case readOnly

    package var description: String {
        switch self {
        case .deleted: return "the database file was deleted under the running server"
        case .replaced: return "the database file was replaced under the running server"
        case .readOnly: return "the database file was made read-only"
        }
    }
}

/// The identity of the file the server opened, checked against what its path names now: before
/// every group of writes is committed and by `/health`. One `stat` each time.
package struct DatabaseFileWatch: Sendable {
    package let path: String
    private let device: UInt
    private let inode: UInt

    /// Nil when `path` names nothing (a memory database has no file to watch).
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.path = path
        device = UInt(status.st_dev)
        inode = UInt(status.st_ino)
    }

    /// Nil while the path still names the opened file and someone may write it.
    package func problem() -> DatabaseFileProblem? {
        var status = stat()
        guard stat(path, &status) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .deleted : .replaced }
        guard UInt(status.st_dev) == device, UInt(status.st_ino) == inode else { return .replaced }
        // The mode, not access(2): the server often runs as root, whom access() lets write anything.
        guard status.st_mode & 0o222 != 0 else { return .readOnly }
        return nil
    }
}
