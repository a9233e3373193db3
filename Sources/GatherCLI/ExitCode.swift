import GatherClient

/// `gather COMMAND`'s exit statuses, as documented in the README.
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// The server refused (a 4xx other than 401), with its reason on stderr.
    case refused = 1
    case usage = 2
    case unreachable = 3
    /// Not logged in, or the session expired.
    case notLoggedIn = 4
    /// The server is there but cannot take it now (429 too many requests, 503 busy, 507 disk
    /// full): nothing was done; the same command later may work. (3, unreachable, is worth
    /// retrying too, and keeps its number for the scripts that test it.)
    case tryAgainLater = 5
    /// Ctrl-C at a prompt, as terminal programs have it: 128 + SIGINT.
    case interrupted = 130

    /// The status for a failure talking to the server.
    static func of(_ error: ServiceError) -> ExitCode {
        switch error {
        case .unreachable: return .unreachable
        // A token that may not do that: what is missing is the credential, as when not logged in.
        case .unauthorized, .insufficientScope: return .notLoggedIn
        case .rejected(let status, _) where [429, 503, 507].contains(status): return .tryAgainLater
        case .rejected, .unknownPlayers, .invalidResponse: return .refused
        }
    }
}

/// A command that stops with a status and a message for stderr.
struct CommandFailure: Error {
    let code: ExitCode
    let message: String

    static func usage(_ message: String) -> CommandFailure { CommandFailure(code: .usage, message: message) }

    /// Any error as a sentence for the screen: a failure's message, or what the error says of itself.
    static func describe(_ error: any Error) -> String {
        (error as? CommandFailure)?.message ?? "\(error)"
    }
}
