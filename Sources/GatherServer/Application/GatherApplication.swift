import Dispatch
import FoundationEssentials
import GatherDomain
import GatherWire
import HTTP
import Locking
import Networking
import Storage

/// The Football Gather API as an `HTTPResponder`: what the server is made of (services, the pools
/// and threads beside the loops, the rating settler, the watches), put together once; every
/// request goes through its `RequestPipeline`.
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
        /// The zone fixtures are set in when neither they nor their group name one; nil: the
        /// system's (`TZ`, else /etc/localtime), else UTC.
        package var timeZone: String?
        /// Where people reach the server, the start of share links (`--public-url`).
        package var publicURL: PublicURL?
        /// How often changes made to accounts from outside the server are looked for; nil: never
        /// (a measurement that must count only its own requests).
        package var accountChangeInterval: DispatchTimeInterval? = .seconds(1)
        /// Event streams open at once, in all and per group, share link and address.
        package var streamLimits = LiveStreamLimits()
        /// Whether the rating settler has a thread to work on; false: settlements wait for ever
        /// (what readers are shown meanwhile, tested without a race).
        package var settlesRatings = true
        /// What the server's own requests to channels may reach (`--allow-http-channels`,
        /// `--allow-private-channels`): https:// to public addresses only, by default.
        package var channelPolicy = OutboundPolicy()
        /// Authorities trusted for channels' certificates besides the system's (`--channels-ca-file`).
        package var channelsCAFile: String?
        /// Whether due announcements are sent by a sender of their own; false: they wait (a
        /// measurement of requests alone).
        package var sendsAnnouncements = true
        package var channelLimits = ChannelSender.Limits()
        /// Whether fixtures' deadlines are looked at every minute by themselves; false: only when
        /// asked (`passDeadlines`), for tests that move their clock and a measurement of requests alone.
        package var passesDeadlines = true

        package init() {}
    }

    private let pipeline: RequestPipeline
    private let services: Services
    private let hashing: WorkerPool
    private let hashingQueue: FairHashingQueue
    private let workerDatabase: WorkerDatabase
    /// Brings ratings up to date after changes older than the last applied result.
    private let settler: RatingSettler
    /// Forgets the live matches of organisers gone quiet, ends streams whose credentials expired.
    private let liveSweeper: LiveMatchSweeper
    private let accountChanges: AccountChangeWatch?
    /// Makes weekly series' occurrences as they come within reach.
    private let seriesScheduler: SeriesScheduler
    /// Reminders, the minimum check and lists that close themselves, at their times.
    private let deadlines: FixtureDeadlines

    /// Makes the occurrences of weekly series now due, at once (the scheduler does so every hour).
    package func makeDueFixtures() {
        seriesScheduler.runNow()
    }

    package init(database: DatabasePool, options: Options = Options(), log: ServerLog) throws {
        workerDatabase = WorkerDatabase(pool: database, readBudget: options.limits.readBudget)
        // Made first (nothing is running yet if it fails), started last.
        let outbound = OutboundClient(policy: options.channelPolicy, tls: try TLSClientContext(caFile: options.channelsCAFile))
        let sender = options.sendsAnnouncements
            ? try ChannelSender(database: database, client: outbound, now: options.now, log: log, limits: options.channelLimits) : nil
        services = Services(passwordHasher: options.passwordHasher,
                            decoyHash: DecoyHash(hasher: options.passwordHasher), tokenLifetime: options.tokenLifetime,
                            loginThrottle: options.loginThrottle, registration: options.registration,
                            registrationLimit: options.registrationLimit, now: options.now, log: log,
                            sessions: SessionCache(capacity: options.sessionCacheCapacity),
                            reads: ReadCache(capacityBytes: options.rosterCacheBytes),
                            quotas: AccountQuotas(limits: options.limits),
                            writeRate: WriteRateLimit(burst: options.limits.writeBurst, perSecond: options.limits.writesPerSecond),
                            linkAnswerRate: WriteRateLimit(burst: options.limits.linkAnswerBurst,
                                                           perMinute: Double(options.limits.linkAnswersPerMinute)),
                            linkWrites: ConcurrencyAllowance(limit: 2),
                            linkUses: .personalLinkUses(database: database, log: log),
                            timeZones: TimeZoneCatalog(serverZone: options.timeZone),
                            purger: AccountPurger(database: database, log: log), publicURL: options.publicURL,
                            pages: SharePageCache(capacityBytes: SharePageCache.defaultCapacityBytes),
                            pageBuilds: ConcurrencyAllowance(limit: 2),
                            shareViews: .shareViews(database: database, log: log),
                            tokenUses: .tokenUses(database: database, log: log),
                            live: LiveMatches(limits: options.streamLimits, records: .liveMatches(database: database, log: log),
                                              now: options.now),
                            channels: ChannelServices(client: outbound, sender: sender))
        liveSweeper = LiveMatchSweeper(matches: services.live)
        let services = services
        // What has started so far, stopped in reverse if a later part cannot start.
        var started: [() -> Void] = [{ [liveSweeper] in liveSweeper.stop() }, { sender?.stop() }]
        func starting<Part>(_ part: () throws -> Part) throws -> Part {
            do {
                return try part()
            } catch {
                for stop in started.reversed() { stop() }
                throw error
            }
        }
        let settler = try starting {
            try RatingSettler(store: .pool(database, now: options.now), onSettled: { services.ownerWrote($0) }, log: log,
                              threaded: options.settlesRatings)
        }
        self.settler = settler
        started.append { settler.stop() }
        // Niced: a burst of logins must not take the CPU from ordinary requests.
        // No limit of its own: the fair queue in front of it holds the waiting logins and keeps the
        // limit, and hands the pool at most one job per thread.
        let hashing = try starting { try WorkerPool(threads: options.hashingThreads, name: "gather-hashing", niceness: 10) }
        self.hashing = hashing
        started.append { hashing.shutdownAndWait() }
        hashingQueue = FairHashingQueue(pool: hashing, limit: options.hashingQueueLimit, now: options.now)
        try starting { try sender?.start() }
        // Last: nothing after it can fail and leave its timer running.
        accountChanges = try starting {
            try options.accountChangeInterval.map { interval in
                try AccountChangeWatch(database: database, sessions: services.sessions, live: services.live,
                                       now: options.now, log: log, interval: interval)
            }
        }
        seriesScheduler = SeriesScheduler(database: database, zones: services.timeZones, now: options.now, log: log,
                                          wrote: { services.ownerWrote($0); services.channels.announced() })
        deadlines = FixtureDeadlines(database: database, now: options.now, log: log, announced: { services.channels.announced() },
                                     wrote: { services.ownerWrote($0) })
        if options.passesDeadlines { deadlines.start() }
        pipeline = RequestPipeline(router: Routes.router(), services: services, workerDatabase: workerDatabase,
                                   loopReaders: LoopReaders(database: database, budget: options.limits.loopReadBudget),
                                   workerAllowance: ConcurrencyAllowance(limit: options.limits.concurrentRequestsPerAccount),
                                   writeAllowance: ConcurrencyAllowance(limit: options.limits.queuedWritesPerAccount),
                                   settler: settler, ratingsWait: options.limits.ratingsWait,
                                   hashing: PasswordHashingLane(queue: hashingQueue, allowance: ConcurrencyAllowance(limit: options.hashingPerClient),
                                                                log: log),
                                   accountChanges: accountChanges)
        services.purger.resumeClosedAccounts()
        LiveMatchRestoring.restore(into: services.live, from: database, now: options.now(), log: log)
        // Settlements a stop interrupted, or changes made by another program, are taken up again.
        for group in (try? database.read { try RatingRepository($0).groupsAwaitingSettlement() }) ?? [] { settler.changed(group) }
        // Made in the background, so start-up does not wait for a yescrypt hash.
        let decoy = services.decoyHash
        hashing.submit { _ = decoy.value }
    }

    /// The one way in, from an event loop (`RequestPipeline.respond(to:on:)`).
    package func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
        pipeline.respond(to: request, on: loop)
    }

    /// The same steps on the calling thread, waiting for the group commit and the hashing pool:
    /// for measurements in one thread.
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        pipeline.respond(to: request)
    }

    /// What a worker does with a request the loop handed over, for a caller already on a worker.
    package func respond(to request: HTTPRequest, reply: HTTPReply) {
        pipeline.respond(to: request, reply: reply)
    }

    /// Does what fixtures' deadlines call for now (reminders, the minimum check, lists that close
    /// themselves), waited for: after a test moved its clock, instead of at the next minute's pass.
    package func passDeadlines() {
        deadlines.runNow()
    }

    /// Looks for announcements due now (after a test moved its clock), instead of at the sender's next wake.
    package func deliverDueAnnouncements() {
        services.channels.announced()
    }

    /// Acts now on accounts changed from outside this server, instead of at the next second.
    package func checkAccountChanges() {
        accountChanges?.checkNow()
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
    /// What `/health` would answer now: ok, degraded (writes refused for the storage) or unavailable.
    package var health: String {
        do {
            try workerDatabase.ping()
            return workerDatabase.writeTrouble == nil ? "ok" : "degraded"
        } catch {
            return "unavailable"
        }
    }

    /// Accounts, groups, players, matches and the last backup, read now on the workers' database.
    package func totals() throws -> TotalsRepository.Totals {
        try workerDatabase.read { try TotalsRepository($0).totals() }
    }

    /// What the channels' sender did, nil when this server sends nothing.
    package var deliveryStatistics: DeliveryStatistics? {
        services.channels.sender?.statistics
    }

    package var commitStatistics: CommitStatistics? {
        workerDatabase.pool.commitStatistics
    }

    /// The original backend's error shape, for what the HTTP layer answers by itself.
    package static let errorResponse: ErrorResponder = { status, reason in .error(status, reason: reason) }

    /// Lets queued password work finish, then stops its threads. After the HTTP server has stopped.
    package func shutdown() {
        services.channels.sender?.stop()
        deadlines.stop()
        liveSweeper.stop()
        seriesScheduler.stop()
        settler.stop()
        accountChanges?.stop()
        services.live.flush(ServerStopping())
        services.shareViews.flush(ServerStopping())
        services.tokenUses.flush(ServerStopping())
        services.linkUses.flush(ServerStopping())
        services.purger.stop()
        hashing.shutdownAndWait()
    }
}

/// Proof that the server is stopping, which only `GatherApplication.shutdown` can give: what
/// blocks the calling thread for a write (`BatchedRecords.flush`) asks for it, so no event loop
/// or handler can call it.
struct ServerStopping {
    fileprivate init() {}
}
