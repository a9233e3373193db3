import Dispatch
import FoundationEssentials
import GatherDomain
import GatherWire
import HTTP
import Locking
import Networking
import Storage

/// The Football Gather API as an `HTTPResponder`: routing, authentication, handlers, error mapping,
/// and the password-hashing pool that keeps logins and registrations apart from everything else.
package final class GatherApplication: HTTPResponder {
    /// What the application is built from, with the defaults `gather-server` uses.
    package struct Options: Sendable {
        package static let defaultTokenLifetime: Duration = .seconds(30 * 24 * 3600)
        /// Half the cores, at least one, so hashing never takes them all.
        package static let defaultHashingThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
        package static let defaultHashingQueueLimit = 32

        package var passwordHasher: any PasswordHashing = PasswordHasher()
        package var tokenLifetime = Options.defaultTokenLifetime
        package var loginThrottle = LoginThrottle()
        package var registration: RegistrationPolicy = .open
        package var registrationLimit = RegistrationLimit()
        /// Threads that hash passwords.
        package var hashingThreads = Options.defaultHashingThreads
        /// Logins and registrations waiting for a hashing thread at most; beyond, the newest of the
        /// address that asked most, or the newcomer, gets 503 at once (`FairHashingQueue`).
        package var hashingQueueLimit = Options.defaultHashingQueueLimit
        /// One client's logins and registrations queued or running at once at most; beyond, 429.
        package var hashingPerClient = 2
        package var now: @Sendable () -> Date = { Date() }
        /// Tokens whose owner is remembered between requests (0: every request reads the database).
        package var sessionCacheCapacity = SessionCache.defaultCapacity
        /// Bytes of JSON reads (rosters, players, gathers' players) kept between requests (0: every read reads the database).
        package var rosterCacheBytes = Options.defaultRosterCacheBytes
        package static let defaultRosterCacheBytes = ReadCache.defaultCapacityBytes
        package var limits = ResourceLimits()
        /// Where people reach the server, the start of share links (`--public-url`).
        package var publicURL: PublicURL?
        /// How often changes made to accounts from outside the server are looked for; nil: never
        /// (a measurement that must count only its own requests).
        package var accountChangeInterval: DispatchTimeInterval? = .seconds(1)
        /// Event streams open at once, in all and per group, share link and address.
        package var streamLimits = LiveStreamLimits()

        package init() {}
    }

    private let router: Router
    private let services: Services
    private let hashing: WorkerPool
    /// Each address's logins and registrations queued or running at once.
    private let hashingAllowance: ConcurrencyAllowance<String>
    private let hashingQueue: FairHashingQueue
    /// The database for handlers on workers and the committer.
    private let workerDatabase: WorkerDatabase
    /// The database for handlers and authentication on each event loop.
    private let loopReaders: LoopReaders
    /// Each account's requests on the workers at once.
    private let workerAllowance: ConcurrencyAllowance<UUID>
    /// Each account's writes waiting for or in the group commit.
    private let writeAllowance: ConcurrencyAllowance<UUID>
    /// Brings ratings up to date after changes older than the last applied result.
    private let settler: RatingSettler
    /// How long an answer that shows ratings waits for its group's settlement under way.
    private let ratingsWait: Duration
    /// Forgets the live matches of organisers gone quiet.
    private let liveSweeper: LiveMatchSweeper
    private let accountChanges: AccountChangeWatch?

    package init(database: DatabasePool, options: Options = Options(), log: ServerLog) throws {
        router = Routes.router()
        workerDatabase = WorkerDatabase(pool: database, readBudget: options.limits.readBudget)
        loopReaders = LoopReaders(database: database, budget: options.limits.loopReadBudget)
        workerAllowance = ConcurrencyAllowance(limit: options.limits.concurrentRequestsPerAccount)
        writeAllowance = ConcurrencyAllowance(limit: options.limits.queuedWritesPerAccount)
        ratingsWait = options.limits.ratingsWait
        services = Services(passwordHasher: options.passwordHasher,
                            decoyHash: DecoyHash(hasher: options.passwordHasher), tokenLifetime: options.tokenLifetime,
                            loginThrottle: options.loginThrottle, registration: options.registration,
                            registrationLimit: options.registrationLimit, now: options.now, log: log,
                            sessions: SessionCache(capacity: options.sessionCacheCapacity),
                            reads: ReadCache(capacityBytes: options.rosterCacheBytes),
                            quotas: AccountQuotas(limits: options.limits),
                            writeRate: WriteRateLimit(burst: options.limits.writeBurst, perSecond: options.limits.writesPerSecond),
                            purger: AccountPurger(database: database, log: log), publicURL: options.publicURL,
                            pages: SharePageCache(capacityBytes: SharePageCache.defaultCapacityBytes),
                            pageBuilds: ConcurrencyAllowance(limit: 2),
                            shareViews: .shareViews(database: database, log: log),
                            tokenUses: .tokenUses(database: database, log: log), live: LiveMatches(limits: options.streamLimits))
        liveSweeper = LiveMatchSweeper(matches: services.live)
        let services = services
        settler = try RatingSettler(database: .pool(database, now: options.now), onSettled: { services.ownerWrote($0) }, log: log)
        // Niced: a burst of logins must not take the CPU from ordinary requests.
        // No limit of its own: the fair queue in front of it holds the waiting logins and keeps the
        // limit, and hands the pool at most one job per thread.
        hashing = try WorkerPool(threads: options.hashingThreads, name: "gather-hashing", niceness: 10)
        hashingQueue = FairHashingQueue(pool: hashing, limit: options.hashingQueueLimit, now: options.now)
        hashingAllowance = ConcurrencyAllowance(limit: options.hashingPerClient)
        // Last: nothing after it can fail and leave its timer running.
        do {
            if let interval = options.accountChangeInterval {
                accountChanges = try AccountChangeWatch(database: database, sessions: services.sessions, live: services.live,
                                                        now: options.now, log: log, interval: interval)
            } else {
                accountChanges = nil
            }
        } catch {
            liveSweeper.stop()
            settler.stop()
            hashing.shutdownAndWait()
            throw error
        }
        services.purger.resumeClosedAccounts()
        // Settlements a stop interrupted, or changes made by another program, are taken up again.
        for group in (try? database.read { try RatingRepository($0).groupsAwaitingSettlement() }) ?? [] { settler.changed(group) }
        // Made in the background, so start-up does not wait for a yescrypt hash.
        let decoy = services.decoyHash
        hashing.submit { _ = decoy.value }
    }

    /// Quick routes, writes, and requests that match no route (404, 405) are taken from the event
    /// loop, with the route matched once for both the decision and the answer. Everything read
    /// here is read with the loop's own connection (`LoopReaders`), so nothing here waits: a read
    /// that would (its budget ran out, or the file was locked) is given up, and the request goes
    /// to the workers as if it had never been taken.
    package func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
        let resolution: Resolution
        do {
            resolution = try resolve(request)
        } catch {
            return .answered(ErrorMapping.response(for: error, log: services.log))
        }
        let route: Route, context: RequestContext<WorkerDatabase>
        switch resolution {
        case .answered(let response):
            return .answered(response)
        case let .handle(matched, matchedContext):
            (route, context) = (matched, matchedContext)
        }
        guard route.answersOnLoop, let reads = try? loopReaders.reader(for: loop) else { return onWorker(request) }
        do {
            switch route.work {
            case .quick:
                return .answered(try runOnLoop(route, context.using(reads)))
            case .write:
                return .later(try groupCommitWrite(route, context, authenticatingWith: reads))
            case .ordinary, .passwordHashing:
                return onWorker(request)
            }
        } catch let error where LoopReadGivenUp.covers(error) {
            return onWorker(request)
        } catch {
            return .answered(ErrorMapping.response(for: error, log: services.log))
        }
    }

    /// The request answered on a worker, its route matched again there.
    private func onWorker(_ request: HTTPRequest) -> Disposition {
        .onWorker { [self] reply in respond(to: request, reply: reply) }
    }

    /// Answers on the calling thread, hashing included; a write goes through the group commit
    /// like any other, and is waited for.
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        do {
            switch try resolve(request) {
            case .answered(let response):
                return response
            case let .handle(route, context):
                switch route.work {
                case .write:
                    let answer = Locked<HTTPResponse?>(nil)
                    let answered = DispatchSemaphore(value: 0)
                    try groupCommitWrite(route, context, authenticatingWith: workerDatabase)(HTTPReply { response in
                        answer.withLock { $0 = response }
                        answered.signal()
                    })
                    answered.wait()
                    return answer.withLock { $0 } ?? .error(.internalServerError, reason: "the write was not answered")
                case .passwordHashing(let admit):
                    _ = try admit(context)
                    return try run(route, context)
                case .quick, .ordinary:
                    return try run(route, context)
                }
            }
        } catch {
            return ErrorMapping.response(for: error, log: services.log)
        }
    }

    /// Answers quick and ordinary requests on the calling thread (a worker); hands writes to the
    /// group commit, answered after it; queues password hashing on its own pool, or refuses it at
    /// once with 503 when that pool's queue is full.
    package func respond(to request: HTTPRequest, reply: HTTPReply) {
        do {
            switch try resolve(request) {
            case .answered(let response):
                reply.send(response)
            case let .handle(route, context):
                switch route.work {
                case .quick, .ordinary:
                    reply.send(try run(route, context))
                case .write:
                    try groupCommitWrite(route, context, authenticatingWith: workerDatabase)(reply)
                case .passwordHashing(let admit):
                    try runOnHashingPool(route, context, admit: admit, reply: reply)
                }
            }
        } catch {
            reply.send(ErrorMapping.response(for: error, log: services.log))
        }
    }

    /// A write: authenticated and admitted now (on the event loop, or a worker), then the whole
    /// handler runs as one write of the next group commit, answered once that group is on disk.
    /// What is returned queues it, without waiting. One account has at most its allowance of
    /// writes queued or in the commit (beyond, 429), so it cannot fill the committer's queue.
    /// Inside the write, after the handler, what it changed of the group's results is applied
    /// (a new latest result) or left to the settler, which hears of it once committed; then what
    /// readers see of the group is read afresh. The handler does none of it.
    private func groupCommitWrite(_ route: Route, _ context: RequestContext<WorkerDatabase>,
                                  authenticatingWith reads: any DatabaseReading) throws -> @Sendable (HTTPReply) -> Void {
        let handler = try prepare(route, context, authenticatingWith: reads, decodingBodyAhead: true)
        let services = services
        if let owner = handler.owner, let wait = services.writeRate.take(owner, now: services.now()) {
            throw APIError.tooManyRequests("too many changes from this account", retryAfter: wait)
        }
        let (pool, settler, allowance, accountChanges) = (workerDatabase.pool, settler, writeAllowance, accountChanges)
        return { reply in
            if let owner = handler.owner, !allowance.take(owner) {
                let busy = APIError(.tooManyRequests, "too many changes from this account waiting to be saved; wait for one to finish",
                                    headers: [HTTPHeaders.Name.retryAfter: "1"])
                reply.send(ErrorMapping.response(for: busy, log: services.log))
                return
            }
            pool.enqueueWrite({ database in
                let response = try handler.run()
                let upkeep = try handler.owner.map { try RatingRepository(database).applyNewResults(owner: $0, at: services.now()) }
                return WriteDone(response: response, ratings: upkeep)
            }) { result in
                // Committed (or failed): what readers see of the owner is read afresh from now on.
                if let owner = handler.owner {
                    allowance.give(owner)
                    services.ownerWrote(owner)
                }
                switch result {
                case .success(let done):
                    if done.ratings == .needsSettlement, let owner = handler.owner { settler.changed(owner) }
                    if route.endsAccess { accountChanges?.checkSoon() }
                    reply.send(done.response)
                case .failure(let error):
                    reply.send(ErrorMapping.response(for: error, log: services.log))
                }
            }
        }
    }

    /// A write's answer, and whether the ratings it touched still need settling.
    private struct WriteDone: Sendable {
        let response: HTTPResponse
        let ratings: RatingRepository.Upkeep?
    }

    /// A login or registration: admitted by its cheap checks, then queued fairly between addresses
    /// for the hashing pool, or refused at once (429 for one client's share, 503 for a full queue);
    /// a waiting one may still be shed with 503 for an address that asked for less hashing.
    private func runOnHashingPool(_ route: Route, _ context: RequestContext<WorkerDatabase>, admit: Admission,
                                  reply: HTTPReply) throws {
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
            reply.send(response)
        }, shed: {
            allowance.give(client)
            undo?()
            reply.send(ErrorMapping.response(for: busy, log: log))
        })
        guard queued else {
            allowance.give(client)
            undo?()
            throw busy
        }
    }

    /// Acts now on accounts changed from outside this server, instead of at the next second.
    package func checkAccountChanges() {
        accountChanges?.checkNow()
    }

    /// The route a request would reach, as metrics name it; nil for a path no route serves.
    package func routeLabel(method: HTTPMethod, path: String) -> String? {
        router.label(method: method, path: path)
    }

    /// Logins and registrations waiting for a hashing thread, and how many may.
    package var hashingQueueLength: (waiting: Int, limit: Int) {
        (hashingQueue.waitingCount, hashingQueue.limit)
    }

    /// What the rating settler has done so far.
    package var settlements: RatingSettler.Counters { settler.statistics }

    /// Waits until the group's ratings are settled, at most `timeout`; true if they are.
    package func ratingsSettled(_ group: UUID, timeout: Duration) -> Bool {
        settler.waitUntilSettled(group, timeout: timeout)
    }

    /// The group commits so far (nil for a memory database).
    package var commitStatistics: CommitStatistics? {
        workerDatabase.pool.commitStatistics
    }

    /// The original backend's error shape, for what the HTTP layer answers by itself.
    package static let errorResponse: ErrorResponder = { status, reason in .error(status, reason: reason) }

    /// Lets queued password work finish, then stops its threads. After the HTTP server has stopped.
    package func shutdown() {
        liveSweeper.stop()
        settler.stop()
        accountChanges?.stop()
        services.shareViews.flush()
        services.tokenUses.flush()
        services.purger.stop()
        hashing.shutdownAndWait()
    }

    private enum Resolution {
        case answered(HTTPResponse)
        case handle(Route, RequestContext<WorkerDatabase>)
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
            return .handle(route, RequestContext(request: request, parameters: parameters, services: services, database: workerDatabase))
        }
    }

    /// Calls the route's handler on a worker (or the hashing pool); one that needs a session gets
    /// it checked first, and takes one of its account's places on the workers while it runs.
    /// After a write (its commit is done when a blocking write returns), the owner's cached
    /// roster is forgotten.
    private func run(_ route: Route, _ context: RequestContext<WorkerDatabase>) throws -> HTTPResponse {
        let handler = try prepare(route, context, authenticatingWith: workerDatabase)
        guard let owner = handler.owner else { return try handler.run() }
        guard workerAllowance.take(owner) else {
            throw APIError(.tooManyRequests, "too many requests at once for this account; wait for one to finish",
                           headers: [HTTPHeaders.Name.retryAfter: "1"])
        }
        // Ratings being settled after a change of this group's are waited for, a bounded time:
        // after that, the answer shows the last settled ones, marked stale.
        if route.readsRatings { _ = settler.waitUntilSettled(owner, timeout: ratingsWait) }
        defer {
            workerAllowance.give(owner)
            if route.writes { services.ownerWrote(owner) }
            if route.endsAccess { accountChanges?.checkSoon() }
        }
        return try handler.run()
    }

    /// Calls a quick route's handler on the event loop, with the loop's connection.
    private func runOnLoop(_ route: Route, _ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        switch route.handler {
        case .quickOpen(let handler):
            return try handler(context)
        case .quickAuthenticated(let handler):
            return try handler(try authenticate(context, for: route))
        case .open, .authenticated:
            // Not a quick route: `answersOnLoop` sent it here by mistake; the workers answer it.
            throw LoopReadGivenUp()
        }
    }

    /// A route's handler ready to run: the session already checked for one that needs it.
    private struct PreparedHandler: Sendable {
        /// The caller, for an authenticated route.
        let owner: UUID?
        let run: @Sendable () throws -> HTTPResponse
    }

    /// The handler with its context, authenticated (the token read with `reads` if it is not
    /// cached). With `decodingBodyAhead`, a write's body is decoded here too (after
    /// authentication: a stranger's body costs nothing), off the thread that will run the handler.
    /// A quick route's handler runs here with the workers' database.
    private func prepare(_ route: Route, _ context: RequestContext<WorkerDatabase>, authenticatingWith reads: any DatabaseReading,
                         decodingBodyAhead: Bool = false) throws -> PreparedHandler {
        let ready = { (context: RequestContext<WorkerDatabase>) in
            decodingBodyAhead ? route.decodeBodyAhead?(context) ?? context : context
        }
        switch route.handler {
        case .open(let handler):
            let context = ready(context)
            return PreparedHandler(owner: nil) { try handler(context) }
        case .authenticated(let handler):
            let caller = try authenticate(context, for: route, reads: reads)
            let authenticated = AuthenticatedContext(base: ready(caller.base), user: caller.user, tokenDigest: caller.tokenDigest,
                                                     credential: caller.credential, group: caller.group,
                                                     credentialExpiresAt: caller.credentialExpiresAt)
            return PreparedHandler(owner: authenticated.owner) { try handler(authenticated) }
        case .quickOpen(let handler):
            let context = context.using(workerDatabase as LoopReads)
            return PreparedHandler(owner: nil) { try handler(context) }
        case .quickAuthenticated(let handler):
            let caller = try authenticate(context.using(workerDatabase as LoopReads), for: route, reads: reads)
            return PreparedHandler(owner: caller.owner) { try handler(caller) }
        }
    }

    private func authenticate(_ context: RequestContext<LoopReads>, for route: Route) throws -> AuthenticatedContext<LoopReads> {
        try authenticate(context, for: route, reads: context.database)
    }

    /// The caller of a request that needs a session, from the session cache or, on a miss, from
    /// the tokens read with `reads`; then the group it acts on, where the caller's role must allow
    /// the route (`Route.role`).
    private func authenticate<Access>(_ context: RequestContext<Access>, for route: Route,
                                      reads: any DatabaseReading) throws -> AuthenticatedContext<Access> {
        guard let token = Authorization.bearerToken(from: context.request.headers[HTTPHeaders.Name.authorization]) else {
            throw APIError.bearerRequired("missing bearer token")
        }
        let digest = TokenGenerator.digest(of: token)
        let now = services.now()
        let session: TokenSession
        switch services.sessions.lookup(digest, now: now) {
        case .hit(let cached):
            session = cached
        case .miss(let ticket):
            guard let found = try reads.read({ try TokenRepository($0).session(digest: digest, now: now) }) else {
                throw APIError.bearerRequired("invalid or expired token")
            }
            services.sessions.store(digest, found, ticket: ticket)
            session = found
        }
        guard Permission(session.credential) >= route.permission else { throw APIError.tokenTooWeak(needs: route.permission) }
        let group = try groupAccess(of: session.user, named: context.parameters.values["groupId"], reads: reads)
        guard group.role >= route.role else { throw APIError.roleTooLow(group.role, needs: route.role) }
        if case .apiToken(let id, _) = session.credential { services.tokenUses.record(id, at: now) }
        return AuthenticatedContext(base: context, user: session.user, tokenDigest: digest, credential: session.credential, group: group,
                                    credentialExpiresAt: session.expiresAt)
    }

    /// The caller's own group, or the one the path names if the caller belongs to it: any other
    /// group, closed, unknown or not theirs, is not found, the same for all.
    private func groupAccess(of user: User, named text: String?, reads: any DatabaseReading) throws -> GroupAccess {
        guard let text else { return .own(user) }
        guard let id = UUID(canonicalText: text) else { throw APIError.groupNotFound }
        if id == user.id { return .own(user) }
        guard let role = try reads.read({ try GroupRepository($0).role(of: user.id, in: id) }) else { throw APIError.groupNotFound }
        return GroupAccess(id: id, role: role)
    }
}
