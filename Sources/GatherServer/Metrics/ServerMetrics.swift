import FoundationEssentials
import GatherDomain
import Glibc
import Locking
import Metrics
import Networking
import Storage

/// Everything `/metrics` tells, rendered in the Prometheus text format when asked: requests (from
/// `RequestMetrics`), connections and their refusals, group commits, the hashing queue and the
/// database's size on disk. The parts that exist only once the server is assembled are attached
/// with `attach`.
package final class ServerMetrics: Sendable {
    /// What is read at each scrape, from the parts of the running server.
    package struct Sources: Sendable {
        package var openConnections: @Sendable () -> Int
        package var refusedConnections: @Sendable () -> ConnectionRefusals
        package var commits: @Sendable () -> CommitStatistics?
        package var hashingQueue: @Sendable () -> (waiting: Int, limit: Int)
        package var databasePath: String
        /// Nil where nothing is sent to channels.
        package var deliveries: @Sendable () -> DeliveryStatistics? = { nil }
        /// What `/health` would say: ok, degraded or unavailable.
        package var health: @Sendable () -> String = { "ok" }
        /// Accounts, groups, players, matches and the last backup, cached (`CachedTotals`).
        package var totals: @Sendable () -> TotalsRepository.Totals? = { nil }
        /// When the TLS certificate in use expires (seconds since 1970); nil without TLS.
        package var certificateNotAfter: @Sendable () -> Int? = { nil }
    }

    package let requests: RequestMetrics
    private let startedAt: Date
    private let sources = Locked<Sources?>(nil)

    package init(requests: RequestMetrics, startedAt: Date = Date()) {
        self.requests = requests
        self.startedAt = startedAt
    }

    package func attach(_ sources: Sources) {
        self.sources.withLock { $0 = sources }
    }

    /// Statuses that mean the server refused a request, and why, for `gather_refusals_total`.
    static let refusalReasons: [Int: String] = [
        408: "request_timeout", 413: "body_too_large", 414: "uri_too_long", 431: "headers_too_large",
        429: "rate_limited", 503: "unavailable", 507: "disk_full",
    ]

    package func render() -> String {
        var text = MetricsText()
        text.family("gather_build_info", .gauge, help: "The running version (always 1)")
        text.sample("gather_build_info", [("version", FootballGather.version), ("schema_version", String(Schema.migrator.latestVersion)),
                                          ("commit", FootballGather.commit)], 1)
        text.family("process_start_time_seconds", .gauge, help: "When the server started, in seconds since 1970")
        text.sample("process_start_time_seconds", [], startedAt.timeIntervalSince1970.rounded(.down))
        let process = ProcessFacts.read()
        for (name, kind, help, value) in [
            ("process_resident_memory_bytes", MetricsText.Kind.gauge, "Resident memory size in bytes", process.residentBytes),
            ("process_cpu_seconds_total", .counter, "User and system CPU time spent in seconds", process.cpuSeconds),
            ("process_open_fds", .gauge, "Number of open file descriptors", process.openDescriptors),
            ("process_max_fds", .gauge, "Maximum number of open file descriptors", process.maxDescriptors),
        ] {
            guard let value else { continue }
            text.family(name, kind, help: help)
            text.sample(name, [], value)
        }

        let snapshot = requests.snapshot
        text.family("gather_http_requests_total", .counter, help: "Requests answered, by method, route pattern and status")
        for (series, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            text.sample("gather_http_requests_total", [("method", series.method), ("route", series.route), ("status", String(series.status))],
                        Double(count))
        }
        text.family("gather_http_request_duration_seconds", .histogram,
                    help: "From the whole request read to the response queued, by method and route pattern")
        for (route, histogram) in snapshot.durations.sorted(by: { ($0.key.route, $0.key.method) < ($1.key.route, $1.key.method) }) {
            text.histogram("gather_http_request_duration_seconds", [("method", route.method), ("route", route.route)], histogram)
        }

        var refusals: [String: UInt64] = [:]
        for (series, count) in snapshot.requests {
            if let reason = Self.refusalReasons[series.status] { refusals[reason, default: 0] += count }
        }
        guard let sources = sources.withLock({ $0 }) else { return text.text }
        let refused = sources.refusedConnections()
        refusals["connections_over_server_cap"] = UInt64(refused.overServerCap)
        refusals["connections_over_address_cap"] = UInt64(refused.overAddressCap)
        text.family("gather_refusals_total", .counter,
                    help: "Requests and connections refused, by reason (429 rate_limited, 503 unavailable, 507 disk_full, caps…)")
        for reason in (Set(Self.refusalReasons.values).union(["connections_over_server_cap", "connections_over_address_cap"])).sorted() {
            text.sample("gather_refusals_total", [("reason", reason)], Double(refusals[reason] ?? 0))
        }

        text.family("gather_http_open_connections", .gauge, help: "Client connections open now")
        text.sample("gather_http_open_connections", [], Double(sources.openConnections()))

        let queue = sources.hashingQueue()
        text.family("gather_hashing_queue_length", .gauge, help: "Logins and registrations waiting for a password-hashing thread")
        text.sample("gather_hashing_queue_length", [], Double(queue.waiting))
        text.family("gather_hashing_queue_limit", .gauge, help: "Waiting logins and registrations beyond which 503 is answered at once")
        text.sample("gather_hashing_queue_limit", [], Double(queue.limit))

        if let commits = sources.commits() {
            text.family("gather_group_commit_writes", .histogram, help: "Writes that shared one group commit (one transaction, one flush)")
            text.histogram("gather_group_commit_writes", [], commits.writesPerCommit)
            text.family("gather_group_commit_seconds", .histogram, help: "Time of each group commit's COMMIT, the flush to disk included")
            text.histogram("gather_group_commit_seconds", [], commits.commitSeconds)
            text.family("gather_group_commit_failures_total", .counter, help: "Group commits that failed (every write in them refused)")
            text.sample("gather_group_commit_failures_total", [], Double(commits.failedCommits))
        }

        if let deliveries = sources.deliveries() {
            text.family("gather_channel_deliveries_total", .counter,
                        help: "Messages to the groups' channels, each try by its outcome (sent, retried later, failed for good, skipped)")
            for (outcome, count) in [("failed", deliveries.failed), ("retried", deliveries.retried), ("sent", deliveries.sent),
                                     ("skipped", deliveries.skipped)] {
                text.sample("gather_channel_deliveries_total", [("outcome", outcome)], Double(count))
            }
            text.family("gather_channel_deliveries_under_way", .gauge, help: "Messages to channels being sent now")
            text.sample("gather_channel_deliveries_under_way", [], Double(deliveries.underWay))
            text.family("gather_channel_deliveries_limit", .gauge, help: "Messages to channels that may be under way at once")
            text.sample("gather_channel_deliveries_limit", [], Double(deliveries.limit))
        }

        let health = sources.health()
        text.family("gather_up", .gauge, help: "1 while /health says ok or degraded (the server answers), 0 when unavailable")
        text.sample("gather_up", [], health == "unavailable" ? 0 : 1)
        text.family("gather_health", .gauge, help: "What /health says now: 1 for its status, 0 for the others")
        for status in ["degraded", "ok", "unavailable"] { text.sample("gather_health", [("status", status)], status == health ? 1 : 0) }
        if let totals = sources.totals() {
            for (name, help, value) in [("gather_accounts", "Open accounts", totals.accounts), ("gather_groups", "Open groups", totals.groups),
                                        ("gather_players", "Players on rosters", totals.players), ("gather_matches", "Matches kept", totals.matches)] {
                text.family(name, .gauge, help: help + " (counted at most every 15 s)")
                text.sample(name, [], Double(value))
            }
            text.family("gather_last_backup_timestamp_seconds", .gauge,
                        help: "When gather-server backup last succeeded, in seconds since 1970; 0 if never")
            text.sample("gather_last_backup_timestamp_seconds", [], (totals.lastBackupAt?.timeIntervalSince1970 ?? 0).rounded(.down))
        }
        if let notAfter = sources.certificateNotAfter() {
            text.family("gather_tls_certificate_not_after_seconds", .gauge, help: "When the TLS certificate in use expires, in seconds since 1970")
            text.sample("gather_tls_certificate_not_after_seconds", [], Double(notAfter))
        }

        text.family("gather_database_bytes", .gauge, help: "The database's files on disk: the database and its write-ahead log")
        text.sample("gather_database_bytes", [("file", "database")], Double(Self.size(of: sources.databasePath)))
        text.sample("gather_database_bytes", [("file", "wal")], Double(Self.size(of: sources.databasePath + "-wal")))
        return text.text
    }

    /// Bytes of the file at `path`; 0 when there is none (a memory database, no WAL yet).
    static func size(of path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return Int(status.st_size)
    }
}
