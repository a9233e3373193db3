import Foundation
import Glibc

/// Where `fg login` gets the password: `FG_PASSWORD`, else the terminal without echo, else one
/// line of standard input. Never an argument (it would show in `ps` and the shell history).
public struct PasswordSource: Sendable {
    let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    func read(prompt: String) throws -> String {
        if let password = environment["FG_PASSWORD"], !password.isEmpty { return password }
        if isatty(STDIN_FILENO) == 1 { return try readWithoutEcho(prompt: prompt) }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandFailure.usage("no password: set FG_PASSWORD, or pipe it on standard input")
        }
        return line
    }

    private func readWithoutEcho(prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw CommandFailure.usage("cannot read the terminal") }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw CommandFailure.usage("no password given") }
        return line
    }
}
