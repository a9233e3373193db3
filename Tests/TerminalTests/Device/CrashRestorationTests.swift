import Terminal
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A crash in full screen must hand the terminal back in a usable state.
final class CrashRestorationTests: XCTestCase {
    private let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    func testCrashRestoresTheTerminalAndStillEndsTheProcessBySignal() throws {
        guard let pty = PseudoTerminal() else {
            return XCTFail("no pseudo-terminal could be opened (/dev/ptmx): raw mode cannot be tested")
        }
        // Start from the default actions, so the re-raised signal simply ends the
        // child process, and put the test runner's own handlers back afterwards.
        var originals = Array(repeating: sigaction(), count: crashSignals.count)
        for (index, signal) in crashSignals.enumerated() {
            var defaultAction = sigaction()
            defaultAction.__sigaction_handler.sa_handler = SIG_DFL
            sigaction(signal, &defaultAction, &originals[index])
        }
        defer {
            for (index, signal) in crashSignals.enumerated() {
                sigaction(signal, &originals[index], nil)
            }
        }

        let device = TerminalDevice(input: pty.terminal, output: pty.terminal)
        device.installCrashRestoration()
        for signal in crashSignals {
            var current = sigaction()
            sigaction(signal, nil, &current)
            XCTAssertNotEqual(
                unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self),
                unsafeBitCast(SIG_DFL, to: Int.self),
                "handler for signal \(signal)")
        }

        let before = try XCTUnwrap(pty.attributes())
        try device.enterFullScreen()
        _ = pty.readOutput(count: 16)
        XCTAssertEqual(try XCTUnwrap(pty.attributes()).c_lflag & tcflag_t(ECHO), 0)

        let child = fork()
        if child == 0 {
            // Only async-signal-safe calls between fork and exit.
            var noCoreDump = rlimit(rlim_cur: 0, rlim_max: 0)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCoreDump)
            raise(SIGABRT)
            _exit(0)
        }
        XCTAssertGreaterThan(child, 0)
        var status: Int32 = 0
        _ = waitpid(child, &status, 0)
        XCTAssertEqual(status & 0x7F, SIGABRT, "the process still dies of its signal")

        let restored = try XCTUnwrap(pty.attributes())
        XCTAssertEqual(restored.c_lflag, before.c_lflag, "echo and line editing are back")
        let output = String(decoding: pty.readOutput(count: 18), as: UTF8.self)
        XCTAssertEqual(output, "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")

        device.restore()
    }
}
