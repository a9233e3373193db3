import FoundationEssentials
import GatherDomain
import GatherWeb
import GatherWire
import HTTP

/// What a route's handler needs before it is queued for the password-hashing pool: the cheap
/// checks (malformed input, throttles, rate limits) that must refuse a request without spending
/// a hash, and without taking a place in that pool's queue. It may return how to take back what
/// it counted, for when the request is refused after all (the queue is full).
typealias Admission = @Sendable (RequestContext<WorkerDatabase>) throws -> Admitted
typealias Undo = @Sendable () -> Void

/// A password route let in by its cheap checks.
struct Admitted: Sendable {
    /// Takes back what the checks counted, for a request refused after all (the queue is full).
    var undo: Undo?
    /// A login for an account from an address that account has logged in from before: the
    /// hashing queue serves it first (`FairHashingQueue`).
    var fromKnownAddress = false
}

/// What answers a route and where it runs: one case a way of running, each holding the only kind
/// of handler that way can run, so a route that would run a handler where it cannot (a write
/// without a caller, a loop handler that may wait) cannot be written.
enum RouteKind: Sendable {
    /// On the event loop that read the request, with that loop's own read connection: a read of
    /// one group's rows, small and never waiting on a writer (WAL readers do not), not worth two
    /// thread hops. One whose read would wait, or runs past the loop's read budget, is answered on
    /// a worker instead, by the same handler.
    case quick(Quick)
    /// On the server's ordinary workers.
    case worker(Handler)
    /// Authenticated (and its JSON body decoded) on the event loop, then run whole on the
    /// database's committer thread as one write of a group commit, and answered once that group
    /// is on disk: no worker waits. Always a caller's: nobody writes anonymously.
    case write(Write)
    /// On the small password-hashing pool, once `Admission` let it in; refused with 503 when
    /// that pool's queue is full, so hashing never holds up other requests.
    case passwordHashing(Admission, Handler)
    /// A friend's write through their personal link (`/p/<token>/…`): the link is the caller,
    /// found on the event loop with the request's origin and the link's rate checked, then run on
    /// the committer like any write. Never an account's: it reaches one player's answers only.
    case linkWrite(LinkWrite)

    enum Quick: Sendable {
        case open(@Sendable (RequestContext<LoopReads>) throws -> HTTPResponse)
        case authenticated(@Sendable (AuthenticatedContext<LoopReads>) throws -> HTTPResponse)
    }

    enum Handler: Sendable {
        case open(@Sendable (RequestContext<WorkerDatabase>) throws -> HTTPResponse)
        case authenticated(@Sendable (AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse)
        /// Ends someone's way in and says what (`AccessEnded`): answered 204 once the pipeline has acted on it.
        case endingAccess(@Sendable (AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded)
        /// A read that may keep what it worked out (`KeptOnRead`): when it did, a write's duties follow.
        case keeping(@Sendable (AuthenticatedContext<WorkerDatabase>) throws -> KeptOnRead)
    }

    struct Write: Sendable {
        /// Given the caller, on the event loop: the body decoded now into the type the handler
        /// takes (`DecodedBody`), and the handler with it, to run inside the write.
        let prepare: @Sendable (AuthenticatedContext<WorkerDatabase>) -> @Sendable () throws -> Answer
        /// Whether its handler returns what way in it ended.
        var endsAccess = false
    }

    struct LinkWrite: Sendable {
        /// Given the link's holder, on the event loop: the handler to run inside the write.
        let prepare: @Sendable (LinkContext) -> @Sendable () throws -> HTTPResponse
        /// How a refusal is shown to a friend (a page, not JSON): a bad link, a cross-site post,
        /// too many answers, or what the handler threw.
        let refusal: @Sendable (Services, SitePath?, any Error) -> HTTPResponse
    }

    /// What a write's handler gives back: its answer, or what way in it ended (answered 204).
    enum Answer: Sendable {
        case response(HTTPResponse)
        case ended(AccessEnded)
    }

    /// Whether it needs a caller (a valid bearer token) before its handler runs.
    var isAuthenticated: Bool {
        switch self {
        case .quick(.authenticated), .worker(.authenticated), .worker(.endingAccess), .worker(.keeping), .write,
             .passwordHashing(_, .authenticated), .passwordHashing(_, .endingAccess), .passwordHashing(_, .keeping):
            return true
        case .quick(.open), .worker(.open), .passwordHashing(_, .open), .linkWrite: return false
        }
    }

    /// Whether its handler ends someone's way in.
    var endsAccess: Bool {
        switch self {
        case .worker(.endingAccess), .passwordHashing(_, .endingAccess): true
        case .write(let write): write.endsAccess
        default: false
        }
    }
}

struct Route: Sendable {
    enum Component: Sendable, Equatable {
        case constant(String)
        case parameter(String)
    }

