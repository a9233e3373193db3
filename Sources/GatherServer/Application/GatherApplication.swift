import FoundationEssentials
import GatherCore
import HTTP
import Networking
import Storage

/// The Football Gather API as an `HTTPResponder`: routing, authentication, handlers, error mapping,
/// and the password-hashing pool that keeps logins and registrations apart from everything else.
public final class GatherApplication: HTTPResponder {
    /// What the application is built from, with the defaults `gather-server` uses.
    public struct Options: Sendable {
        public static let defaultTokenLifetime: Duration = .seconds(30 * 24 * 3600)
        /// Half the cores, at least one, so hashing never takes them all.
        public static let defaultHashingThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
        public static let defaultHashingQueueLimit = 32

        public var passwordHasher: any PasswordHashing = PasswordHasher()
        public var tokenLifetime = Options.defaultTokenLifetime
        public var loginThrottle = LoginThrottle()
        public var registration: RegistrationPolicy = .open
        public var registrationLimit = RegistrationLimit()
        /// Threads that hash passwords.
        public var hashingThreads = Options.defaultHashingThreads
        /// Logins and registrations waiting for a hashing thread at most; beyond, the newest of the
        /// address that asked most, or the newcomer, gets 503 at once (`FairHashingQueue`).
        public var hashingQueueLimit = Options.defaultHashingQueueLimit
        /// One client's logins and registrations queued or running at once at most; beyond, 429.
        public var hashingPerClient = 2
        public var now: @Sendable () -> Date = { Date() }
        /// Tokens whose owner is remembered between requests (0: every request reads the database).
        public var sessionCacheCapacity = SessionCache.defaultCapacity
        /// Bytes of roster JSON kept between requests (0: every list reads the database).
        public var rosterCacheBytes = Options.defaultRosterCacheBytes
        public static let defaultRosterCacheBytes = RosterCache.defaultCapacityBytes

        public init() {}
    }

    private let router: Router
    private let services: Services
    private let hashing: WorkerPool
    private let hashingAllowance: HashingAllowance
    private let hashingQueue: FairHashingQueue

    public init(database: DatabasePool, options: Options = Options(), log: ServerLog) throws {
        router = Routes.router()
        services = Services(database: database, passwordHasher: options.passwordHasher,
                            decoyHash: DecoyHash(hasher: options.passwordHasher), tokenLifetime: options.tokenLifetime,
                            loginThrottle: options.loginThrottle, registration: options.registration,
                            registrationLimit: options.registrationLimit, now: options.now, log: log,
                            sessions: SessionCache(capacity: options.sessionCacheCapacity),
                            rosters: RosterCache(capacityBytes: options.rosterCacheBytes))
        // Niced: a burst of logins must not take the CPU from ordinary requests.
        // No limit of its own: the fair queue in front of it holds the waiting logins and keeps the
        // limit, and hands the pool at most one job per thread.
        hashing = try WorkerPool(threads: options.hashingThreads, name: "gather-hashing", niceness: 10)
        hashingQueue = FairHashingQueue(pool: hashing, limit: options.hashingQueueLimit, now: options.now)
        hashingAllowance = HashingAllowance(limit: options.hashingPerClient)
        // Made in the background, so start-up does not wait for a yescrypt hash.
        let decoy = services.decoyHash
        hashing.submit { _ = decoy.value }
    }

    /// Quick routes, writes, and requests that match no route (404, 405) are taken from the event
    /// loop, with the route matched once for both the decision and the answer; see
    /// `respond(to:completion:)`.
    public func respondOnLoop(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
        let resolution: Resolution
        do {
            resolution = try resolve(request)
        } catch {
            completion(ErrorMapping.response(for: error, log: services.log))
            return true
        }
        if case let .handle(route, _) = resolution, !route.answersOnLoop { return false }
        respond(resolution, completion: completion)
        return true
    }

