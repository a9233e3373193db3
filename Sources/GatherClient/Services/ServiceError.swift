/// What can go wrong talking to the server, worded for the person at the keyboard.
package enum ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No connection (refused, unreachable, timed out).
    case unreachable(String)
    /// The token is missing, unknown or expired; or a login failed.
    case unauthorized(String)
    /// The server refused the request with a reason (validation, conflict, not found…).
    case rejected(status: Int, reason: String)
    /// The server refused a whole match because these players are not on its roster (deleted
    /// meanwhile); nothing of it was stored.
    case unknownPlayers(ids: [Int], reason: String)
    /// The server answered with something this client does not understand.
    case invalidResponse(String)
    /// The token sent is valid but may not do that (RFC 6750's `insufficient_scope`: a read-only
    /// API token asked to change something, or any token asked to manage the account).
    case insufficientScope(String)

    package var message: String {
        switch self {
        case .unreachable(let detail): return detail
        case .unauthorized(let reason): return reason
        case .rejected(_, let reason), .unknownPlayers(_, let reason): return reason
        case .invalidResponse(let detail): return "Unexpected answer from the server: \(detail)"
        case .insufficientScope(let reason): return reason
        }
    }

    package var description: String { message }

    /// Any error as a `ServiceError`.
    package init(_ error: any Error) {
        if let error = error as? ServiceError {
            self = error
        } else {
            self = .invalidResponse("\(error)")
        }
    }
}