    let method: HTTPMethod
    private(set) var components: [Component]
    let kind: RouteKind
    /// The pattern as metrics and the access log name it: `/api/players/{id}` (never a request's
    /// own values), made once.
    private(set) var label: String
    /// The least role in the group it acts on that an authenticated route needs: reads need a
    /// viewer, changes an organiser, unless the route says otherwise (`requiring`).
    private(set) var role: GroupRole
    /// What the bearer token must allow: reads need any token, changes a write token or a
    /// session, unless the route says otherwise (`requiring`).
    private(set) var permission: Permission
    /// Whether its answer shows ratings: a group's settlement under way is waited for, a
    /// bounded time, before it runs (`readingRatings`).
    private(set) var readsRatings = false
    /// Whether it ends someone's way in (a member removed, a password changed, a session, an
    /// account or group closed): its handler says what (`AccessEnded`), and once that has
    /// committed the pipeline ends the sessions and streams it let in.
    var endsAccess: Bool { kind.endsAccess }
    /// Whether it can change what ratings are learned from (a result, a team, a declared level):
    /// the pipeline then applies a new latest result inside its write, or hands the group to the
    /// settler (`changingResults`). Debug builds check every other write changes none.
    private(set) var changesResults = false
    /// Whether its write may queue announcements for the group's channels (a fixture made,
    /// answered, cancelled; teams published; a result): the sender is woken once it commits
    /// (`announcing`). Other writes never wake it.
    private(set) var announces = false

    /// A route anyone may call, answered on a worker. `pattern` is a path like `/api/players/:id`.
    init(_ method: HTTPMethod, _ pattern: String, handler: @escaping @Sendable (RequestContext<WorkerDatabase>) throws -> HTTPResponse) {
        self.init(method, pattern, kind: .worker(.open(handler)))
    }

    /// A route for a logged-in caller (a valid bearer token), answered on a worker.
    init(_ method: HTTPMethod, _ pattern: String,
         authenticated handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse) {
        self.init(method, pattern, kind: .worker(.authenticated(handler)))
    }

    /// A route anyone may call that hashes a password (a registration, a login).
    init(_ method: HTTPMethod, _ pattern: String, hashing admission: @escaping Admission,
         handler: @escaping @Sendable (RequestContext<WorkerDatabase>) throws -> HTTPResponse) {
        self.init(method, pattern, kind: .passwordHashing(admission, .open(handler)))
    }

    /// A logged-in caller's route that hashes a password (a password change).
    init(_ method: HTTPMethod, _ pattern: String, hashing admission: @escaping Admission,
         authenticated handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse) {
        self.init(method, pattern, kind: .passwordHashing(admission, .authenticated(handler)))
    }

    /// A quick read anyone may call, answered on the event loop.
    init(_ method: HTTPMethod, _ pattern: String, quick handler: @escaping @Sendable (RequestContext<LoopReads>) throws -> HTTPResponse) {
        self.init(method, pattern, kind: .quick(.open(handler)))
    }

    /// A quick read of the caller's own rows, answered on the event loop.
    init(_ method: HTTPMethod, _ pattern: String,
         quickAuthenticated handler: @escaping @Sendable (AuthenticatedContext<LoopReads>) throws -> HTTPResponse) {
        self.init(method, pattern, kind: .quick(.authenticated(handler)))
    }

    /// A write without a body for a logged-in caller, run on the committer.
    init(_ method: HTTPMethod, _ pattern: String,
         write handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse) {
        self.init(method, pattern, kind: .write(RouteKind.Write { context in { .response(try handler(context)) } }))
    }

    /// A write without a body that ends someone's way in, run on the committer (`AccessEnded`).
    init(_ method: HTTPMethod, _ pattern: String,
         writeEndingAccess handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded) {
        self.init(method, pattern, kind: .write(RouteKind.Write(prepare: { context in { .ended(try handler(context)) } }, endsAccess: true)))
    }

    /// A logged-in caller's route that ends someone's way in, answered on a worker (`AccessEnded`).
    init(_ method: HTTPMethod, _ pattern: String,
         endingAccess handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded) {
        self.init(method, pattern, kind: .worker(.endingAccess(handler)))
    }

    /// A caller's read on the workers that may keep what it worked out, a write of its own
    /// (`RouteKind.Handler.keeping`).
    init(_ method: HTTPMethod, _ pattern: String,
         keeping handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> KeptOnRead) {
        self.init(method, pattern, kind: .worker(.keeping(handler)))
    }

    /// A logged-in caller's route that hashes a password and ends some of their ways in (a password change).
    init(_ method: HTTPMethod, _ pattern: String, hashing admission: @escaping Admission,
         endingAccess handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded) {
        self.init(method, pattern, kind: .passwordHashing(admission, .endingAccess(handler)))
    }

    /// A friend's write through their personal link, run on the committer (`RouteKind.linkWrite`).
    init(_ method: HTTPMethod, _ pattern: String, linkWrite handler: @escaping @Sendable (LinkContext) throws -> HTTPResponse,
         refusal: @escaping @Sendable (Services, SitePath?, any Error) -> HTTPResponse) {
        self.init(method, pattern, kind: .linkWrite(RouteKind.LinkWrite(prepare: { context in { try handler(context) } }, refusal: refusal)))
    }

