import FoundationEssentials
import GatherDomain
import HTTP

/// An error a handler means to show the client: a status, a reason, maybe headers.
package struct APIError: Error, Sendable, CustomStringConvertible {
    package let status: HTTPStatus
    package let reason: String
    package var headers: HTTPHeaders
    /// The players the refusal is about (`playerIds` in the body), when it is about some.
    package var playerIDs: [Int]?

    package init(_ status: HTTPStatus, _ reason: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.reason = reason
        self.headers = headers
    }

    package static func badRequest(_ reason: String) -> APIError { APIError(.badRequest, reason) }
    package static func notFound(_ reason: String) -> APIError { APIError(.notFound, reason) }

    package static func conflict(_ reason: String) -> APIError { APIError(.conflict, reason) }

    /// 429 with the wait in whole seconds, in the reason and in `Retry-After`.
    package static func tooManyRequests(_ reason: String, retryAfter wait: TimeInterval) -> APIError {
        let seconds = Int(max(1, wait.rounded(.up)))
        return APIError(.tooManyRequests, "\(reason); try again in \(seconds) seconds", headers: [HTTPHeaders.Name.retryAfter: String(seconds)])
    }

    package static let loginFailed = APIError(.unauthorized, "invalid username or password",
                                             headers: [HTTPHeaders.Name.wwwAuthenticate: "Basic realm=\"football-gather\""])
    package static func bearerRequired(_ reason: String) -> APIError {
        APIError(.unauthorized, reason, headers: [HTTPHeaders.Name.wwwAuthenticate: "Bearer realm=\"football-gather\""])
    }

    package var description: String { "\(status.code) \(reason)" }
}

extension APIError {
    static let groupNotFound = APIError.notFound("group not found")

    /// An API token asked for more than its scope allows.
    static func tokenTooWeak(needs needed: Permission) -> APIError {
        // RFC 6750: the credential is the problem, not the caller's role; a client can tell it by the header.
        let scope: HTTPHeaders = [HTTPHeaders.Name.wwwAuthenticate: "Bearer realm=\"football-gather\", error=\"insufficient_scope\""]
        switch needed {
        case .account:
            return APIError(.forbidden, "an API token cannot do that: log in (gather login) to manage the account, its API tokens, "
                            + "groups, members, invitations or share links", headers: scope)
        case .write, .read:
            return APIError(.forbidden, "this API token can only read (scope read); make a write token for changes", headers: scope)
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
