import Foundation
import Glibc

/// A file in the client's config directory that only its owner may read: the saved session, the
/// pending results, the roster cache. Written whole, through a temporary file that is flushed to
/// disk before it is renamed into place, so a crash or a full disk leaves either the old file or
/// the new one, never half of one.
package struct PrivateFile: Sendable {
    package let url: URL

    package init(_ url: URL) { self.url = url }

    /// The contents, or nil if the file does not exist or cannot be read.
    func read() -> Data? {
        try? Data(contentsOf: url)
    }

    /// `durable: false` skips the flushes: still all or nothing, but a crash may bring back the
    /// previous contents (for what is cheap to lose, written on every key press: the picks).
    package func write(_ data: Data, durable: Bool = true) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // A name of its own: two clients writing the same file at once never share a temporary file.
        let temporary = url.path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // O_EXCL | O_NOFOLLOW: a file or link planted under that name is never written through.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PrivateFileError(path: temporary, code: errno) }
        let failure = PrivateFile.writeAll(data, to: fd, flush: durable)
        close(fd)
        guard failure == 0, rename(temporary, url.path) == 0 else {
            let code = failure == 0 ? errno : failure
            unlink(temporary)
            throw PrivateFileError(path: url.path, code: code)
        }
        guard durable else { return }
        // The rename itself reaches the disk only when the directory is flushed too.
        let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    func remove() {
        unlink(url.path)
    }

    /// Writes every byte and (with `flush`) flushes them; 0, or the errno of the failure.
    private static func writeAll(_ data: Data, to fd: Int32, flush: Bool) -> Int32 {
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        guard failure == 0, flush else { return failure }
        return fsync(fd) == 0 ? 0 : errno
    }
}

/// A local file could not be written (permissions, a full disk…).
package struct PrivateFileError: Error, CustomStringConvertible {
    let path: String
    package let code: Int32
    package var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
}
