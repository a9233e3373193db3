import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: `terminal` behaves like the terminal a user runs the
/// program in, and whatever is written to it can be read back from `controller`.
///
/// Glibc's Swift module leaves out `posix_openpt`, `unlockpt` and `ptsname_r`,
/// so the multiplexer device is opened directly and the two library functions
/// are looked up in the C library at run time.
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32

    /// Nil when the system offers no pseudo-terminals (e.g. a sandbox without /dev/pts).
    init?() {
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard controller >= 0 else { return nil }
        guard let name = Self.unlockAndName(controller) else {
            close(controller)
            return nil
        }
        let terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else {
            close(controller)
            return nil
        }
        self.controller = controller
        self.terminal = terminal
    }

    deinit {
        close(terminal)
        close(controller)
    }

    /// The terminal's current settings.
    func attributes() -> termios? {
        var attributes = termios()
        return tcgetattr(terminal, &attributes) == 0 ? attributes : nil
    }

    /// Sets the window size, as a terminal emulator does when its window is resized.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// What the program wrote, waiting up to a second for `count` bytes.
    func readOutput(count: Int) -> [UInt8] {
        var output: [UInt8] = []
        let deadline = Date().addingTimeInterval(1)
        while output.count < count, Date() < deadline {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let result = read(controller, &chunk, chunk.count)
            guard result > 0 else { break }
            output += chunk[..<result]
        }
        return output
    }

    /// Whatever is left to read right now, without waiting long.
    func drain() -> [UInt8] {
        var output: [UInt8] = []
        while true {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { return output }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let result = read(controller, &chunk, chunk.count)
            guard result > 0 else { return output }
            output += chunk[..<result]
        }
    }

    private typealias Unlock = @convention(c) (Int32) -> Int32
    private typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private static func unlockAndName(_ controller: Int32) -> String? {
        let library = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        guard let unlockSymbol = dlsym(library, "unlockpt"),
              let nameSymbol = dlsym(library, "ptsname_r") else { return nil }
        let unlock = unsafeBitCast(unlockSymbol, to: Unlock.self)
        let name = unsafeBitCast(nameSymbol, to: Name.self)
        guard unlock(controller) == 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 128)
        guard name(controller, &buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
