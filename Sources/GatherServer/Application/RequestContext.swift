import FoundationEssentials
import GatherDomain
import GatherText
import GatherWire
import HTTP
import Storage

/// Everything a handler gets: the request, its route parameters, the services, and the database
/// as the thread it runs on may use it: `WorkerDatabase` on a worker or the committer, `LoopReads`
/// (reads only, never waiting) on an event loop. A handler written for the loop cannot write or
/// wait, because its context offers no way to.
struct RequestContext<Access: Sendable>: Sendable {
    let request: HTTPRequest
    let parameters: RouteParameters
    let services: Services
    let database: Access
    /// Who it comes from, once authenticated (for the access log).
    let caller: CallerNote

    init(request: HTTPRequest, parameters: RouteParameters, services: Services, database: Access, caller: CallerNote = CallerNote()) {
        self.request = request
        self.parameters = parameters
        self.services = services
        self.database = database
        self.caller = caller
    }

    /// The same request for a handler that runs elsewhere (a quick read the loop handed to a worker).
    func using<Other>(_ database: Other) -> RequestContext<Other> {
        RequestContext<Other>(request: request, parameters: parameters, services: services, database: database, caller: caller)
    }

    /// Decodes a JSON body. An empty body is read as `emptyBody` when one is given (`{}` for optional bodies).
    func decodeBody<T: Decodable>(_ type: T.Type, emptyBody: String? = nil) throws -> T {
        if let contentType = request.headers[HTTPHeaders.Name.contentType], !JSONContentType.names(contentType) {
            throw APIError(.unsupportedMediaType, "Content-Type must be application/json")
        }
        var body = request.body
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            guard let emptyBody else { throw ValidationError(field: nil, message: "a JSON body is required") }
            body = Array(emptyBody.utf8)
        }
        return try WireFormat.decode(type, from: body)
    }
}

/// A write's JSON body, decoded on the event loop before the write is queued, and handed to its
/// handler as the type the route was declared with: the value, or the error decoding met, thrown
/// where the handler reads it, so a request wrong in two ways is answered as it always was (an
/// unknown id before a bad body, say).
struct DecodedBody<Body: Sendable>: Sendable {
    let result: Result<Body, any Error>

    func value() throws -> Body { try result.get() }
}

/// The context of a route that needs a session: the bearer token was valid, so the caller and
/// the token's digest are always there.
struct AuthenticatedContext<Access: Sendable>: Sendable {
    let base: RequestContext<Access>
    let user: User
    /// The digest of the bearer token, for logout.
    let tokenDigest: [UInt8]
    /// A login session or an API token (which one logout revokes).
    let credential: Credential
    /// The group the request acts on and the caller's role in it, checked before the handler runs.
    let group: GroupAccess
    /// When the session or token the caller came with expires.
    var credentialExpiresAt: Date? = nil
    /// For a route that shows ratings: whether the group's ratings may be behind its results (a
    /// settlement still due after the pipeline's bounded wait), so that the handler reads and
    /// shows how they stand. False: settled, nothing to read.
    var ratingsMayBeBehind = false

    /// How the group's ratings stand, read only when they may be behind.
    func ratingStanding(_ database: Database) throws -> RatingStanding {
        ratingsMayBeBehind ? try RatingRepository(database).standing(owner: owner) : RatingStanding(isStale: false, settledAt: nil)
    }

    /// The group the request acts on: every player, gather and share a handler reaches is scoped to it.
    var owner: UUID { group.id }
    /// The caller's account.
    var caller: UUID { user.id }

    /// A path of the group's own resources (`/api/players/7`) as this request named the group:
    /// under `/api/groups/{groupId}` when it came that way, so a `Location` or a next page's `Link`
    /// leads back to the same group.
    func groupPath(_ path: String) -> String {
        guard let group = parameters.values["groupId"], path.hasPrefix("/api/") else { return path }
        return "/api/groups/\(group)" + path.dropFirst(4)
    }
    var request: HTTPRequest { base.request }
    var parameters: RouteParameters { base.parameters }
    var services: Services { base.services }
    var database: Access { base.database }

    func decodeBody<T: Decodable>(_ type: T.Type, emptyBody: String? = nil) throws -> T {
        try base.decodeBody(type, emptyBody: emptyBody)
    }
}

/// The group a request acts on: `/api/groups/{groupId}/…` names one the caller belongs to; the
/// original routes act on the caller's own group, which has the account's id and where the account
/// is always an owner (so those need no look-up).
struct GroupAccess: Sendable, Equatable {
    let id: UUID
    let role: GroupRole

    static func own(_ user: User) -> GroupAccess { GroupAccess(id: user.id, role: .owner) }
}
