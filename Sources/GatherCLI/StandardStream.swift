import Glibc

/// The process's standard output and error, written with write(2) to the last byte (again after a
/// signal or a short write). When the reader of the output has gone (`gather players list | head
/// -1`), the program ends the way a pipeline's writer does: killed by SIGPIPE, which the shell
/// reports as status 141, quietly. (SIGPIPE is otherwise ignored: TLS writes to a peer that
/// has gone must be errors, not kills.)
package enum StandardStream {
    package static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN:
                    // A descriptor someone made non-blocking: wait until it takes more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                case EPIPE:
                    endAsAPipelineWriterDoes()
                default:
                    // A full disk or a closed descriptor: nothing more can be said there.
                    return
                }
            }
        }
    }

    private static func endAsAPipelineWriterDoes() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        // Only if SIGPIPE could not end it (blocked by whoever started us): the same status.
        _exit(128 + SIGPIPE)
    }
}