    /// Answers on the calling thread, hashing included.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        do {
            switch try resolve(request) {
            case .answered(let response):
                return response
            case let .handle(route, context):
                if case .passwordHashing(let admit) = route.work { _ = try admit(context) }
                return try run(route, context)
            }
        } catch {
            return ErrorMapping.response(for: error, log: services.log)
        }
    }

    /// Answers quick and ordinary requests on the calling thread (an event loop for quick ones, a
    /// worker for the others); hands writes to the group commit, answered after it; queues password
    /// hashing on its own pool, or refuses it at once with 503 when that pool's queue is full.
    public func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        do {
            respond(try resolve(request), completion: completion)
        } catch {
            completion(ErrorMapping.response(for: error, log: services.log))
        }
    }

    private func respond(_ resolution: Resolution, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        do {
            switch resolution {
            case .answered(let response):
                completion(response)
            case let .handle(route, context):
                switch route.work {
                case .quick, .ordinary:
                    completion(try run(route, context))
                case .write:
                    try runInGroupCommit(route, context, completion: completion)
                case .passwordHashing(let admit):
                    try runOnHashingPool(route, context, admit: admit, completion: completion)
                }
            }
        } catch {
            completion(ErrorMapping.response(for: error, log: services.log))
        }
    }

    /// A write: authenticated now (on the event loop), then the whole handler runs as one write of
    /// the next group commit, answered once that group is on disk.
    private func runInGroupCommit(_ route: Route, _ context: RequestContext,
                                  completion: @escaping @Sendable (HTTPResponse) -> Void) throws {
        let handler = try prepare(route, context, decodingBodyAhead: true)
        let services = services
        services.database.enqueueWrite({ _ in try handler.run() }) { result in
            // Committed (or failed): the owner's roster is read afresh from now on.
            if let owner = handler.owner { services.rosters.forget(owner) }
            switch result {
            case .success(let response): completion(response)
            case .failure(let error): completion(ErrorMapping.response(for: error, log: services.log))
            }
        }
    }

    /// A login or registration: admitted by its cheap checks, then queued fairly between addresses
    /// for the hashing pool, or refused at once (429 for one client's share, 503 for a full queue);
    /// a waiting one may still be shed with 503 for an address that asked for less hashing.
    private func runOnHashingPool(_ route: Route, _ context: RequestContext, admit: Admission,
                                  completion: @escaping @Sendable (HTTPResponse) -> Void) throws {
        let undo = try admit(context)
        let client = ClientKey.of(context.request.client)
        guard hashingAllowance.take(client) else {
            undo?()
            throw APIError(.tooManyRequests, "too many logins or registrations at once from this address",
                           headers: [HTTPHeaders.Name.retryAfter: "1"])
        }
        let log = services.log
        let allowance = hashingAllowance
        let busy = APIError(.serviceUnavailable, "the server is busy checking passwords; try again shortly",
                            headers: [HTTPHeaders.Name.retryAfter: "1"])
        let queued = hashingQueue.submit(client: client, job: { [self] in
            let response: HTTPResponse
            do {
                response = try run(route, context)
            } catch {
                response = ErrorMapping.response(for: error, log: log)
            }
            // Getting in is not what a flood does: the request is not held against its address.
            if (200..<300).contains(response.status.code) { hashingQueue.forgive(client) }
            // Given back before the client hears the answer, so its next request finds the place free.
            allowance.give(client)
            completion(response)
        }, shed: {
            allowance.give(client)
            undo?()
            completion(ErrorMapping.response(for: busy, log: log))
        })
        guard queued else {
            allowance.give(client)
            undo?()
            throw busy
        }
    }

    /// The original backend's error shape for requests the HTTP layer refused.
    public func errorResponse(_ status: HTTPStatus, reason: String) -> HTTPResponse {
        .error(status, reason: reason)
    }

    /// Lets queued password work finish, then stops its threads. After the HTTP server has stopped.
    public func shutdown() {
        hashing.shutdownAndWait()
    }

    private enum Resolution {
        case answered(HTTPResponse)
        case handle(Route, RequestContext)
    }

    private func resolve(_ request: HTTPRequest) throws -> Resolution {
        switch router.match(method: request.method, segments: request.pathSegments) {
        case .notFound:
            throw APIError.notFound("no route for \(request.path)")
        case .methodNotAllowed(let allowed):
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            if request.method == .options {
                return .answered(HTTPResponse(status: .noContent, headers: [HTTPHeaders.Name.allow: allow]))
            }
            throw APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.path)", headers: [HTTPHeaders.Name.allow: allow])
        case let .found(route, parameters):
            return .handle(route, RequestContext(request: request, parameters: parameters, services: services))
        }
    }

    /// Calls the route's handler; one that needs a session gets it checked first. After a write
    /// (its commit is done when a blocking write returns), the owner's cached roster is forgotten.
    private func run(_ route: Route, _ context: RequestContext) throws -> HTTPResponse {
        let handler = try prepare(route, context)
        guard route.writes, let owner = handler.owner else { return try handler.run() }
        defer { services.rosters.forget(owner) }
        return try handler.run()
    }

    /// A route's handler ready to run: the session already checked for one that needs it.
    private struct PreparedHandler: Sendable {
        /// The caller, for an authenticated route.
        let owner: UUID?
        let run: @Sendable () throws -> HTTPResponse
    }

    /// The handler with its context, authenticated. With `decodingBodyAhead`, a write's body is
    /// decoded here too (after authentication: a stranger's body costs nothing), off the thread
    /// that will run the handler.
    private func prepare(_ route: Route, _ context: RequestContext, decodingBodyAhead: Bool = false) throws -> PreparedHandler {
        let ready = { (context: RequestContext) in
            decodingBodyAhead ? route.decodeBodyAhead?(context) ?? context : context
        }
        switch route.handler {
        case .open(let handler):
            let context = ready(context)
            return PreparedHandler(owner: nil) { try handler(context) }
        case .authenticated(let handler):
            let caller = try authenticate(context)
            let authenticated = AuthenticatedContext(base: ready(caller.base), user: caller.user, tokenDigest: caller.tokenDigest)
            return PreparedHandler(owner: authenticated.owner) { try handler(authenticated) }
        }
    }

    private func authenticate(_ context: RequestContext) throws -> AuthenticatedContext {
        guard let token = Authorization.bearerToken(from: context.request.headers[HTTPHeaders.Name.authorization]) else {
            throw APIError.bearerRequired("missing bearer token")
        }
        let digest = TokenGenerator.digest(of: token)
        let now = services.now()
        switch services.sessions.lookup(digest, now: now) {
        case .hit(let user):
            return AuthenticatedContext(base: context, user: user, tokenDigest: digest)
        case .miss(let ticket):
            guard let session = try services.database.read({ try TokenRepository($0).session(digest: digest, now: now) }) else {
                throw APIError.bearerRequired("invalid or expired token")
            }
            services.sessions.store(digest, user: session.user, expiresAt: session.expiresAt, ticket: ticket)
            return AuthenticatedContext(base: context, user: session.user, tokenDigest: digest)
        }
    }
}
