import FoundationEssentials
import Networking

/// Everything `gather-server` can be told, from flags or their environment twins. Flags win.
package struct ServerConfiguration: Sendable {
    package var http = HTTPServerConfiguration()
    /// `./data/football-gather.sqlite` by default; `:memory:` keeps nothing.
    package var databasePath = "data/football-gather.sqlite"
    /// Refuse to start on a missing (or empty) database file rather than create one: a wrong path,
    /// or a volume not mounted, never serves an empty server that looks healthy.
    package var databaseMustExist = false
    /// Who checkpoints the WAL into the database file: the server (SQLite's automatic checkpoint)
    /// or Litestream, which then copies every page before it reaches the file.
    package var walCheckpoints: WALCheckpoints = .server
    package var tokenLifetime = GatherApplication.Options.defaultTokenLifetime
    /// How long SIGTERM waits for requests in flight before closing what is left.
    package var shutdownGracePeriod = HTTPServer.defaultShutdownGracePeriod
    /// No access log lines.
    package var quiet = false
    /// `text` (one readable line per request) or `json` (one object per line, for log collectors).
    package var logFormat: ServerLog.Format = .text
    /// Whether anyone may register over the API, or only the operator (`gather-server user add`).
    package var registration: RegistrationPolicy = .open
    /// Registrations one client address may attempt per hour.
    package var registrationsPerHour = RegistrationLimit.defaultLimit
    /// Threads hashing passwords (logins, registrations); default half the cores, at least one.
    package var hashingThreads = GatherApplication.Options.defaultHashingThreads
    /// Logins and registrations waiting for a hashing thread at most; more get 503 at once.
    package var hashingQueueLimit = GatherApplication.Options.defaultHashingQueueLimit
    /// Bytes of roster JSON kept between requests; 0 turns the roster cache off.
    package var rosterCacheBytes = GatherApplication.Options.defaultRosterCacheBytes
    /// What one account may cost: read budgets, requests at once, quotas.
    package var limits = ResourceLimits()
    /// Where people reach the server, for share links; without it a link is a path.
    package var publicURL: PublicURL?
    /// The zone fixtures are set in when they name none (`--time-zone`); nil: the system's.
    package var timeZone: String?
    /// `GET /metrics` on the server's own address.
    package var metrics = false
    /// `GET /metrics` alone, on an address of its own (plain HTTP).
    package var metricsListen: ListenAddress?
    /// The bearer token a scrape must carry, wherever /metrics is served; nil: none asked.
    package var metricsToken: MetricsToken?
    /// Where that token is (`--metrics-token-file`), read when the server is to serve.
    package var metricsTokenFile: String?
    /// HTTPS: the PEM certificate chain and its key. Both or neither.
    package var tlsCertificateFile: String?
    package var tlsKeyFile: String?
    /// What the server's own requests to groups' channels may reach.
    package var channelPolicy = OutboundPolicy()
    /// Authorities trusted for channels' certificates besides the system's.
    package var channelsCAFile: String?

    package init() {}
}

/// `HOST:PORT` (`[::1]:9090` for IPv6; port 0: any free one).
package struct ListenAddress: Sendable, Equatable {
    package let host: String
    package let port: Int

    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    package init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        } else if host.contains(":") {
            return nil
        }
        guard !host.isEmpty else { return nil }
        self.init(host: host, port: port)
    }
}

/// `--wal-checkpoints`: who moves the WAL's pages into the database file.
package enum WALCheckpoints: String, Sendable {
    case server
    case litestream
}
