import Foundation
import Glibc

/// Where `gather login` and `gather register` get the password: `FG_PASSWORD`, else the terminal without echo, else one
/// line of standard input. Never an argument (it would show in `ps` and the shell history).
package struct PasswordSource: Sendable {
    let environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// A new password: on a terminal typed twice (a typo would lock the account's owner out),
    /// else as `read` has it, from `environmentName` (`FG_PASSWORD` when registering; `gather passwd`
    /// reads the current one from `FG_PASSWORD` and the new one from `FG_NEW_PASSWORD`).
    func readNew(prompt: String, environmentName: String = "FG_PASSWORD") throws -> String {
        let password = try read(prompt: prompt, environmentName: environmentName)
        guard environment[environmentName].map({ $0.isEmpty }) ?? true, isatty(STDIN_FILENO) == 1 else { return password }
        guard try readWithoutEcho(prompt: "Again, to be sure: ") == password else {
            throw CommandFailure.usage("the two passwords differ; nothing was done")
        }
        return password
    }

    func read(prompt: String, environmentName: String = "FG_PASSWORD") throws -> String {
        if let password = environment[environmentName], !password.isEmpty { return password }
        if isatty(STDIN_FILENO) == 1 { return try readWithoutEcho(prompt: prompt) }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandFailure.usage("no password: set \(environmentName), or pipe it on standard input")
        }
        return line
    }

    /// Reads key by key with echo and signals off, so Ctrl-C can put the terminal back as it was
    /// before leaving (a signal would kill gather with echo still off). Echo goes off before the
    /// prompt shows, and nothing typed is flushed either way: a password typed or pasted as soon
    /// as the prompt appears is neither shown nor lost.
    private func readWithoutEcho(prompt: String) throws -> String {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw CommandFailure.usage("cannot read the terminal") }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            StandardStream.write("\n", to: STDERR_FILENO)
        }
        StandardStream.write(prompt, to: STDERR_FILENO)
        var bytes: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
            switch byte {
            case 0x0A, 0x0D: return try nonEmpty(bytes)
            case 0x03: throw CommandFailure(code: .interrupted, message: "login cancelled")
            case 0x04 where bytes.isEmpty: throw CommandFailure(code: .interrupted, message: "login cancelled")
            case 0x7F, 0x08:
                // Back one character: its UTF-8 continuation bytes, then its first byte.
                while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
                if !bytes.isEmpty { bytes.removeLast() }
            default: bytes.append(byte)
            }
        }
        return try nonEmpty(bytes)
    }

    private func nonEmpty(_ bytes: [UInt8]) throws -> String {
        guard !bytes.isEmpty else { throw CommandFailure.usage("no password given") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
