import CLinux
import Glibc

/// Starts long-lived threads (event loops, workers, the committer) without Foundation's `Thread`.
package enum DetachedThread {
    /// Runs `body` on a new detached thread named `name` (the kernel keeps its first 15 bytes:
    /// what `top -H` and debuggers show). Throws when the system refuses another thread.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(ThreadStartError) {
        let context = Unmanaged.passRetained(ThreadBody(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let threadBody = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
            _ = clinux_name_thread(threadBody.name)
            threadBody.body()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            throw ThreadStartError(name: name, code: result)
        }
    }
}

/// The system refused a thread (`pthread_create`'s error: usually EAGAIN, a limit reached).
package struct ThreadStartError: Error, CustomStringConvertible {
    package let name: String
    package let code: Int32

    package var description: String {
        "cannot start thread \(name): \(String(cString: strerror(code)))"
    }
}

private final class ThreadBody: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
