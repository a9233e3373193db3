import Foundation
import GatherDomain
import GatherServer
import HTTP
import Networking
import TestSupport
import XCTest

/// `/metrics` as Prometheus reads it: parsed by the Prometheus project's own Python parser
/// (Debian's python3-prometheus-client), after real traffic through a real server.
final class ServerMetricsTests: XCTestCase {
    /// One parsed family: its type and samples (name, labels, value).
    struct Family {
        let type: String
        let samples: [(name: String, labels: [String: String], value: Double)]

        func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
            samples.first { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }?.value
        }
    }

    /// The exposition text through `prometheus_client.parser`; a malformed line fails the parse.
    static func parse(_ text: String) throws -> [String: Family] {
        let script = """
            import json, sys
            from prometheus_client.parser import text_string_to_metric_families
            families = {}
            for family in text_string_to_metric_families(sys.stdin.read()):
                families[family.name] = {"type": family.type, "samples": [[s.name, s.labels, s.value] for s in family.samples]}
            print(json.dumps(families))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the parser refused it: \(problem)\n\(text)")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        return try object.mapValues { family in
            let samples = try XCTUnwrap(family["samples"] as? [[Any]]).map { sample in
                (name: sample[0] as? String ?? "", labels: sample[1] as? [String: String] ?? [:], value: (sample[2] as? NSNumber)?.doubleValue ?? .nan)
            }
            return Family(type: family["type"] as? String ?? "", samples: samples)
        }
    }

    private func scrape(_ port: Int) throws -> ReceivedResponse {
        try APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
            .request(.get, "/metrics")
    }

    func testMetricsAreOffUnlessAskedFor() throws {
        let server = try TestServer()
        defer { server.stop() }
        XCTAssertEqual(try scrape(server.port).status, 404)
    }

    func testTrafficShowsUpByRouteStatusAndReasonAndParses() throws {
        let server = try TestServer { configuration in
            configuration.metrics = true
            configuration.limits.writeBurst = 3
            configuration.limits.writesPerSecond = 1
            configuration.http.maxConnectionsPerAddress = 3
            configuration.hashingQueueLimit = 7
        }
        defer { server.stop() }
        let (client, _) = try server.registeredClient()
        var created: [String] = []
        var refused = 0
        // Three at once, then one a second: six in a row meet at least one refusal (however slow).
        for index in 0..<6 {
            let response = try client.request(.post, "/api/players", json: ["name": "Player \(index)"])
            if response.status == 201 {
                created.append(try XCTUnwrap((try response.jsonObject()["id"] as? NSNumber)?.stringValue, response.text))
            } else {
                XCTAssertEqual(response.status, 429, response.text)
                refused += 1
            }
        }
        XCTAssertGreaterThanOrEqual(refused, 1, "past the burst")
        let id = try XCTUnwrap(created.first)
        XCTAssertEqual(try client.request(.get, "/api/players/\(id)").status, 200)
        XCTAssertEqual(try client.request(.get, "/no/such/zz-secret-path").status, 404)
        XCTAssertEqual(try client.request(HTTPMethod(rawValue: "BREW"), "/coffee").status, 404)
        // Over the address's cap: the client's connection and two more are all it may hold.
        let held = try (0..<2).map { _ in try RawConnection(port: server.port) }
        for connection in held { connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n") }
        for connection in held { XCTAssertTrue(connection.read { $0.contains("\r\n\r\n") }) }
        let turnedAway = try RawConnection(port: server.port)
        XCTAssertTrue(turnedAway.read { $0.contains("503") }, turnedAway.text)
        for connection in held { connection.close() }

        // Requests are counted after their responses, off the loops: poll until the last is in.
        // Scraped over the client's own connection: a new one might meet the address's cap
        // before the server has seen the held ones close.
        var families: [String: Family] = [:]
        XCTAssertTrue(waitUntil(timeout: 10) {
            guard let response = try? client.request(.get, "/metrics"), response.status == 200,
                  let parsed = try? Self.parse(response.text) else { return false }
            families = parsed
            return parsed["gather_http_requests"]?.value("gather_http_requests_total", ["method": "other"]) == 1
        }, "\(families.keys)")
        let response = try client.request(.get, "/metrics")
        XCTAssertEqual(response.headers["Content-Type"], "text/plain; version=0.0.4; charset=utf-8")

        let requests = try XCTUnwrap(families["gather_http_requests"])
        XCTAssertEqual(requests.type, "counter")
        XCTAssertEqual(requests.value("gather_http_requests_total", ["method": "POST", "route": "/api/players", "status": "201"]),
                       Double(created.count))
        XCTAssertEqual(requests.value("gather_http_requests_total", ["method": "POST", "route": "/api/players", "status": "429"]),
                       Double(refused))
        XCTAssertEqual(requests.value("gather_http_requests_total", ["method": "GET", "route": "/api/players/{id}", "status": "200"]), 1)
        XCTAssertEqual(requests.value("gather_http_requests_total", ["method": "GET", "route": "unmatched", "status": "404"]), 1)
        XCTAssertEqual(requests.value("gather_http_requests_total", ["method": "POST", "route": "/api/users/login", "status": "200"]), 1)
        // No label carries what a request sent: ids, unknown paths and methods are folded away.
        for family in families.values {
            for sample in family.samples {
                XCTAssertFalse(sample.labels.values.contains { $0.contains("zz-secret") || $0.contains("coffee") || $0.contains("BREW") }, "\(sample)")
            }
        }

        let durations = try XCTUnwrap(families["gather_http_request_duration_seconds"])
        XCTAssertEqual(durations.type, "histogram")
        XCTAssertEqual(durations.value("gather_http_request_duration_seconds_count", ["method": "POST", "route": "/api/players"]), 6)
        XCTAssertEqual(durations.value("gather_http_request_duration_seconds_bucket", ["method": "POST", "route": "/api/players", "le": "+Inf"]), 6)

        let refusals = try XCTUnwrap(families["gather_refusals"])
        XCTAssertEqual(refusals.value("gather_refusals_total", ["reason": "rate_limited"]), Double(refused))
        XCTAssertEqual(refusals.value("gather_refusals_total", ["reason": "connections_over_address_cap"]), 1)
        XCTAssertEqual(refusals.value("gather_refusals_total", ["reason": "disk_full"]), 0)

        // The players and the registration, each acknowledged after its group commit.
        let writes = try XCTUnwrap(families["gather_group_commit_writes"])
        XCTAssertEqual(writes.type, "histogram")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(writes.value("gather_group_commit_writes_sum")), Double(created.count + 1))
        let commits = try XCTUnwrap(writes.value("gather_group_commit_writes_count"))
        XCTAssertGreaterThanOrEqual(commits, 1)
        XCTAssertEqual(families["gather_group_commit_seconds"]?.value("gather_group_commit_seconds_count"), commits)
        XCTAssertGreaterThan(try XCTUnwrap(families["gather_group_commit_seconds"]?.value("gather_group_commit_seconds_sum")), 0)

        XCTAssertEqual(families["gather_hashing_queue_limit"]?.value("gather_hashing_queue_limit"), 7)
        XCTAssertEqual(families["gather_hashing_queue_length"]?.value("gather_hashing_queue_length"), 0)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(families["gather_http_open_connections"]?.value("gather_http_open_connections")), 1)
        XCTAssertGreaterThan(try XCTUnwrap(families["gather_database_bytes"]?.value("gather_database_bytes", ["file": "database"])), 0)
        XCTAssertEqual(families["gather_build_info"]?.samples.first?.labels["version"], FootballGather.version)
    }

    /// Messages to channels counted by what became of each try, and what is under way: an operator
    /// sees a far end that keeps failing without reading the organisers' lists.
    func testChannelDeliveriesAreCountedByOutcome() throws {
        let receiver = try ChannelReceiver()
        defer { receiver.stop() }
        receiver.answer(path: "/gone", with: .status(404, "no such hook"))
        receiver.answer(path: "/busy", with: .status(503, "later"))
        let server = try TestServer { configuration in
            configuration.metrics = true
            configuration.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        }
        defer { server.stop() }
        let (client, _) = try server.registeredClient()
        for path in ["/ok", "/gone", "/busy"] {
            XCTAssertEqual(try client.request(.post, "/api/channels", json: ["kind": "webhook", "name": path, "url": receiver.baseURL + path,
                                                                             "events": ["fixture.created"]]).status, 201)
        }
        let kickOff = ISO8601DateFormatter().string(from: Date().addingTimeInterval(10 * 86_400))
        let fixture = try client.request(.post, "/api/fixtures", json: ["startsAt": kickOff, "places": 10])
        XCTAssertEqual(fixture.status, 201, fixture.text)
        var families: [String: Family] = [:]
        let counted = { (outcome: String) in families["gather_channel_deliveries"]?.value("gather_channel_deliveries_total", ["outcome": outcome]) }
        XCTAssertTrue(waitUntil(timeout: 10) {
            guard let response = try? self.scrape(server.port), let parsed = try? Self.parse(response.text) else { return false }
            families = parsed
            return counted("sent") == 1 && counted("failed") == 1 && counted("retried") == 1
        }, "\(families["gather_channel_deliveries"]?.samples ?? [])")
        XCTAssertEqual(families["gather_channel_deliveries"]?.type, "counter")
        XCTAssertEqual(counted("skipped"), 0)
        XCTAssertEqual(families["gather_channel_deliveries_under_way"]?.value("gather_channel_deliveries_under_way"), 0)
        XCTAssertEqual(families["gather_channel_deliveries_limit"]?.value("gather_channel_deliveries_limit"), 8)
    }

    /// What an operator watches besides requests: the process, the health, what the server holds,
    /// the last backup (noted by `backup` in the database), and a scrape asked for its token.
    func testTheProcessHealthTotalsAndLastBackupAreScrapedWithTheToken() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-metrics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("db.sqlite").path
        let tokenFile = directory.appendingPathComponent("metrics.token").path
        try Data("a-scrape-token-of-32-characters!\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
        let short = try ServerProcess(arguments: ["--port", "0", "--db", database, "--metrics", "--metrics-token-file", database])
        XCTAssertEqual(short.waitForExit(), 2, "a file that holds no token is a configuration error")

        // The token is the server's business: a command beside it does not read the file.
        let made = try ServerProcess(arguments: ["user", "add", "ana", "--db", database], environment: ["FG_METRICS_TOKEN_FILE": "/nonexistent"],
                                     input: "first-password\n")
        XCTAssertEqual(made.waitForExit(), 0, made.standardError)
        let backup = try ServerProcess(arguments: ["backup", directory.appendingPathComponent("copy.sqlite").path, "--db", database])
        XCTAssertEqual(backup.waitForExit(), 0, backup.standardError)
        let backedUpBy = Date().timeIntervalSince1970
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet", "--metrics", "--metrics-token-file", tokenFile])
        defer { server.terminate(); _ = server.waitForExit() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)

        XCTAssertEqual(try scrape(port).status, 401, "no token")
        let wrong = try APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)),
                                  token: "not-the-scrape-token-at-all-no").request(.get, "/metrics")
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.headers["WWW-Authenticate"], "Bearer realm=\"gather-metrics\"")
        let scraped = try APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)),
                                    token: "a-scrape-token-of-32-characters!").request(.get, "/metrics")
        XCTAssertEqual(scraped.status, 200, scraped.text)
        let families = try Self.parse(scraped.text)
        XCTAssertEqual(families["process_resident_memory_bytes"]?.type, "gauge")
        XCTAssertGreaterThan(try XCTUnwrap(families["process_resident_memory_bytes"]?.value("process_resident_memory_bytes")), 1_000_000)
        XCTAssertGreaterThan(try XCTUnwrap(families["process_cpu_seconds"]?.value("process_cpu_seconds_total")), 0)
        let open = try XCTUnwrap(families["process_open_fds"]?.value("process_open_fds"))
        let max = try XCTUnwrap(families["process_max_fds"]?.value("process_max_fds"))
        XCTAssertTrue(open > 3 && open < max, "\(open) of \(max)")
        XCTAssertEqual(families["gather_up"]?.value("gather_up"), 1)
        XCTAssertEqual(families["gather_health"]?.value("gather_health", ["status": "ok"]), 1)
        XCTAssertEqual(families["gather_health"]?.value("gather_health", ["status": "degraded"]), 0)
        XCTAssertEqual(families["gather_accounts"]?.value("gather_accounts"), 1)
        XCTAssertEqual(families["gather_groups"]?.value("gather_groups"), 1)
        XCTAssertEqual(families["gather_players"]?.value("gather_players"), 0)
        XCTAssertEqual(families["gather_matches"]?.value("gather_matches"), 0)
        let backedUp = try XCTUnwrap(families["gather_last_backup_timestamp_seconds"]?.value("gather_last_backup_timestamp_seconds"))
        XCTAssertTrue(backedUp > backedUpBy - 120 && backedUp <= backedUpBy, "\(backedUp)")
        XCTAssertNil(families["gather_tls_certificate_not_after_seconds"], "no TLS here")
        XCTAssertNotNil(families["gather_build_info"]?.samples.first?.labels["commit"])
    }

    func testAMetricsListenerOfItsOwnServesOnlyMetrics() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-metrics-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(arguments: ["--port", "0", "--db", directory.appendingPathComponent("db.sqlite").path,
                                                   "--log-format", "json", "--metrics-listen", "127.0.0.1:0"])
        defer { server.terminate(); _ = server.waitForExit() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let startup = try XCTUnwrap(server.standardOutput.split(separator: "\n").first { $0.contains("listening on") })
        let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(startup.utf8)) as? [String: Any])
        let address = try XCTUnwrap(record["metrics"] as? String, String(startup))
        let metricsPort = try XCTUnwrap(URL(string: address)?.port, address)
        XCTAssertNotEqual(metricsPort, port)

        XCTAssertEqual(try scrape(port).status, 404, "not on the public address")
        XCTAssertEqual(try APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
            .request(.get, "/health").status, 200)
        var families: [String: Family] = [:]
        XCTAssertTrue(waitUntil(timeout: 10) {
            guard let response = try? self.scrape(metricsPort), let parsed = try? Self.parse(response.text) else { return false }
            families = parsed
            return parsed["gather_http_requests"]?.value("gather_http_requests_total", ["route": "/health", "status": "200"]) == 1
        }, "\(families.keys)")
        XCTAssertEqual(families["gather_http_requests"]?.value("gather_http_requests_total", ["route": "unmatched", "status": "404"]), 1,
                       "the public /metrics that was refused; scrapes of the listener are not counted")
        let other = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: metricsPort, timeout: .seconds(5)), token: nil)
        XCTAssertEqual(try other.request(.get, "/api/players").status, 404)
        XCTAssertEqual(try other.request(.post, "/metrics").status, 405)
    }
}
