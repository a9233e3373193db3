import GatherClient

/// `gather COMMAND`'s exit statuses, as documented in the README.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The server refused (a 4xx other than 401), with its reason on stderr.
    case refused = 1
    case usage = 2
    case unreachable = 3
    /// Not logged in, or the session expired.
    case notLoggedIn = 4
    /// Ctrl-C at a prompt, as terminal programs have it: 128 + SIGINT.
    case interrupted = 130

    /// The status for a failure talking to the server.
    static func of(_ error: ServiceError) -> ExitCode {
        switch error {
        case .unreachable: return .unreachable
        case .unauthorized: return .notLoggedIn
        case .rejected, .unknownPlayers, .invalidResponse: return .refused
        }
    }
}

/// A command that stops with a status and a message for stderr.
struct CommandFailure: Error {
    let code: ExitCode
    let message: String

    static func usage(_ message: String) -> CommandFailure { CommandFailure(code: .usage, message: message) }
}
