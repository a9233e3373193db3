import CLinux
import Glibc

/// Signals taken as data: blocked for the whole process and read from a `signalfd`, which a run
/// loop watches like any other input. Dispatch's signal sources would do the same job, but they
/// deliver through their own handler with a signal mask on the stack that AddressSanitizer reports
/// as an overflow, which kept the client out of the sanitizer's runs.
///
/// `block` must run first in `main`, before any thread exists: every thread inherits the mask, so
/// no thread takes one of these signals the ordinary way.
package final class SignalInbox {
    package let descriptor: Int32

    /// Blocks `signals` in the calling thread and in every thread it starts from now on.
    package static func block(_ signals: [Int32]) {
        var mask = SignalInbox.mask(of: signals)
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    /// A non-blocking descriptor from which the (blocked) `signals` are read.
    package init(_ signals: [Int32]) throws(TerminalError) {
        var mask = SignalInbox.mask(of: signals)
        let descriptor = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard descriptor >= 0 else { throw TerminalError.systemCall("signalfd", errno: errno) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The signals that arrived since the last call, in order (none when the read would block).
    package func take() -> [Int32] {
        var signals: [Int32] = []
        var information = signalfd_siginfo()
        while read(descriptor, &information, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            signals.append(Int32(information.ssi_signo))
        }
        return signals
    }

    private static func mask(of signals: [Int32]) -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        return mask
    }
}
