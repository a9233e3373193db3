#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The terminal the program runs in: its size, raw full-screen mode and output.
///
/// `@unchecked Sendable` is sound because the only mutable state, the settings
/// saved on entering full screen, is read and written under `lock`, and the file
/// descriptors are immutable. The same lock serialises writes, so frames written
/// from different threads never interleave on screen.
package final class TerminalDevice: @unchecked Sendable {
    /// The bell character: most terminals beep or flash, e.g. on invalid input.
    package static let bell: [UInt8] = [0x07]

    private let input: Int32
    private let output: Int32
    private let lock = NSLock()
    /// The user's settings while in full screen; nil otherwise. Guarded by `lock`.
    private var savedAttributes: termios?

    /// - Parameters:
    ///   - input: where keys are read from, and whose settings raw mode changes.
    ///   - output: where frames are written.
    package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Leaving full screen with the object is a last resort; callers should
    /// restore explicitly, before printing anything to the normal screen.
    deinit {
        restore()
    }

    /// Whether `fileDescriptor` is a terminal, as opposed to a file or a pipe.
    package static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// Whether a terminal of type `term` (the TERM variable) can place the cursor and switch to the
    /// alternate screen, as every ANSI terminal can. `dumb` (Emacs shells, some CI consoles) cannot;
    /// an unset TERM is taken to be ANSI, as most terminals are.
    package static func canAddressCursor(term: String?) -> Bool {
        guard let term = term?.trimmingCharacters(in: .whitespaces), !term.isEmpty else { return true }
        return !["dumb", "unknown"].contains(term.lowercased())
    }

    /// The terminal's size, or nil when neither descriptor is a terminal (or the
    /// terminal reports no size, as some serial lines do).
    package func size() -> (columns: Int, rows: Int)? {
        for descriptor in [output, input] {
            var windowSize = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &windowSize) == 0, windowSize.ws_col > 0, windowSize.ws_row > 0 {
                return (Int(windowSize.ws_col), Int(windowSize.ws_row))
            }
        }
        return nil
    }

    /// Saves the user's settings, switches to raw mode (see `RawMode`), the
    /// alternate screen and a hidden cursor. Doing it twice has no further effect.
    ///
    /// - Throws: `TerminalError.notATerminal` when the input is not a terminal.
    package func enterFullScreen() throws {
        try lock.withLock {
            guard savedAttributes == nil else { return }
            var attributes = termios()
            guard tcgetattr(input, &attributes) == 0 else {
                let code = errno
                if code == ENOTTY {
                    throw TerminalError.notATerminal(fileDescriptor: input)
                }
                throw TerminalError.systemCall("tcgetattr", errno: code)
            }
            var raw = RawMode.applied(to: attributes)
            guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
                throw TerminalError.systemCall("tcsetattr", errno: errno)
            }
            savedAttributes = attributes
            CrashRestoration.arm(input: input, output: output, attributes: attributes)
            writeUnlocked(ControlSequence.resetStyle + ControlSequence.enterAlternateScreen + ControlSequence.hideCursor)
        }
    }

    /// Leaves full screen: default style, visible cursor, normal screen and the
    /// user's settings back. Safe to call at any time and any number of times,
    /// e.g. from both a signal path and normal shutdown.
    package func restore() {
        lock.withLock {
            guard var attributes = savedAttributes else { return }
            CrashRestoration.disarm()
            writeUnlocked(ControlSequence.resetStyle + ControlSequence.showCursor + ControlSequence.leaveAlternateScreen)
            _ = tcsetattr(input, TCSAFLUSH, &attributes)
            savedAttributes = nil
        }
    }

    /// Writes all of `bytes`, typically one whole frame.
    ///
    /// Partial writes are continued and interrupted ones retried; if the output
    /// was made non-blocking (it often shares its open file with the input, which
    /// an event loop may set non-blocking) this waits until it can write. Other
    /// errors, such as a closed terminal, drop the rest: there is nowhere left to
    /// show it.
    package func write(_ bytes: [UInt8]) {
        lock.withLock {
            writeUnlocked(bytes)
        }
    }

    /// Makes crashes (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) restore
    /// the terminal before the process ends, when it is in full screen at the
    /// time. Installed once per process; further calls do nothing.
    package func installCrashRestoration() {
        CrashRestoration.install()
    }

    private func writeUnlocked(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var written = 0
            while written < buffer.count {
                let result = Glibc.write(output, base + written, buffer.count - written)
                if result > 0 {
                    written += result
                    continue
                }
                guard result < 0 else { return }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    waitUntilWritable()
                default:
                    return
                }
            }
        }
    }

    private func waitUntilWritable() {
        var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, -1)
    }
}
