import Arguments
import FoundationEssentials
import ZoneInfo
import GatherDomain
import Networking

package enum ServerCommandLine {
    static let options: [ServerOption] = [
        ServerOption(flag: "--host", environment: "FG_HOST", valueName: "ADDRESS",
                     help: "address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)") { config, value in
            guard !value.isEmpty else { throw ConfigurationError("--host needs an address") }
            config.http.host = value
        },
        ServerOption(flag: "--port", environment: "FG_PORT", valueName: "PORT",
                     help: "port to listen on (default 8080; 0 picks a free port and prints it)") { config, value in
            config.http.port = try integer(value, name: "--port", range: 0...65535)
        },
        ServerOption(flag: "--db", environment: "FG_DB_PATH", valueName: "PATH",
                     help: "SQLite database file (default ./data/football-gather.sqlite; :memory: keeps nothing)") { config, value in
            guard !value.isEmpty else { throw ConfigurationError("--db needs a path") }
            config.databasePath = value
        },
        ServerOption(flag: "--db-must-exist", environment: "FG_DB_MUST_EXIST", valueName: nil,
                     help: "refuse to start (exit 4) when --db names no database, instead of creating an empty one") { config, value in
            config.databaseMustExist = try boolean(value, name: "--db-must-exist")
        },
        ServerOption(flag: "--wal-checkpoints", environment: "FG_WAL_CHECKPOINTS", valueName: "server|litestream",
                     help: "who checkpoints the WAL: the server itself (default), or litestream, replicating it (docs/deploy.md)") { config, value in
            guard let who = WALCheckpoints(rawValue: value) else {
                throw ConfigurationError("--wal-checkpoints must be server or litestream, not \"\(value)\"")
            }
            config.walCheckpoints = who
        },
        ServerOption(flag: "--quiet", environment: "FG_QUIET", valueName: nil,
                     help: "no access log lines on stderr") { config, value in
            config.quiet = try boolean(value, name: "--quiet")
        },
        ServerOption(flag: "--log-format", environment: "FG_LOG_FORMAT", valueName: "text|json",
                     help: "access log as text lines (default) or one JSON object per line") { config, value in
            guard let format = ServerLog.Format(rawValue: value) else {
                throw ConfigurationError("--log-format must be text or json, not \"\(value)\"")
            }
            config.logFormat = format
        },
        ServerOption(flag: "--trust-proxy", environment: "FG_TRUST_PROXY", valueName: nil,
                     help: "behind a reverse proxy that appends X-Forwarded-For: the client is its last entry") { config, value in
            config.http.trustProxyHeaders = try boolean(value, name: "--trust-proxy")
        },
        ServerOption(flag: "--registration", environment: "FG_REGISTRATION", valueName: "open|closed",
                     help: "who may register: anyone (open, default) or only the operator with gather-server user add (closed)") { config, value in
            guard let policy = RegistrationPolicy(rawValue: value) else {
                throw ConfigurationError("--registration must be open or closed, not \"\(value)\"")
            }
            config.registration = policy
        },
        ServerOption(flag: "--registrations-per-hour", environment: "FG_REGISTRATIONS_PER_HOUR", valueName: "N",
                     help: "registrations one client address may attempt per hour; more get 429 (default 10)") { config, value in
            config.registrationsPerHour = try integer(value, name: "--registrations-per-hour", range: 1...1_000_000)
        },
        ServerOption(flag: "--token-lifetime-days", environment: "FG_TOKEN_LIFETIME_DAYS", valueName: "DAYS",
                     help: "days a login token stays valid (default 30)") { config, value in
            config.tokenLifetime = .seconds(try integer(value, name: "--token-lifetime-days", range: 1...3650) * 24 * 3600)
        },
        ServerOption(flag: "--max-connections", environment: "FG_MAX_CONNECTIONS", valueName: "N",
                     help: "open connections at most; when full, an idle one is closed for a newcomer, else 503 (default 10000)") { config, value in
            config.http.maxConnections = try integer(value, name: "--max-connections", range: 1...1_000_000)
        },
        ServerOption(flag: "--max-connections-per-address", environment: "FG_MAX_CONNECTIONS_PER_ADDRESS", valueName: "N",
                     help: "open connections from one client address (IPv6: one /64) at most; more get 503; not applied with --trust-proxy (default 128)") { config, value in
            config.http.maxConnectionsPerAddress = try integer(value, name: "--max-connections-per-address", range: 1...1_000_000)
        },
        ServerOption(flag: "--max-body-bytes", environment: "FG_MAX_BODY_BYTES", valueName: "BYTES",
                     help: "largest request body; larger gets 413 (default 1048576)") { config, value in
            config.http.limits.maxBodyBytes = try integer(value, name: "--max-body-bytes", range: 1...(64 << 20))
        },
        ServerOption(flag: "--max-anonymous-body-bytes", environment: "FG_MAX_ANONYMOUS_BODY_BYTES", valueName: "BYTES",
                     help: "largest body of a request without an Authorization header; larger gets 413 (default 4096)") { config, value in
            config.http.limits.maxAnonymousBodyBytes = try integer(value, name: "--max-anonymous-body-bytes", range: 1...(64 << 20))
        },
        ServerOption(flag: "--max-request-line-bytes", environment: "FG_MAX_REQUEST_LINE_BYTES", valueName: "BYTES",
                     help: "longest request line; longer gets 414 (default 8192)") { config, value in
            config.http.limits.maxRequestLineBytes = try integer(value, name: "--max-request-line-bytes", range: 64...(1 << 20))
        },
        ServerOption(flag: "--max-header-bytes", environment: "FG_MAX_HEADER_BYTES", valueName: "BYTES",
                     help: "largest header section; larger gets 431 (default 16384)") { config, value in
            config.http.limits.maxHeaderBytes = try integer(value, name: "--max-header-bytes", range: 256...(1 << 20))
        },
        ServerOption(flag: "--header-timeout", environment: "FG_HEADER_TIMEOUT", valueName: "SECONDS",
                     help: "time to receive a request's head; then 408 (default 10)") { config, value in
            config.http.headerReadTimeout = try seconds(value, name: "--header-timeout")
        },
        ServerOption(flag: "--body-timeout", environment: "FG_BODY_TIMEOUT", valueName: "SECONDS",
                     help: "time to receive a request's body; then 408 (default 30)") { config, value in
            config.http.bodyReadTimeout = try seconds(value, name: "--body-timeout")
        },
        ServerOption(flag: "--anonymous-body-timeout", environment: "FG_ANONYMOUS_BODY_TIMEOUT", valueName: "SECONDS",
                     help: "time to receive the body of a request without an Authorization header; then 408 (default 5)") { config, value in
            config.http.anonymousBodyReadTimeout = try seconds(value, name: "--anonymous-body-timeout")
        },
        ServerOption(flag: "--idle-timeout", environment: "FG_IDLE_TIMEOUT", valueName: "SECONDS",
                     help: "time a keep-alive connection may wait for its next request (default 60)") { config, value in
            config.http.idleTimeout = try seconds(value, name: "--idle-timeout")
        },
        ServerOption(flag: "--shutdown-timeout", environment: "FG_SHUTDOWN_TIMEOUT", valueName: "SECONDS",
                     help: "on SIGTERM/SIGINT, time for requests in flight to finish (default 10)") { config, value in
            config.shutdownGracePeriod = try seconds(value, name: "--shutdown-timeout")
        },
        ServerOption(flag: "--event-loops", environment: "FG_EVENT_LOOPS", valueName: "N",
                     help: "threads running epoll loops (default 2)") { config, value in
            config.http.eventLoopCount = try integer(value, name: "--event-loops", range: 1...64)
        },
        ServerOption(flag: "--workers", environment: "FG_WORKERS", valueName: "N",
                     help: "threads running handlers that neither read quickly nor write (default 16)") { config, value in
            config.http.workerCount = try integer(value, name: "--workers", range: 1...256)
        },
        ServerOption(flag: "--hashing-threads", environment: "FG_HASHING_THREADS", valueName: "N",
                     help: "threads hashing passwords for logins and registrations (default half the cores, at least 1)") { config, value in
            config.hashingThreads = try integer(value, name: "--hashing-threads", range: 1...64)
        },
        ServerOption(flag: "--hashing-queue", environment: "FG_HASHING_QUEUE", valueName: "N",
                     help: "logins and registrations waiting for a hashing thread at most; more get 503 (default 32)") { config, value in
            config.hashingQueueLimit = try integer(value, name: "--hashing-queue", range: 1...10_000)
        },
        ServerOption(flag: "--roster-cache-bytes", environment: "FG_ROSTER_CACHE_BYTES", valueName: "BYTES",
                     help: "JSON of recently read rosters, players and gathers' players kept in memory; 0 reads each from the database (default 4194304)") { config, value in
            config.rosterCacheBytes = try integer(value, name: "--roster-cache-bytes", range: 0...1_073_741_824)
        },
        ServerOption(flag: "--max-players-per-account", environment: "FG_MAX_PLAYERS_PER_ACCOUNT", valueName: "N",
                     help: "players one account keeps at most, deleted ones who played included; more get 403 (default 5000)") { config, value in
            config.limits.playersPerAccount = try integer(value, name: "--max-players-per-account", range: 1...10_000_000)
        },
        ServerOption(flag: "--max-gathers-per-account", environment: "FG_MAX_GATHERS_PER_ACCOUNT", valueName: "N",
                     help: "gathers one account keeps at most; more get 403 (default 20000)") { config, value in
            config.limits.gathersPerAccount = try integer(value, name: "--max-gathers-per-account", range: 1...10_000_000)
        },
        ServerOption(flag: "--max-places-per-account", environment: "FG_MAX_PLACES_PER_ACCOUNT", valueName: "N",
                     help: "places in gathers one account keeps at most (a player in one gather is one); more get 403 (default 500000)") { config, value in
            config.limits.placesPerAccount = try integer(value, name: "--max-places-per-account", range: 1...1_000_000_000)
        },
        ServerOption(flag: "--write-burst", environment: "FG_WRITE_BURST", valueName: "N",
                     help: "changes one account may make at once before --writes-per-second applies; more get 429 (default 300)") { config, value in
            config.limits.writeBurst = try integer(value, name: "--write-burst", range: 1...10_000_000)
        },
        ServerOption(flag: "--writes-per-second", environment: "FG_WRITES_PER_SECOND", valueName: "N",
                     help: "changes one account may make per second after a burst (default 30)") { config, value in
            config.limits.writesPerSecond = try integer(value, name: "--writes-per-second", range: 1...10_000_000)
        },
        ServerOption(flag: "--queued-writes-per-account", environment: "FG_QUEUED_WRITES_PER_ACCOUNT", valueName: "N",
                     help: "changes of one account waiting to be saved at once; more get 429 (default 8)") { config, value in
            config.limits.queuedWritesPerAccount = try integer(value, name: "--queued-writes-per-account", range: 1...10_000)
        },
        ServerOption(flag: "--read-budget", environment: "FG_READ_BUDGET", valueName: "SECONDS",
                     help: "time a heavy read (stats, lists, balancing) may take, waiting included; then 503 (default 3)") { config, value in
            config.limits.readBudget = try seconds(value, name: "--read-budget")
        },
        ServerOption(flag: "--public-url", environment: "FG_PUBLIC_URL", valueName: "URL",
                     help: "the address people reach this server at (https://football.example.org), the start of share links (default none: links are paths)") { config, value in
            config.publicURL = try PublicURL(value)
        },
        ServerOption(flag: "--time-zone", environment: "FG_TIME_ZONE", valueName: "ZONE",
                     help: "the IANA time zone fixtures are set in when they name none (Europe/Amsterdam; default the system's: TZ, "
                     + "else /etc/localtime, else UTC)") { config, value in
            guard TimeZoneRules.isValidIdentifier(value), (try? TimeZoneRules.load(identifier: value)) != nil else {
                throw ConfigurationError("--time-zone names no time zone of this system's tz database (got \"\(value)\"); "
                                         + "try one like Europe/Amsterdam, or install tzdata")
            }
            config.timeZone = value
        },
        ServerOption(flag: "--allow-http-channels", environment: "FG_ALLOW_HTTP_CHANNELS", valueName: nil,
                     help: "let groups' channels use plain http:// URLs, for receivers on a trusted network (default off: https:// only)") { config, value in
            config.channelPolicy.allowsPlainHTTP = try boolean(value, name: "--allow-http-channels")
        },
        ServerOption(flag: "--allow-private-channels", environment: "FG_ALLOW_PRIVATE_CHANNELS", valueName: nil,
                     help: "let groups' channels reach loopback, private, link-local and unique-local addresses, for receivers on "
                     + "this machine or network (default off)") { config, value in
            config.channelPolicy.allowsPrivateAddresses = try boolean(value, name: "--allow-private-channels")
        },
        ServerOption(flag: "--channels-ca-file", environment: "FG_CHANNELS_CA_FILE", valueName: "PATH",
                     help: "trust this PEM file's authorities for channels' certificates, besides the system's") { config, value in
            config.channelsCAFile = value
        },
        ServerOption(flag: "--metrics", environment: "FG_METRICS", valueName: nil,
                     help: "serve GET /metrics (Prometheus text format) on the server's own address, to whoever reaches it "
                     + "(default off)") { config, value in
            config.metrics = try boolean(value, name: "--metrics")
        },
        ServerOption(flag: "--metrics-listen", environment: "FG_METRICS_LISTEN", valueName: "HOST:PORT",
                     help: "serve GET /metrics alone on this address, plain HTTP, e.g. 127.0.0.1:9090 (default off)") { config, value in
            guard let address = ListenAddress(value) else {
                throw ConfigurationError("--metrics-listen must be HOST:PORT, e.g. 127.0.0.1:9090 or [::1]:9090, not \"\(value)\"")
            }
            config.metricsListen = address
        },
        ServerOption(flag: "--metrics-token-file", environment: "FG_METRICS_TOKEN_FILE", valueName: "PATH",
                     help: "/metrics answers only a scrape with Authorization: Bearer and this file's token (Prometheus's "
                     + "bearer_token_file; at least 16 characters)") { config, value in
            // Read for `serve` alone: the other commands have nothing to do with it.
            config.metricsTokenFile = value
        },
        ServerOption(flag: "--tls-cert", environment: "FG_TLS_CERT", valueName: "PATH",
                     help: "serve HTTPS with this PEM certificate chain (with --tls-key; SIGHUP reloads both)") { config, value in
            config.tlsCertificateFile = value
        },
        ServerOption(flag: "--tls-key", environment: "FG_TLS_KEY", valueName: "PATH",
                     help: "the PEM private key of --tls-cert") { config, value in
            config.tlsKeyFile = value
        },
    ]

    /// A certificate needs its key and the other way round.
    private static func checkTLS(_ configuration: ServerConfiguration) throws(ConfigurationError) {
        switch (configuration.tlsCertificateFile, configuration.tlsKeyFile) {
        case (nil, nil), (_?, _?): return
        case (_?, nil): throw ConfigurationError("--tls-cert needs --tls-key (FG_TLS_KEY)")
        case (nil, _?): throw ConfigurationError("--tls-key needs --tls-cert (FG_TLS_CERT)")
        }
    }

    static let version = OptionSpec("--version", help: "print the version")
    private static let serveExample = "gather-server --host 0.0.0.0 --db /var/lib/gather/gather.sqlite"

    /// What `gather-server` does with no command: serve.
    static let serve = CommandSpec("", summary: "run the server", example: serveExample)

    static let commands: [CommandSpec] = [
        CommandSpec("serve", summary: "run the server (the default)", example: serveExample),
        CommandSpec("healthcheck", summary: "GET /health of the server this configuration describes (FG_HOST unless every address, "
                    + "FG_PORT, https with FG_TLS_CERT); exit 0 if ok, else 1 (degraded included)",
                    options: [OptionSpec("--url", value: "URL", help: "the address to check instead", environment: "FG_HEALTHCHECK_URL")],
                    example: "gather-server healthcheck"),
        CommandSpec("backup", summary: "a consistent copy of the --db database while the server runs, checked with "
                    + "integrity_check before it takes its name: to PATH, or a new dated file in the --to directory",
                    arguments: ["PATH"], minimumArguments: 0,
                    options: [OptionSpec("--force", help: "overwrite PATH if it exists", environment: "FG_BACKUP_FORCE"),
                              OptionSpec("--to", value: "DIR", help: "an existing directory: the copy is named after the database "
                                         + "and the time (UTC), so several a day work", type: .file),
                              OptionSpec("--keep", value: "N", help: "with --to: then remove all but the newest N copies there",
                                         type: .integer(1...100_000))],
                    argumentType: .file,
                    example: "gather-server backup --to /backups --keep 14"),
        CommandSpec("restore", summary: "a backup in place of the --db database: the file is checked first, the current "
                    + "database kept beside it (.before-restore-TIME); refused while a server runs on it", arguments: ["FILE"],
                    options: [OptionSpec("--force", help: "restore although a server runs on the database (restart it at once)")],
                    argumentType: .file,
                    example: "gather-server restore /backups/football-gather-20261120T031500Z.sqlite"),
        CommandSpec("migrate", summary: "apply pending schema migrations to the --db database and exit", example: "gather-server migrate --db gather.sqlite"),
        CommandSpec("check", summary: "check the --db database: SQLite's integrity check, then the players' records kept as "
                    + "results change, held against the matches; exit 1 if anything is wrong",
                    options: [OptionSpec("--repair", help: "rebuild the players' records from the matches where they disagree")],
                    example: "gather-server check --db /var/lib/gather/gather.sqlite"),
        CommandSpec("doctor", summary: "what an operator checks first: version, configuration (no secret), the database's schema, "
                    + "modes and free space, a server running on it, the certificate, the last backup, check's summary; exit 1 on a problem",
                    example: "gather-server doctor --db /var/lib/gather/gather.sqlite"),
        CommandSpec("user add", summary: "create an account (for --registration closed); the password is asked for twice on a "
                    + "terminal, else read from the first line of standard input", arguments: ["NAME"],
                    example: "gather-server user add ana --db /var/lib/gather/gather.sqlite"),
        CommandSpec("user list", summary: "every account: name, created, last login, players and gathers, disabled or not",
                    options: [OptionSpec("--json", help: "one JSON array")], example: "gather-server user list --db /var/lib/gather/gather.sqlite"),
        CommandSpec("user passwd", summary: "a new password for a forgotten one (asked for twice, or from standard input); "
                    + "the account's login sessions end, its API tokens stay", arguments: ["NAME"], example: "gather-server user passwd ana"),
        CommandSpec("user rm", summary: "delete an account and everything of its own (asks first, unless --yes)", arguments: ["NAME"],
                    options: [OptionSpec("--yes", help: "do not ask")], example: "gather-server user rm ana --yes"),
        CommandSpec("user disable", summary: "no login, no session and no API token of the account works until it is enabled; "
                    + "nothing is deleted", arguments: ["NAME"], example: "gather-server user disable ana"),
        CommandSpec("user enable", summary: "let a disabled account in again, with its sessions and tokens", arguments: ["NAME"],
                    example: "gather-server user enable ana"),
        CommandSpec("user sessions", summary: "an account's login sessions (when each began and ends); --end ends them all, "
                    + "its password and API tokens unchanged", arguments: ["NAME"],
                    options: [OptionSpec("--end", help: "end every login session of the account")], example: "gather-server user sessions ana --end"),
    ]

    /// The server's options, as the shared parser reads them: declared once, in `options`.
    static let parser = ArgumentParser(
        program: "gather-server", commands: commands,
        globalOptions: options.map { option in
            OptionSpec(option.flag, value: option.valueName, help: option.help, type: option.valueName == nil ? .boolean : .text,
                       environment: option.environment)
        } + [version],
        defaultCommand: serve)

    /// Reads the environment first, then the flags (which override it).
    package static func parse(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> ServerCommand {
        var configuration = ServerConfiguration()
        for option in options {
            if let value = environment[option.environment], !value.isEmpty {
                do {
                    try option.apply(value, to: &configuration)
                } catch {
                    throw ConfigurationError("\(option.environment): \(error.message)")
                }
            }
        }
        let command: ParsedCommand
        do {
            switch try parser.parse(arguments) {
            case .help(let spec):
                // The program's help for the program (`--help` alone picks the default command).
                guard let spec, !spec.path.isEmpty else { return .help(helpText) }
                return .help(parser.help(for: spec, program: "gather-server"))
            case .run(let parsed):
                command = parsed
            }
        } catch {
            throw ConfigurationError(error.message)
        }
        if command.has(version.name) { return .version }
        for option in options {
            if option.valueName == nil {
                // A switch may say which way (`--quiet=false` over FG_QUIET=1), as it always could.
                if let value = command.value(option.flag) {
                    try option.apply(value, to: &configuration)
                } else if command.has(option.flag) {
                    try option.apply("true", to: &configuration)
                }
            } else if let value = command.value(option.flag) {
                try option.apply(value, to: &configuration)
            }
        }
        try checkTLS(configuration)
        switch command.spec.name {
        case "healthcheck":
            // The server's own scheme (https when it serves TLS: FG_TLS_CERT set) and address
            // (FG_HOST, unless it listens on every address: then this host's loopback).
            let scheme = configuration.tlsCertificateFile == nil ? "http" : "https"
            let host = configuration.http.host
            let address = ["0.0.0.0", "::", "[::]", ""].contains(host) ? "127.0.0.1" : host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            let url = command.value("--url") ?? environment["FG_HEALTHCHECK_URL"].flatMap { $0.isEmpty ? nil : $0 }
                ?? "\(scheme)://\(address):\(configuration.http.port)/health"
            return .healthcheck(url: url)
        case "backup":
            var overwrite = command.has("--force")
            if !overwrite, let force = environment["FG_BACKUP_FORCE"], !force.isEmpty {
                overwrite = try boolean(force, name: "FG_BACKUP_FORCE")
            }
            let keep = command.value("--keep").flatMap { Int($0) }
            switch (command.arguments.first, command.value("--to")) {
            case (let path?, nil) where !path.isEmpty:
                guard keep == nil else { throw ConfigurationError("--keep goes with --to DIR: it prunes that directory's copies") }
                return .backup(configuration, .file(path, overwrite: overwrite))
            case (nil, let directory?) where !directory.isEmpty:
                guard !command.has("--force") else { throw ConfigurationError("--force goes with PATH: a copy made with --to has a name of its own") }
                return .backup(configuration, .directory(directory, keep: keep))
            case (_?, _?):
                throw ConfigurationError("backup takes PATH or --to DIR, not both")
            default:
                throw ConfigurationError("backup needs PATH or --to DIR")
            }
        case "restore":
            return .restore(configuration, file: command.arguments[0], force: command.has("--force"))
        case "migrate":
            return .migrate(configuration)
        case "check":
            return .check(configuration, repair: command.has("--repair"))
        case "doctor":
            return .doctor(configuration)
        case "user add": return .user(configuration, .add(command.arguments[0]))
        case "user list": return .user(configuration, .list(json: command.has("--json")))
        case "user passwd": return .user(configuration, .passwd(command.arguments[0]))
        case "user rm": return .user(configuration, .remove(command.arguments[0], confirmed: command.has("--yes")))
        case "user disable": return .user(configuration, .disable(command.arguments[0]))
        case "user sessions": return .user(configuration, .sessions(command.arguments[0], end: command.has("--end")))
        case "user enable": return .user(configuration, .enable(command.arguments[0]))
        default:
            if let file = configuration.metricsTokenFile { configuration.metricsToken = try MetricsToken.read(from: file) }
            return .serve(configuration)
        }
    }

    /// Every command and option, from the declarations the parser reads.
    package static var helpText: String {
        var lines = [
            "gather-server \(FootballGather.version): the Football Gather API server",
            "",
            "Usage: gather-server [serve] [options]      run the server (the default)",
        ]
        for command in commands.dropFirst() {
            lines.append("       " + parser.usage(of: command, program: "gather-server"))
            lines.append("           " + command.summary)
        }
        lines += ["", "Options (each has an environment twin; flags win):"]
        for option in options {
            let flag = option.valueName.map { "\(option.flag) \($0)" } ?? option.flag
            lines.append("  \(flag)\(String(repeating: " ", count: max(1, 35 - flag.count)))\(option.environment)")
            lines.append("      \(option.help)")
        }
        lines.append("  --version                          print the version")
        lines.append("  -h, --help                         print this help (gather-server help COMMAND: one command's)")
        return lines.joined(separator: "\n")
    }

    private static func integer(_ value: String, name: String, range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw ConfigurationError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(value)\"")
        }
        return number
    }

    private static func seconds(_ value: String, name: String) throws(ConfigurationError) -> Duration {
        guard let number = Double(value), number > 0, number <= 86_400 else {
            throw ConfigurationError("\(name) must be a number of seconds from 0 to 86400, not \"\(value)\"")
        }
        return .milliseconds(Int64((number * 1000).rounded()))
    }

    private static func boolean(_ value: String, name: String) throws(ConfigurationError) -> Bool {
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigurationError("\(name) must be true or false, not \"\(value)\"")
        }
    }
}
