#if canImport(Glibc)
import Glibc
#endif

/// Why the terminal could not be switched to full-screen mode.
package enum TerminalError: Error, Equatable, Sendable {
    /// The input is not a terminal (redirected from a file or a pipe), so there is
    /// no raw mode to enter; the caller should fall back or explain.
    case notATerminal(fileDescriptor: Int32)
    /// A system call failed with this `errno`.
    case systemCall(String, errno: Int32)
}
