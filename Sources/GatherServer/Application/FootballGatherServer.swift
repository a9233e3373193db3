import FoundationEssentials
import Networking
import Storage

/// A whole Football Gather server: the database, the API and the HTTP server, started and stopped together.
public final class FootballGatherServer: Sendable {
    public let configuration: ServerConfiguration
    public let database: DatabasePool
    public let log: ServerLog
    private let http: HTTPServer
    private let application: GatherApplication
    /// Held while the server has its database open, so `gather-server restore` refuses to write under it.
    private let directoryLock: DatabaseDirectoryLock?

    /// Opens (and migrates) the database; throws `MigrationError.databaseTooNew` for a file from a newer binary.
    public init(configuration: ServerConfiguration, passwordHasher: any PasswordHashing = PasswordHasher()) throws {
        self.configuration = configuration
        let log = ServerLog(quiet: configuration.quiet, format: configuration.logFormat)
        self.log = log
        let directoryLock = configuration.databasePath == DatabasePool.inMemoryPath
            ? nil : try DatabaseDirectoryLock(.serving, databasePath: configuration.databasePath)
        self.directoryLock = directoryLock
        let database = try DatabasePool(path: configuration.databasePath)
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
        // Quiet: no logger at all, so no request pays for handing its entry over.
        var accessLogger: AccessLogger?
        if !configuration.quiet {
            accessLogger = { @Sendable entry in log.access(entry) }
        }
        do {
            http = try HTTPServer(configuration: configuration.http, responder: application, accessLogger: accessLogger)
        } catch {
            application.shutdown()
            database.close()
            throw error
        }
    }

    /// Starts listening; returns the bound port.
    @discardableResult
    public func start() throws -> Int {
        try http.start()
    }

    public var port: Int? { http.port }

    /// Open client connections right now.
    public var connectionCount: Int { http.connectionCount }

    /// Stops accepting, finishes requests in flight (up to the grace period), closes the database.
    @discardableResult
    public func shutdown() -> Bool {
        let graceful = http.shutdown(gracePeriod: configuration.shutdownGracePeriod)
        application.shutdown()
        database.close()
        directoryLock?.release()
        return graceful
    }
}