    /// A write for a logged-in caller whose handler takes a `Body`: decoded on the event loop (an
    /// empty body read as `emptyBody` when there is one), so the committer thread, which runs the
    /// writes of a group one after another, only applies it. The body's type is the handler's.
    init<Body: Decodable & Sendable>(_ method: HTTPMethod, _ pattern: String, emptyBody: String? = nil,
                                     writing handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>, DecodedBody<Body>) throws
                                         -> HTTPResponse) {
        self.init(method, pattern, kind: .write(RouteKind.Write { context in
            let body = DecodedBody(result: Result { try context.decodeBody(Body.self, emptyBody: emptyBody) })
            return { .response(try handler(context, body)) }
        }))
    }

    /// Whether it may change what its caller owns: anything but a read. After such a request the
    /// caller's cached roster is forgotten, whatever the route (a safe over-approximation).
    var writes: Bool {
        method != .get && method != .head
    }

    /// The same route for callers with at least `role` in the group.
    func requiring(_ role: GroupRole) -> Route {
        var route = self
        route.role = role
        return route
    }

    /// The same route for callers whose token allows `permission`.
    func requiring(_ permission: Permission) -> Route {
        var route = self
        route.permission = permission
        return route
    }

    /// The same route for an answer that shows ratings.
    func readingRatings() -> Route {
        var route = self
        route.readsRatings = true
        return route
    }

    /// The same route for a write that can change what ratings are learned from.
    func changingResults() -> Route {
        var route = self
        route.changesResults = true
        return route
    }

    /// The same route for a write that may queue announcements.
    func announcing() -> Route {
        var route = self
        route.announces = true
        return route
    }

    /// The same route for any group the caller belongs to: `/api/players` as
    /// `/api/groups/:groupId/players`.
    func inGroup() -> Route {
        var route = self
        route.components = [.constant("api"), .constant("groups"), .parameter("groupId")] + components.dropFirst()
        route.label = Route.label(of: route.components)
        return route
    }

    private init(_ method: HTTPMethod, _ pattern: String, kind: RouteKind) {
        self.method = method
        self.kind = kind
        role = method == .get || method == .head ? .viewer : .organiser
        permission = method == .get || method == .head ? .read : .write
        components = pattern.split(separator: "/").map { part in
            part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .constant(String(part))
        }
        label = Route.label(of: components)
    }

    private static func label(of components: [Component]) -> String {
        "/" + components.map { component in
            switch component {
            case .constant(let text): return text
            case .parameter(let name): return "{\(name)}"
            }
        }.joined(separator: "/")
    }

    /// The parameters if `segments` fit the pattern.
    func match(_ segments: [String]) -> [String: String]? {
        guard segments.count == components.count else { return nil }
        var parameters: [String: String] = [:]
        for (component, segment) in zip(components, segments) {
            switch component {
            case .constant(let text):
                guard text == segment else { return nil }
            case .parameter(let name):
                parameters[name] = segment
            }
        }
        return parameters
    }
}

/// Finds the route for a method and path; tells 404 (no such path) from 405 (path exists, method does not).
struct Router: Sendable {
    enum Match {
        case found(Route, RouteParameters)
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    private(set) var routes: [Route] = []
    /// The routes by their number of segments, in the order added: a request is compared with
    /// those of its own length only (a third of the list at most), on every request.
    private var routesByLength: [Int: [Route]] = [:]

    mutating func add(_ route: Route) {
        routes.append(route)
        routesByLength[route.components.count, default: []].append(route)
    }

    func match(method: HTTPMethod, segments: [String]) -> Match {
        var allowed: [HTTPMethod] = []
        var headFallback: (Route, [String: String])?
        for route in routesByLength[segments.count] ?? [] {
            guard let parameters = route.match(segments) else { continue }
            if route.method == method {
                return .found(route, RouteParameters(values: parameters))
            }
            if method == .head && route.method == .get {
                headFallback = (route, parameters)
            }
            allowed.append(route.method)
        }
        // HEAD is GET without the body (RFC 9110 §9.3.2).
        if let (route, parameters) = headFallback {
            return .found(route, RouteParameters(values: parameters))
        }
        if allowed.isEmpty { return .notFound }
        if allowed.contains(.get) { allowed.append(.head) }
        return .methodNotAllowed(allowed: allowed)
    }
}

/// The values of a route's `:name` components, read as the type the handler needs.
/// A value that is not of that type names no resource: 404.
struct RouteParameters: Sendable {
    let values: [String: String]

    func int(_ name: String, resource: String) throws -> Int {
        guard let text = values[name], let value = Int(text), value > 0 else {
            throw APIError.notFound("\(resource) not found")
        }
        return value
    }

    func uuid(_ name: String, resource: String) throws -> UUID {
        guard let text = values[name], let value = UUID(canonicalText: text) else {
            throw APIError.notFound("\(resource) not found")
        }
        return value
    }
}

/// A read's answer, and whether it kept something it worked out on the way (a season's awards
/// frozen at the first read after they were due): then what readers see of the group is read
/// afresh and the channels' sender looks, as after any write.
struct KeptOnRead: Sendable {
    let response: HTTPResponse
    let keptSomething: Bool
}
