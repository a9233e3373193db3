import FoundationEssentials
import Glibc
import Networking

/// Reads the password for `gather-server user add`: asked for twice with echo off on a terminal,
/// else the first line of standard input (for scripts: `printf '%s\n' "$PASSWORD" | gather-server user add NAME`).
enum PasswordPrompt {
    enum Failure: Error, CustomStringConvertible {
        case noInput
        case mismatch

        var description: String {
            switch self {
            case .noInput: return "no password given on standard input"
            case .mismatch: return "the two passwords differ"
            }
        }
    }

    static func read(for username: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true) else { throw Failure.noInput }
            return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        let first = try withEchoOff { ask("Password for \(username): ") }
        let second = try withEchoOff { ask("Again: ") }
        guard first == second else { throw Failure.mismatch }
        return first
    }

    private static func ask(_ prompt: String) -> String? {
        StandardStream.error.write(prompt)
        defer { StandardStream.error.write("\n") }
        return readLine(strippingNewline: true)
    }

    private static func withEchoOff(_ body: () -> String?) throws -> String {
        var saved = termios()
        let canRestore = tcgetattr(STDIN_FILENO, &saved) == 0
        if canRestore {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer { if canRestore { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) } }
        guard let answer = body() else { throw Failure.noInput }
        return answer
    }
}
