import Glibc

/// Reads small system files (zone files, /etc/timezone, the /etc/localtime link) with bounds:
/// a file over the size limit is refused, not read, and only regular files are opened for reading
/// (a FIFO or a device put in their place cannot block or stream for ever).
enum ZoneFile {
    enum Failure: Error, Equatable {
        /// No such file, or a path through something that is not a directory.
        case missing
        /// A directory, FIFO, device or socket.
        case notRegularFile
        case tooLarge
        /// Another error from the system: the errno.
        case failed(Int32)

        var reason: String {
            switch self {
            case .missing: return "no such file"
            case .notRegularFile: return "not a regular file"
            case .tooLarge: return "the file is too large"
            case .failed(EACCES), .failed(EPERM): return "permission denied"
            case .failed(ELOOP): return "too many levels of symbolic links"
            case .failed(ENAMETOOLONG): return "the path is too long"
            case .failed(EIO): return "input/output error"
            case .failed(let code): return "system error \(code)"
            }
        }
    }

    static func contents(ofPath path: String, maximumSize: Int) throws(Failure) -> [UInt8] {
        // O_NONBLOCK so that opening a FIFO returns at once (it is then refused as not regular).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .failed(code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .failed(errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        guard status.st_size <= maximumSize else { throw .tooLarge }
        // Read until end of file, but never more than the limit plus one byte: a file growing
        // while it is read is still refused rather than read without bound.
        var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
        var count = 0
        while count < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base + count, buffer.count - count)
            }
            if result == 0 { break }
            if result < 0 {
                if errno == EINTR { continue }
                throw .failed(errno)
            }
            count += result
        }
        guard count <= maximumSize else { throw .tooLarge }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Where a symbolic link points, as written in the link (possibly relative); nil when `path`
    /// is not a symbolic link or cannot be read.
    static func symbolicLinkTarget(ofPath path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return -1 }
            return readlink(path, base, buffer.count - 1)
        }
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
