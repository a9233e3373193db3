import FoundationEssentials
import Networking
import Storage

/// A whole Football Gather server: the database, the API and the HTTP server, started and stopped together.
package final class FootballGatherServer: Sendable {
    package let configuration: ServerConfiguration
    package let database: DatabasePool
    package let log: ServerLog
    private let http: HTTPServer
    private let application: GatherApplication
    /// `/metrics`, when it is served (`--metrics`, `--metrics-listen`).
    package let metrics: ServerMetrics?
    /// The listener of `--metrics-listen`.
    private let metricsHTTP: HTTPServer?
    /// Held while the server has its database open, so `gather-server restore` refuses to write under it.
    private let directoryLock: DatabaseDirectoryLock?
    /// Held while the server has its database open, so a second server on it refuses to start.
    private let serverLock: DatabaseServerLock?

    /// Opens (and migrates) the database; throws `MigrationError.databaseTooNew` for a file from a newer binary.
    package init(configuration: ServerConfiguration, passwordHasher: any PasswordHashing = PasswordHasher()) throws {
        self.configuration = configuration
        let log = ServerLog(quiet: configuration.quiet, format: configuration.logFormat)
        self.log = log
        try DatabaseMissing.check(configuration)
        let directoryLock = configuration.databasePath == DatabasePool.inMemoryPath
            ? nil : try DatabaseDirectoryLock(.serving, databasePath: configuration.databasePath)
        self.directoryLock = directoryLock
        serverLock = configuration.databasePath == DatabasePool.inMemoryPath
            ? nil : try DatabaseServerLock(databasePath: configuration.databasePath)
        let database = try DatabasePool(path: configuration.databasePath, configuration: DatabasePool.Configuration(
            checkpointsItself: configuration.walCheckpoints == .server))
        self.database = database
        var options = GatherApplication.Options()
        options.passwordHasher = passwordHasher
        options.tokenLifetime = configuration.tokenLifetime
        options.registration = configuration.registration
        options.registrationLimit = RegistrationLimit(limit: configuration.registrationsPerHour)
        options.hashingThreads = configuration.hashingThreads
        options.hashingQueueLimit = configuration.hashingQueueLimit
        options.rosterCacheBytes = configuration.rosterCacheBytes
        options.limits = configuration.limits
        options.publicURL = configuration.publicURL
        options.timeZone = configuration.timeZone
        options.channelPolicy = configuration.channelPolicy
        options.channelsCAFile = configuration.channelsCAFile
        options.streamLimits = .within(connections: configuration.http.maxConnections)
        // A part that cannot start (the system refused a thread) stops those made before it:
        // their threads would otherwise run on, holding the database open.
        let application: GatherApplication
        do {
            application = try GatherApplication(database: database, options: options, log: log)
        } catch {
            database.close()
            throw error
        }
        self.application = application
        let metrics = configuration.metrics || configuration.metricsListen != nil
            ? ServerMetrics(requests: RequestMetrics { [scrapedHere = configuration.metrics] _, path in
                scrapedHere && path == "/metrics" ? "/metrics" : nil
            })
            : nil
        self.metrics = metrics
        // Quiet without metrics: no logger at all, so no request pays for handing its entry over.
        // Requests are counted from the same hand-over, on the access log's queue.
        let accessLogger: AccessLogger?
        switch (configuration.quiet, metrics) {
        case (false, nil): accessLogger = { @Sendable entry in log.access(entry) }
        case (false, let metrics?): accessLogger = { @Sendable entry in log.access(entry); metrics.requests.record(entry) }
        case (true, let metrics?): accessLogger = { @Sendable entry in metrics.requests.record(entry) }
        case (true, nil): accessLogger = nil
        }
        var responder: any HTTPResponder = application
        if let metrics, configuration.metrics {
            responder = MetricsEndpoint(metrics: metrics, inFrontOf: application, token: configuration.metricsToken)
        }
        do {
            let http = try HTTPServer(configuration: configuration.http, responder: responder,
                                      errorResponse: GatherApplication.errorResponse, accessLogger: accessLogger)
            self.http = http
            if let metrics, let address = configuration.metricsListen {
                metricsHTTP = try HTTPServer(configuration: Self.metricsListener(address, of: configuration.http),
                                             responder: MetricsEndpoint(metrics: metrics, inFrontOf: nil, token: configuration.metricsToken),
                                             errorResponse: GatherApplication.errorResponse)
            } else {
                metricsHTTP = nil
            }
            // Weak: the server holds the metrics (through its responder), not the other way round.
            let totals = CachedTotals { [weak application] in
                guard let application else { throw CancellationError() }
                return try application.totals()
            }
            metrics?.attach(ServerMetrics.Sources(
                openConnections: { [weak http] in http?.connectionCount ?? 0 },
                refusedConnections: { [weak http] in http?.refusedConnections ?? .none },
                commits: { [weak application] in application?.commitStatistics },
                hashingQueue: { [weak application] in application?.hashingQueueLength ?? (0, 0) },
                databasePath: configuration.databasePath,
                deliveries: { [weak application] in application?.deliveryStatistics },
                health: { [weak application] in application?.health ?? "unavailable" },
                totals: { totals.current() },
                certificateNotAfter: { [tls = configuration.http.tls] in tls?.context.validity.notAfter }))
        } catch {
            application.shutdown()
            database.close()
            throw error
        }
    }

    /// One loop, one worker and few connections: a scraper or two, never the public.
    private static func metricsListener(_ address: ListenAddress, of main: HTTPServerConfiguration) -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.host = address.host
        configuration.port = address.port
        configuration.eventLoopCount = 1
        configuration.workerCount = 1
        configuration.maxConnections = 16
        configuration.maxConnectionsPerAddress = 16
        return configuration
    }

    /// Why a listener could not start, naming the one that could not: the main address, or
    /// `--metrics-listen`'s.
    package struct ListenFailure: Error, CustomStringConvertible {
        package let address: String
        package let reason: any Error

        package var description: String { "cannot listen on \(address): \(reason)" }
    }

    /// Starts listening; returns the bound port.
    @discardableResult
    package func start() throws(ListenFailure) -> Int {
        let port: Int
        do {
            port = try http.start()
        } catch {
            throw ListenFailure(address: Self.shown(configuration.http.host, configuration.http.port), reason: error)
        }
        do {
            try metricsHTTP?.start()
        } catch {
            _ = http.shutdown(gracePeriod: .zero)
            let listen = configuration.metricsListen
            throw ListenFailure(address: Self.shown(listen?.host ?? "", listen?.port ?? 0) + " (--metrics-listen)", reason: error)
        }
        return port
    }

    private static func shown(_ host: String, _ port: Int) -> String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    package var port: Int? { http.port }

    /// The port of `--metrics-listen`, once started.
    package var metricsPort: Int? { metricsHTTP?.port }

    /// Open client connections right now.
    package var connectionCount: Int { http.connectionCount }

    /// Stops accepting, finishes requests in flight (up to the grace period), closes the database.
    @discardableResult
    package func shutdown() -> Bool {
        _ = metricsHTTP?.shutdown(gracePeriod: .zero)
        let graceful = http.shutdown(gracePeriod: configuration.shutdownGracePeriod)
        application.shutdown()
        database.close()
        serverLock?.release()
        directoryLock?.release()
        return graceful
    }
}
