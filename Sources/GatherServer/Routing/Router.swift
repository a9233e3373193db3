import FoundationEssentials
import GatherDomain
import GatherWire
import HTTP

/// What answers a route: a handler anyone may call, or one that needs a session (for which the
/// application has already checked the bearer token, so the handler gets the caller for sure);
/// each either for a worker (it may wait: `WorkerDatabase`) or for the event loop (it reads only,
/// with the loop's own connection, and never waits: `LoopReads`).
enum RouteHandler: Sendable {
    case open(@Sendable (RequestContext<WorkerDatabase>) throws -> HTTPResponse)
    case authenticated(@Sendable (AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse)
    case quickOpen(@Sendable (RequestContext<LoopReads>) throws -> HTTPResponse)
    case quickAuthenticated(@Sendable (AuthenticatedContext<LoopReads>) throws -> HTTPResponse)
}

/// What a route does before its handler is queued for the password-hashing pool: the cheap
/// checks (malformed input, throttles, rate limits) that must refuse a request without spending
/// a hash, and without taking a place in that pool's queue. It may return how to take back what
/// it counted, for when the request is refused after all (the queue is full).
typealias Admission = @Sendable (RequestContext<WorkerDatabase>) throws -> Undo?
typealias Undo = @Sendable () -> Void

/// Where a route's handler runs.
enum RouteWork: Sendable {
    /// On the server's ordinary workers.
    case ordinary
    /// On the event loop that read the request, with that loop's own read connection: a read of
    /// one owner's rows, small and never waiting on a writer (WAL readers do not), not worth two
    /// thread hops. One that runs past the loop's read budget is handed to the workers instead.
    case quick
    /// Authenticated on the event loop, then run whole on the database's committer thread as one
    /// write of a group commit, and answered once that group is on disk: no worker waits.
    case write
    /// On the small password-hashing pool, once `Admission` let it in; refused with 503 when
    /// that pool's queue is full, so hashing never holds up other requests.
    case passwordHashing(Admission)
}

struct Route: Sendable {
    enum Component: Sendable, Equatable {
        case constant(String)
        case parameter(String)
    }

    let method: HTTPMethod
    private(set) var components: [Component]
    let work: RouteWork
    let handler: RouteHandler
    /// For a write with a JSON body: decodes it ahead, on the event loop (`RequestContext.decodingBodyAhead`).
    let decodeBodyAhead: (@Sendable (RequestContext<WorkerDatabase>) -> RequestContext<WorkerDatabase>)?
    /// The least role in the group it acts on that an authenticated route needs: reads need a
    /// viewer, changes an organiser, unless the route says otherwise (`requiring`).
    private(set) var role: GroupRole
    /// What the bearer token must allow: reads need any token, changes a write token or a
    /// session, unless the route says otherwise (`requiring`).
    private(set) var permission: Permission
    /// Whether its answer shows ratings: a group's settlement under way is waited for, a
    /// bounded time, before it runs (`readingRatings`).
    private(set) var readsRatings = false
    /// Whether it can end someone's way in (a member removed, a password changed, an account or
    /// group closed): once it has committed, the event streams no longer let in end at once
    /// (`endingAccess`), not at the account watch's next look.
    private(set) var endsAccess = false

    /// A route anyone may call. `pattern` is a path like `/api/players/:id`.
    init(_ method: HTTPMethod, _ pattern: String, work: RouteWork = .ordinary,
         handler: @escaping @Sendable (RequestContext<WorkerDatabase>) throws -> HTTPResponse) {
        self.init(method, pattern, work: work, handler: .open(handler))
    }

    /// A route for a logged-in caller (a valid bearer token).
    init(_ method: HTTPMethod, _ pattern: String, work: RouteWork = .ordinary,
         authenticated handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse) {
        self.init(method, pattern, work: work, handler: .authenticated(handler))
    }

    /// A quick read anyone may call, answered on the event loop.
    init(_ method: HTTPMethod, _ pattern: String, quick handler: @escaping @Sendable (RequestContext<LoopReads>) throws -> HTTPResponse) {
        self.init(method, pattern, work: .quick, handler: .quickOpen(handler))
    }

    /// A quick read of the caller's own rows, answered on the event loop.
    init(_ method: HTTPMethod, _ pattern: String,
         quickAuthenticated handler: @escaping @Sendable (AuthenticatedContext<LoopReads>) throws -> HTTPResponse) {
        self.init(method, pattern, work: .quick, handler: .quickAuthenticated(handler))
    }

    /// A write for a logged-in caller whose handler reads a `Body` from the request: the body is
    /// decoded on the event loop, so the committer thread, which runs the writes of a group one
    /// after another, only applies it. `emptyBody` as the handler's `decodeBody` has it.
    init<Body: Decodable & Sendable>(_ method: HTTPMethod, _ pattern: String, writing body: Body.Type, emptyBody: String? = nil,
                                     authenticated handler: @escaping @Sendable (AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse) {
        self.init(method, pattern, work: .write, handler: .authenticated(handler),
                  decodeBodyAhead: { $0.decodingBodyAhead(Body.self, emptyBody: emptyBody) })
    }

    /// The pattern as metrics name it: `/api/players/{id}` (never a request's own values).
    var label: String {
        "/" + components.map { component in
            switch component {
            case .constant(let text): return text
            case .parameter(let name): return "{\(name)}"
            }
        }.joined(separator: "/")
    }

    /// Whether it may change what its caller owns: anything but a read. After such a request the
    /// caller's cached roster is forgotten, whatever the route (a safe over-approximation).
    var writes: Bool {
        method != .get && method != .head
    }

    /// Whether the application answers it from the event loop (at once, or after its commit).
    var answersOnLoop: Bool {
        switch work {
        case .quick, .write: return true
        case .ordinary, .passwordHashing: return false
        }
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

    /// The same route for a change that can end someone's way in.
    func endingAccess() -> Route {
        var route = self
        route.endsAccess = true
        return route
    }

    /// The same route for any group the caller belongs to: `/api/players` as
    /// `/api/groups/:groupId/players`.
    func inGroup() -> Route {
        var route = self
        route.components = [.constant("api"), .constant("groups"), .parameter("groupId")] + components.dropFirst()
        return route
    }

    private init(_ method: HTTPMethod, _ pattern: String, work: RouteWork, handler: RouteHandler,
                 decodeBodyAhead: (@Sendable (RequestContext<WorkerDatabase>) -> RequestContext<WorkerDatabase>)? = nil) {
        self.method = method
        self.decodeBodyAhead = decodeBodyAhead
        role = method == .get || method == .head ? .viewer : .organiser
        permission = method == .get || method == .head ? .read : .write
        self.components = pattern.split(separator: "/").map { part in
            part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .constant(String(part))
        }
        self.work = work
        self.handler = handler
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

    /// The label of the route a request for `path` would reach (`Route.label`); nil for none.
    func label(method: HTTPMethod, path: String) -> String? {
        guard let request = try? HTTPRequest(method: method, target: path),
              case .found(let route, _) = match(method: method, segments: request.pathSegments) else { return nil }
        return route.label
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
