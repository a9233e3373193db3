#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Gives the terminal back to the user when the program crashes in full-screen
/// mode; otherwise the shell is left without echo, without a cursor and on the
/// alternate screen.
///
/// A signal handler may only make async-signal-safe calls: no allocation, no
/// locks, no Swift runtime machinery that might take one. So everything it needs
/// (the file descriptors, the saved settings, the bytes to write, the previous
/// signal actions) is prepared beforehand in raw memory allocated once and
/// never freed, reached through `nonisolated(unsafe)` constants. They are
/// `unsafe` because the handler reads them without synchronisation while the
/// program may be updating them; that is accepted because the writes happen
/// only at the rare moments the terminal mode changes, and a crash at exactly
/// that moment at worst restores slightly stale settings of a process that is
/// dying anyway. The constants are all touched before any handler is installed,
/// so their lazy initialisation never runs inside a handler.
enum CrashRestoration {
    /// The signals that end a program abnormally without its cooperation.
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// What the handler restores, or `isArmed == false` when not in full screen.
    struct State {
        var isArmed = false
        var inputDescriptor: Int32 = -1
        var outputDescriptor: Int32 = -1
        var attributes = termios()
    }

    nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()

    /// The bytes that leave full-screen mode, copied out of Swift arrays.
    nonisolated(unsafe) private static let exitSequence: UnsafeBufferPointer<UInt8> = {
        let bytes = ControlSequence.resetStyle + ControlSequence.showCursor + ControlSequence.leaveAlternateScreen
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return UnsafeBufferPointer(buffer)
    }()

    /// The actions in place before installation, indexed by signal number, so a
    /// crash still ends the way it would have (core dump, or the Swift runtime's
    /// backtrace) once the terminal is restored.
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: actionSlots)
        pointer.initialize(repeating: sigaction(), count: actionSlots)
        return pointer
    }()

    private static let actionSlots = 65
    private static let installation = NSLock()
    nonisolated(unsafe) private static var isInstalled = false

    /// Records the settings to restore on a crash: called on entering full screen.
    static func arm(input: Int32, output: Int32, attributes: termios) {
        state.pointee.isArmed = false
        state.pointee.inputDescriptor = input
        state.pointee.outputDescriptor = output
        state.pointee.attributes = attributes
        state.pointee.isArmed = true
    }

    /// Called when full screen was left normally: nothing to restore any more.
    static func disarm() {
        state.pointee.isArmed = false
    }

    /// Installs the handlers, once per process.
    static func install() {
        installation.lock()
        defer { installation.unlock() }
        guard !isInstalled else { return }
        isInstalled = true

        // Initialise every global the handler reads, here rather than in it.
        _ = state
        _ = exitSequence
        _ = previousActions

        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in CrashRestoration.handle(signal) }
        sigemptyset(&action.sa_mask)
        // Run on the alternate signal stack when there is one, so a stack overflow
        // can still be handled.
        action.sa_flags = SA_ONSTACK
        for signal in signals where signal < Int32(actionSlots) {
            sigaction(signal, &action, previousActions + Int(signal))
        }
    }

    /// The signal handler: async-signal-safe calls only (`write`, `tcsetattr`,
    /// `sigaction`, `raise`).
    private static func handle(_ signal: Int32) {
        let current = state
        if current.pointee.isArmed {
            current.pointee.isArmed = false
            writeExitSequence(to: current.pointee.outputDescriptor)
            _ = withUnsafePointer(to: &current.pointee.attributes) { attributes in
                tcsetattr(current.pointee.inputDescriptor, TCSANOW, attributes)
            }
        }
        // Re-deliver the signal under the previous action. It is blocked while this
        // handler runs and is delivered as soon as the handler returns.
        if signal >= 0, signal < Int32(actionSlots) {
            sigaction(signal, previousActions + Int(signal), nil)
        } else {
            Glibc.signal(signal, SIG_DFL)
        }
        raise(signal)
    }

    private static func writeExitSequence(to descriptor: Int32) {
        guard let base = exitSequence.baseAddress else { return }
        var written = 0
        while written < exitSequence.count {
            let result = Glibc.write(descriptor, base + written, exitSequence.count - written)
            if result > 0 {
                written += result
            } else if result < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
