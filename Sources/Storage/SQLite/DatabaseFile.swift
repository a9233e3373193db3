import CSQLite
import FoundationEssentials
import Glibc

/// The database file on disk. It holds password hashes, so it is created readable by its owner
/// only (0600, in a 0700 directory when the directory is new), whatever the umask; SQLite gives
/// its `-wal` and `-shm` files the mode of the database file.
package enum DatabaseFile {
    package static let fileMode: mode_t = 0o600
    package static let directoryMode: mode_t = 0o700

    /// Creates the parent directory (0700) and an empty file (0600) unless they exist; an empty
    /// file is a valid empty database for SQLite to open.
    static func createPrivately(_ path: String) throws {
        try createDirectoryPrivately(for: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if descriptor >= 0 {
            // The umask can only have removed bits; set exactly the mode meant.
            fchmod(descriptor, fileMode)
            close(descriptor)
        } else if errno != EEXIST {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The directory the file at `path` goes in (0700), unless it exists.
    static func createDirectoryPrivately(for path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: directory.path) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: Int(directoryMode)])
        }
    }

    /// Run as root (a restore through `docker exec` or `sudo`), a new file is given to whoever owns
    /// its directory: the service that opens it next is not refused its own database.
    static func giveToDirectoryOwner(_ path: String) {
        guard geteuid() == 0 else { return }
        var status = stat()
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard stat(directory, &status) == 0 else { return }
        giveTo(uid: status.st_uid, gid: status.st_gid, path)
    }

    /// Run as root, a file made from the database (a backup and its sum) is given to whoever owns
    /// the database: the service that reads and prunes the copies is not refused them. Through a
    /// descriptor opened without following links, so a name swapped for a link meanwhile is left alone.
    static func giveToOwner(of database: String, _ path: String) {
        guard geteuid() == 0 else { return }
        var status = stat()
        guard stat(database, &status) == 0 else { return }
        giveTo(uid: status.st_uid, gid: status.st_gid, path)
    }

    /// The open file at `path` given to the owner of its directory (root made it there).
    static func giveToOwnerOfDirectory(descriptor: Int32, of path: String) {
        var status = stat()
        guard stat(URL(fileURLWithPath: path).deletingLastPathComponent().path, &status) == 0 else { return }
        _ = fchown(descriptor, status.st_uid, status.st_gid)
    }

    private static func giveTo(uid: uid_t, gid: gid_t, _ path: String) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fchown(descriptor, uid, gid)
        close(descriptor)
    }

    /// What is at `path` (following links), for a command that must open only a database file:
    /// SQLite opening a FIFO waits for a writer that never comes, and a device or socket is no
    /// database either.
    package enum Kind: Equatable {
        case missing
        case regular
        /// Anything else, named in words (`a directory`, `a FIFO`).
        case other(String)
    }

    /// Below this much free space where the database lies, a failure to open it is the full disk's.
    package static let spaceToStart: UInt64 = 1 << 20

    /// Bytes free to an unprivileged writer on the device holding the file at `path` (its
    /// directory, when the file is not there yet); nil when that cannot be told.
    package static func freeBytes(near path: String) -> UInt64? {
        var status = statvfs()
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard statvfs(path, &status) == 0 || statvfs(directory, &status) == 0 else { return nil }
        return UInt64(status.f_bavail) * UInt64(status.f_frsize)
    }

    /// No file at `path`, or an empty one: nothing a server could serve but a new database.
    package static func isMissingOrEmpty(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 || status.st_size == 0
    }

    package static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .other("a directory")
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        case S_IFCHR: return .other("a character device")
        case S_IFBLK: return .other("a block device")
        default: return .other("not a regular file")
        }
    }

    /// Whether `path` names a directory (following links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The permission bits of an existing file that let others than its owner read or write it; nil when none do.
    package static func permissionsForOthers(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let others = status.st_mode & 0o077
        return others == 0 ? nil : status.st_mode & 0o777
    }

}
