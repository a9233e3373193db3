import FoundationEssentials
import Glibc
import Locking
import Networking

/// SIGTERM and SIGINT (stop) and SIGHUP (reload the TLS certificate), taken with `sigwait` by the
/// thread that started the server.
///
/// `block()` runs before the server creates any thread, so every thread inherits a mask that
/// holds the two signals back: one that arrives at any moment, start-up included, stays pending
/// until `wait` takes it. (Ignoring the signals until a handler was armed lost a stop sent in that
/// window, and the process ran on until killed. `dispatchMain()` is no help either: it parks the
/// main thread in `sigsuspend` with every signal unblocked, so a SIGTERM would kill the process
/// with its default action instead of shutting down.)
package enum ShutdownSignals {
    private static var signals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGHUP)
        return set
    }

    /// Holds SIGTERM, SIGINT and SIGHUP back in the calling thread and every thread it creates from now on.
    package static func block() {
        var set = signals
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits on the calling thread, for good: SIGHUP calls `reload` (here, and again for every
    /// SIGHUP); the first stop signal calls `stop` on a thread of its own (which should end the
    /// process when done); a second one ends the process at once.
    package static func wait(reload: @escaping @Sendable () -> Void = {}, stop: @escaping @Sendable (Int32) -> Void) -> Never {
        var set = signals
        var received: Int32 = 0
        var stopping = false
        while true {
            guard sigwait(&set, &received) == 0 else { continue }
            if received == SIGHUP {
                if !stopping { reload() }
                continue
            }
            if stopping {
                StandardStream.error.write("gather-server: second signal, stopping at once\n")
                _exit(1)
            }
            stopping = true
            let signal = received
            do {
                try DetachedThread.start(name: "gather-stop") { stop(signal) }
            } catch {
                // No thread to spare: stop here (a second signal then waits for the stop to end).
                stop(signal)
            }
        }
    }
}
