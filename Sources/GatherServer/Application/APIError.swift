import FoundationEssentials
import GatherCore
import HTTP

/// An error a handler means to show the client: a status, a reason, maybe headers.
public struct APIError: Error, Sendable, CustomStringConvertible {
    public let status: HTTPStatus
    public let reason: String
    public var headers: HTTPHeaders
    /// The players the refusal is about (`playerIds` in the body), when it is about some.
    package var playerIDs: [Int]?

    public init(_ status: HTTPStatus, _ reason: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.reason = reason
        self.headers = headers
    }

    public static func badRequest(_ reason: String) -> APIError { APIError(.badRequest, reason) }
    public static func notFound(_ reason: String) -> APIError { APIError(.notFound, reason) }

    public static func conflict(_ reason: String) -> APIError { APIError(.conflict, reason) }

    /// 429 with the wait in whole seconds, in the reason and in `Retry-After`.
    public static func tooManyRequests(_ reason: String, retryAfter wait: TimeInterval) -> APIError {
        let seconds = Int(max(1, wait.rounded(.up)))
        return APIError(.tooManyRequests, "\(reason); try again in \(seconds) seconds", headers: [HTTPHeaders.Name.retryAfter: String(seconds)])
    }

    public static let loginFailed = APIError(.unauthorized, "invalid username or password",
                                             headers: [HTTPHeaders.Name.wwwAuthenticate: "Basic realm=\"football-gather\""])
    public static func bearerRequired(_ reason: String) -> APIError {
        APIError(.unauthorized, reason, headers: [HTTPHeaders.Name.wwwAuthenticate: "Bearer realm=\"football-gather\""])
    }

    public var description: String { "\(status.code) \(reason)" }
}

extension APIError {
    static let groupNotFound = APIError.notFound("group not found")

    /// An API token asked for more than its scope allows.
    static func tokenTooWeak(needs needed: Permission) -> APIError {
        switch needed {
        case .account:
            return APIError(.forbidden, "an API token cannot do that: log in (gather login) to manage the account, its API tokens, "
                            + "groups, members, invitations or share links")
        case .write, .read:
            return APIError(.forbidden, "this API token can only read (scope read); make a write token for changes")
        }
    }

    /// The caller's role in the group does not allow the route.
    static func roleTooLow(_ role: GroupRole, needs needed: GroupRole) -> APIError {
        switch needed {
        case .owner:
            return APIError(.forbidden, "only the group's owners can do that (you are \(role == .organiser ? "an" : "a") \(role.rawValue) of it)")
        case .organiser, .viewer:
            return APIError(.forbidden, "a viewer of this group can read it but not change it")
        }
    }
}
