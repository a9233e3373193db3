import Foundation
import GatherServer
import Storage
import XCTest

final class ConfigurationTests: XCTestCase {
    private func configuration(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ServerConfiguration {
        guard case .serve(let configuration) = try ServerCommandLine.parse(arguments: arguments, environment: environment) else {
            throw ConfigurationError("not a serve command")
        }
        return configuration
    }

    func testDefaults() throws {
        let defaults = try configuration([])
        XCTAssertEqual(defaults.http.host, "127.0.0.1")
        XCTAssertEqual(defaults.http.port, 8080)
        XCTAssertEqual(defaults.databasePath, "data/football-gather.sqlite")
        XCTAssertEqual(defaults.http.limits.maxRequestLineBytes, 8 * 1024)
        XCTAssertEqual(defaults.http.limits.maxHeaderBytes, 16 * 1024)
        XCTAssertEqual(defaults.http.limits.maxBodyBytes, 1024 * 1024)
        XCTAssertEqual(defaults.http.headerReadTimeout, .seconds(10))
        XCTAssertEqual(defaults.http.idleTimeout, .seconds(60))
        XCTAssertEqual(defaults.http.maxConnections, 10_000)
        XCTAssertEqual(defaults.tokenLifetime, .seconds(30 * 24 * 3600))
        XCTAssertFalse(defaults.quiet)
    }

    func testEnvironmentAndFlagsWithFlagsWinning() throws {
        let environment = ["FG_HOST": "0.0.0.0", "FG_PORT": "9000", "FG_DB_PATH": "/tmp/env.sqlite", "FG_QUIET": "1"]
        let fromEnvironment = try configuration([], environment)
        XCTAssertEqual(fromEnvironment.http.host, "0.0.0.0")
        XCTAssertEqual(fromEnvironment.http.port, 9000)
        XCTAssertEqual(fromEnvironment.databasePath, "/tmp/env.sqlite")
        XCTAssertTrue(fromEnvironment.quiet)

        let overridden = try configuration(["--port", "0", "--db=:memory:", "--header-timeout", "0.5", "--max-connections", "5"], environment)
        XCTAssertEqual(overridden.http.port, 0)
        XCTAssertEqual(overridden.databasePath, ":memory:")
        XCTAssertEqual(overridden.http.headerReadTimeout, .milliseconds(500))
        XCTAssertEqual(overridden.http.maxConnections, 5)
        XCTAssertEqual(overridden.http.host, "0.0.0.0")
    }

    func testFairnessOptions() throws {
        let defaults = try configuration([])
        XCTAssertEqual(defaults.http.maxConnectionsPerAddress, 128)
        XCTAssertEqual(defaults.http.limits.maxAnonymousBodyBytes, 4 * 1024)
        XCTAssertEqual(defaults.http.anonymousBodyReadTimeout, .seconds(5))

        let environment = ["FG_MAX_CONNECTIONS_PER_ADDRESS": "16", "FG_MAX_ANONYMOUS_BODY_BYTES": "2048", "FG_ANONYMOUS_BODY_TIMEOUT": "2"]
        let fromEnvironment = try configuration([], environment)
        XCTAssertEqual(fromEnvironment.http.maxConnectionsPerAddress, 16)
        XCTAssertEqual(fromEnvironment.http.limits.maxAnonymousBodyBytes, 2048)
        XCTAssertEqual(fromEnvironment.http.anonymousBodyReadTimeout, .seconds(2))

        let flags = try configuration(["--max-connections-per-address", "8", "--max-anonymous-body-bytes=1024",
                                       "--anonymous-body-timeout", "0.5"], environment)
        XCTAssertEqual(flags.http.maxConnectionsPerAddress, 8)
        XCTAssertEqual(flags.http.limits.maxAnonymousBodyBytes, 1024)
        XCTAssertEqual(flags.http.anonymousBodyReadTimeout, .milliseconds(500))
        XCTAssertThrowsError(try configuration(["--max-connections-per-address", "0"]))
    }

    func testSecurityOptions() throws {
        let defaults = try configuration([])
        XCTAssertEqual(defaults.registration, .open)
        XCTAssertEqual(defaults.registrationsPerHour, 10)
        XCTAssertEqual(defaults.hashingQueueLimit, 32)
        XCTAssertEqual(defaults.hashingThreads, max(1, ProcessInfo.processInfo.activeProcessorCount / 2))

        let environment = ["FG_REGISTRATION": "closed", "FG_REGISTRATIONS_PER_HOUR": "3", "FG_HASHING_THREADS": "2", "FG_HASHING_QUEUE": "8"]
        let fromEnvironment = try configuration([], environment)
        XCTAssertEqual(fromEnvironment.registration, .closed)
        XCTAssertEqual(fromEnvironment.registrationsPerHour, 3)
        XCTAssertEqual(fromEnvironment.hashingThreads, 2)
        XCTAssertEqual(fromEnvironment.hashingQueueLimit, 8)
        XCTAssertEqual(try configuration(["--registration", "open"], environment).registration, .open)

        XCTAssertThrowsError(try configuration(["--registration", "invite"])) { error in
            XCTAssertEqual((error as? ConfigurationError)?.message, "--registration must be open or closed, not \"invite\"")
        }
        XCTAssertThrowsError(try configuration(["--hashing-queue", "0"]))
    }

    func testRosterCacheSizeAndWorkers() throws {
        let defaults = try configuration([])
        XCTAssertEqual(defaults.rosterCacheBytes, 4 * 1024 * 1024)
        XCTAssertEqual(defaults.http.workerCount, 16)
        XCTAssertEqual(try configuration(["--roster-cache-bytes", "0"]).rosterCacheBytes, 0)
        XCTAssertEqual(try configuration([], ["FG_ROSTER_CACHE_BYTES": "65536"]).rosterCacheBytes, 65_536)
        XCTAssertThrowsError(try configuration(["--roster-cache-bytes", "-1"]))
        XCTAssertThrowsError(try configuration(["--roster-cache-bytes", "lots"]))
    }

    /// With the cache off every list reads the database: what another program wrote is seen at once.
    func testWithTheRosterCacheOffAListReadsTheDatabaseEachTime() throws {
        let server = try TestServer { $0.rosterCacheBytes = 0 }
        defer { server.stop() }
        let (client, userID) = try server.registeredClient()
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 0)
        let outside = try Database(path: server.databasePath)
        try outside.execute("INSERT INTO players (group_id, name) VALUES (?, ?)", userID, "Written elsewhere")
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }, ["Written elsewhere"])
    }

    func testPublicURLStartsShareLinks() throws {
        XCTAssertNil(try configuration([]).publicURL)
        XCTAssertEqual(try configuration(["--public-url", "https://football.example.org/"]).publicURL?.description,
                       "https://football.example.org", "no trailing slash, so a path follows as it is")
        XCTAssertEqual(try configuration([], ["FG_PUBLIC_URL": "http://example.org:8443/football"]).publicURL?.link(to: "/s/abc"),
                       "http://example.org:8443/football/s/abc")
        for bad in ["football.example.org", "ftp://example.org", "https://", "https:///path", "https://example.org/a b",
                    "https://example.org/?q=1", "https://example.org/#top", "https://example.org/\"<script>"] {
            XCTAssertThrowsError(try configuration(["--public-url", bad]), bad) { error in
                XCTAssertTrue("\(error)".hasPrefix("--public-url "), "\(error)")
            }
        }
    }

    func testUserAddCommand() throws {
        guard case let .user(configuration, action) = try ServerCommandLine.parse(
            arguments: ["user", "add", "Zoë", "--db", "/tmp/u.sqlite"], environment: [:]) else {
            return XCTFail("expected user add")
        }
        XCTAssertEqual(action, .add("Zoë"))
        let actions: [([String], UserAction)] = [
            (["user", "list"], .list(json: false)), (["user", "list", "--json"], .list(json: true)),
            (["user", "passwd", "ana"], .passwd("ana")), (["user", "rm", "ana"], .remove("ana", confirmed: false)),
            (["user", "rm", "--yes", "ana"], .remove("ana", confirmed: true)), (["user", "disable", "ana"], .disable("ana")),
            (["user", "enable", "ana"], .enable("ana")),
        ]
        for (arguments, expected) in actions {
            guard case let .user(_, action) = try ServerCommandLine.parse(arguments: arguments, environment: [:]) else {
                return XCTFail("\(arguments)")
            }
            XCTAssertEqual(action, expected, "\(arguments)")
        }
        XCTAssertEqual(configuration.databasePath, "/tmp/u.sqlite")
        XCTAssertThrowsError(try ServerCommandLine.parse(arguments: ["user", "add"], environment: [:]))
        XCTAssertThrowsError(try ServerCommandLine.parse(arguments: ["user", "remove", "x"], environment: [:]))
    }

    func testASwitchMaySayWhichWayOverItsEnvironmentTwin() throws {
        XCTAssertTrue(try configuration([], ["FG_QUIET": "1"]).quiet)
        XCTAssertFalse(try configuration(["--quiet=false"], ["FG_QUIET": "1"]).quiet)
        XCTAssertTrue(try configuration(["--trust-proxy"]).http.trustProxyHeaders)
        XCTAssertFalse(try configuration(["--trust-proxy=no"], ["FG_TRUST_PROXY": "yes"]).http.trustProxyHeaders)
    }

    func testTheHealthCheckGoesWhereTheServerListensAndSpeaksItsScheme() throws {
        func url(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String? {
            guard case .healthcheck(let url) = try ServerCommandLine.parse(arguments: ["healthcheck"] + arguments, environment: environment) else {
                return nil
            }
            return url
        }
        XCTAssertEqual(try url([]), "http://127.0.0.1:8080/health")
        XCTAssertEqual(try url([], ["FG_HOST": "0.0.0.0", "FG_PORT": "9000"]), "http://127.0.0.1:9000/health", "every address: this host's loopback")
        XCTAssertEqual(try url([], ["FG_HOST": "10.1.2.3"]), "http://10.1.2.3:8080/health", "only there: there")
        XCTAssertEqual(try url([], ["FG_HOST": "fd00::7"]), "http://[fd00::7]:8080/health")
        XCTAssertEqual(try url([], ["FG_TLS_CERT": "/c.pem", "FG_TLS_KEY": "/k.pem"]), "https://127.0.0.1:8080/health")
        XCTAssertEqual(try url(["--url", "http://x:1/health"], ["FG_HOST": "10.1.2.3"]), "http://x:1/health")
        XCTAssertEqual(try url([], ["FG_HEALTHCHECK_URL": "http://y:2/health"]), "http://y:2/health")
    }

    func testBadValuesAreClearErrors() {
        let cases: [([String], [String: String], String)] = [
            (["--port", "http"], [:], "--port must be a whole number from 0 to 65535"),
            (["--port"], [:], "--port needs a value"),
            (["--colour"], [:], "unknown option --colour"),
            (["--prot", "80"], [:], "unknown option --prot; did you mean --port?"),
            (["-p", "80"], [:], "unknown option -p; options start with --"),
            (["bakup", "x.sqlite"], [:], "no command \"bakup\"; did you mean \"backup\"?"),
            (["backup", "x.sqlite", "--forse"], [:], "backup has no option --forse; did you mean --force?"),
            (["user", "ad", "ana"], [:], "no command \"user ad\"; did you mean \"user add\"?"),
            ([], ["FG_PORT": "-1"], "FG_PORT: --port must be a whole number"),
            (["--quiet=maybe"], [:], "--quiet must be true or false"),
            (["--db", "x.sqlite", "migrate"], [:], "migrate is a command: put it before the options (gather-server migrate …)"),
            ([], ["FG_QUIET": "maybe"], "FG_QUIET: --quiet must be true or false"),
            (["--idle-timeout", "0"], [:], "--idle-timeout must be a number of seconds"),
        ]
        for (arguments, environment, message) in cases {
            XCTAssertThrowsError(try ServerCommandLine.parse(arguments: arguments, environment: environment), "\(arguments)") { error in
                XCTAssertTrue("\(error)".contains(message), "\(error) should contain \(message)")
            }
        }
    }

    func testHelpListsEveryEnvironmentVariable() throws {
        guard case .help(let text) = try ServerCommandLine.parse(arguments: ["--help"], environment: [:]) else {
            return XCTFail("--help")
        }
        for command in ["healthcheck", "backup [--force] [--to DIR] [--keep N] [PATH]", "restore [--force] FILE", "migrate", "check [--repair]", "user add NAME"] {
            XCTAssertTrue(text.contains("gather-server \(command)"), "\(command) in:\n\(text)")
        }
        guard case .help(let backup) = try ServerCommandLine.parse(arguments: ["backup", "--help"], environment: [:]) else {
            return XCTFail("backup --help")
        }
        XCTAssertTrue(backup.contains("--force                 overwrite PATH if it exists (env FG_BACKUP_FORCE)"), backup)
        for variable in ["FG_HOST", "FG_PORT", "FG_DB_PATH", "FG_QUIET", "FG_MAX_CONNECTIONS", "FG_HEADER_TIMEOUT", "FG_IDLE_TIMEOUT",
                         "FG_MAX_BODY_BYTES", "FG_SHUTDOWN_TIMEOUT", "FG_TOKEN_LIFETIME_DAYS"] {
            XCTAssertTrue(ServerCommandLine.helpText.contains(variable), variable)
        }
    }
}
