import Glibc

/// The process's standard output and error, written straight to their descriptors (unbuffered,
/// like `FileHandle`'s writes) without Foundation.
package enum StandardStream {
    case output
    case error

    private var descriptor: Int32 {
        switch self {
        case .output: STDOUT_FILENO
        case .error: STDERR_FILENO
        }
    }

    /// Writes all of `text`, going on after interrupted and partial writes; gives up quietly if
    /// the stream is closed (there is nowhere left to report that).
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
