import Foundation
import Glibc

/// An advisory lock (flock) on a file of the config directory, held while a file beside it is
/// read and rewritten as one step: two `gather` running at once take turns.
struct ExclusiveFileLock {
    let path: String

    /// Runs `body` holding the lock; the directory is made (0700) if it is missing.
    func holding<Value>(_ body: () throws -> Value) throws -> Value {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw PrivateFileError(path: path, code: errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw PrivateFileError(path: path, code: errno) }
        }
        defer { flock(lock, LOCK_UN) }
        return try body()
    }
}
