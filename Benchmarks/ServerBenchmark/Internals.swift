import Foundation
import GatherBalancing
import GatherDomain
import GatherServer
import HTTP
import Networking

// gather-bench internals: runs the real server in this process on port 0 with a temporary database, drives it
// over loopback sockets, and prints throughput, latency percentiles and memory per idle connection,
// then the same requests over HTTPS.
// Numbers, not assertions: compare runs on the same machine.

/// The older in-process scenarios: balancer timings, a login flood, idle connections and HTTPS.
enum InternalsBenchmark {
    static func run() throws {
        let seconds = Double(ProcessInfo.processInfo.environment["FG_BENCH_SECONDS"] ?? "") ?? 3
        let clients = Int(ProcessInfo.processInfo.environment["FG_BENCH_CLIENTS"] ?? "") ?? 8
        let idleConnections = Int(ProcessInfo.processInfo.environment["FG_BENCH_IDLE"] ?? "") ?? 2_000

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("bench.sqlite").path
        configuration.quiet = true
        // The login flood below comes from many made-up addresses, as a flood from many clients would.
        configuration.http.trustProxyHeaders = true
        let server = try FootballGatherServer(configuration: configuration)
        let port = try server.start()

        let connect: @Sendable () throws -> HTTPClientConnection = {
            try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5))
        }

        /// Registers `username` with 50 players to read; returns the headers that carry its token.
        func seedUser(_ username: String, over setup: HTTPClientConnection) throws -> HTTPHeaders {
            let credentials = Array(#"{"username":"\#(username)","password":"bench-password"}"#.utf8)
            _ = try setup.send(method: .post, target: "/api/users", headers: ["Content-Type": "application/json"], body: credentials,
                               timeout: .seconds(10))
            let login = try setup.send(method: .post, target: "/api/users/login",
                                       headers: ["Authorization": "Basic " + Data("\(username):bench-password".utf8).base64EncodedString()],
                                       timeout: .seconds(10))
            guard let session = try JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any],
                  let token = session["token"] as? String else {
                fatalError("login failed: \(login.text)")
            }
            let auth: HTTPHeaders = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
            for index in 0..<50 {
                _ = try setup.send(method: .post, target: "/api/players", headers: auth,
                                   body: Array(#"{"name":"Player \#(index)","age":30,"skill":"amateur"}"#.utf8), timeout: .seconds(10))
            }
            return auth
        }
        let auth = try seedUser("bench", over: try connect())


        /// Runs `clients` threads, each on its own keep-alive connection, for `seconds`; prints a line.
        func measure(_ name: String, method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
                     newConnectionEachTime: Bool = false, connection makeConnection: @escaping @Sendable () throws -> HTTPClientConnection = connect) {
            let results = Results()
            let group = DispatchGroup()
            let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
            for _ in 0..<clients {
                group.enter()
                Thread.detachNewThread {
                    var mine: [UInt64] = []
                    var failed = 0
                    if newConnectionEachTime {
                        // Connection set-up included: for TLS, a full handshake per request.
                        var closing = headers
                        closing.set(name: "Connection", value: "close")
                        while MonotonicClock.now() < deadline {
                            let start = MonotonicClock.now()
                            let status = (try? makeConnection().send(method: method, target: target, headers: closing,
                                                                      body: body, timeout: .seconds(10)))?.status
                            if let status, status < 400 { mine.append(MonotonicClock.now() - start) } else { failed += 1; break }
                        }
                    } else if let connection = try? makeConnection() {
                        while MonotonicClock.now() < deadline {
                            let start = MonotonicClock.now()
                            let status = (try? connection.send(method: method, target: target, headers: headers, body: body, timeout: .seconds(10)))?.status
                            if let status, status < 400 { mine.append(MonotonicClock.now() - start) } else { failed += 1; break }
                        }
                    } else {
                        failed += 1
                    }
                    results.add(mine, failures: failed)
                    group.leave()
                }
            }
            group.wait()
            let latencies = results.latencies.sorted()
            let failures = results.failures
            func percentile(_ p: Double) -> String {
                guard !latencies.isEmpty else { return "-" }
                let value = latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
                return String(format: "%.2fms", Double(value) / 1e6)
            }
            let rate = Double(latencies.count) / seconds
            print("\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%9.0f", rate)) req/s   p50 \(percentile(0.5))   p99 \(percentile(0.99))   errors \(failures)")
        }



        print("gather-bench: \(clients) keep-alive clients, \(seconds)s per scenario, \(ProcessInfo.processInfo.activeProcessorCount) cores")

        // Fair teams (TeamBalancer, exact): random rosters with mixed skills and positions, two pins and a
        // keep-apart pair, 50 runs each; the median and the slowest.
        for size in [16, 24, 40, TeamBalancer.maximumPlayers] {
            var generator = SeededGenerator(seed: UInt64(size))
            let positions: [Position?] = [.goalkeeper, .defender, .midfielder, .winger, .striker, nil]
            var timings: [UInt64] = []
            for run in 0..<50 {
                let roster = (0..<size).map { BalanceCandidate(id: $0, weight: Int.random(in: 1...3, using: &generator),
                                                                position: positions.randomElement(using: &generator) ?? nil) }
                let start = MonotonicClock.now()
                _ = try TeamBalancer.balance(roster, pins: [0: .teamA, 1: .teamB], apart: [(2, 3)], seed: UInt64(run))
                timings.append(MonotonicClock.now() - start)
            }
            timings.sort()
            print("balance \(size) players, mixed".padding(toLength: 34, withPad: " ", startingAt: 0)
                  + String(format: "  median %.2fms   slowest %.2fms", Double(timings[timings.count / 2]) / 1e6, Double(timings.last ?? 0) / 1e6))
        }
        // The hardest shape for the search: the maximum, split between two positions, in half points.
        do {
            let size = TeamBalancer.maximumPlayers
            let roster = (0..<size).map { BalanceCandidate(id: $0, weight: 1 + $0 % 7, position: $0 % 2 == 0 ? .goalkeeper : nil) }
            let start = MonotonicClock.now()
            _ = try TeamBalancer.balance(roster, seed: 1)
            print("balance \(size) players, worst shape".padding(toLength: 34, withPad: " ", startingAt: 0)
                  + String(format: "  %.2fms", Double(MonotonicClock.now() - start) / 1e6))
        }
        measure("GET /health", method: .get, target: "/health")
        measure("GET /api/players (50 players)", method: .get, target: "/api/players", headers: auth)
        // Ordinary requests while logins flood in (before POST /api/players grows the list): hashing has
        // its own pool, so the list should stay about as fast as without the flood.
        let floodThreads = Int(ProcessInfo.processInfo.environment["FG_BENCH_FLOOD"] ?? "") ?? 16
        let flood = LoginFlood(threads: floodThreads, connect: connect)
        measure("GET /api/players (50), login flood", method: .get, target: "/api/players", headers: auth)
        let flooded = flood.stop()
        print("  login flood (\(floodThreads) connections): \(String(format: "%.0f", Double(flooded.answered) / seconds)) logins/s answered 401, "
              + "\(String(format: "%.0f", Double(flooded.refused) / seconds))/s refused 503, \(flooded.other) other")
        measure("GET /api/players/1", method: .get, target: "/api/players/1", headers: auth)
        measure("POST /api/players", method: .post, target: "/api/players", headers: auth,
                body: Array(#"{"name":"Bench","age":20,"preferredPosition":"winger"}"#.utf8))
        measure("POST /api/users/login (yescrypt)", method: .post, target: "/api/users/login",
                headers: ["Authorization": "Basic " + Data("bench:bench-password".utf8).base64EncodedString()])

        // Memory and threads held by idle keep-alive connections.
        let before = residentKilobytes()
        var idle: [HTTPClientConnection] = []
        for _ in 0..<idleConnections {
            guard let connection = try? connect() else { break }
            _ = try? connection.send(method: .get, target: "/health", timeout: .seconds(5))
            idle.append(connection)
        }
        let after = residentKilobytes()
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        print("idle keep-alive connections: \(idle.count) open, \(server.connectionCount) on the server, "
              + "\(String(format: "%.1f", Double(after - before) / Double(max(1, idle.count)))) KiB each (both ends, one process), \(threads) threads in the process")
        idle.removeAll()

        // The same requests over HTTPS (gather-server's own TLS, ECDSA P-256, TLS 1.3), beside plain HTTP.
        measure("GET /health, new connection each", method: .get, target: "/health", newConnectionEachTime: true)
        server.shutdown()
        let certificate = directory.appendingPathComponent("bench.pem").path
        let key = directory.appendingPathComponent("bench.key").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", certificate,
                             "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { fatalError("openssl could not make the benchmark's certificate") }
        var tlsConfiguration = configuration
        tlsConfiguration.http.tls = TLSServerContextHolder(try TLSServerContext(certificateFile: certificate, keyFile: key))
        let tlsServer = try FootballGatherServer(configuration: tlsConfiguration)
        let tlsPort = try tlsServer.start()
        let trust = try TLSClientContext(caFile: certificate)
        let connectTLS: @Sendable () throws -> HTTPClientConnection = {
            try HTTPClientConnection(host: "127.0.0.1", port: tlsPort, timeout: .seconds(5), tls: trust)
        }
        // A user of its own: the POST scenario above grew the first one's roster.
        let tlsAuth = try seedUser("bench-tls", over: try connectTLS())
        print("HTTPS (gather-server's own TLS):")
        measure("GET /health over TLS", method: .get, target: "/health", connection: connectTLS)
        measure("GET /api/players (50) over TLS", method: .get, target: "/api/players", headers: tlsAuth, connection: connectTLS)
        measure("GET /health, TLS handshake each", method: .get, target: "/health", newConnectionEachTime: true, connection: connectTLS)
        tlsServer.shutdown()
    }
}

/// What the client threads measured, gathered under a lock.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [UInt64] = []
    private var failed = 0

    func add(_ latencies: [UInt64], failures: Int) {
        lock.withLock {
            collected += latencies
            failed += failures
        }
    }

    var latencies: [UInt64] { lock.withLock { collected } }
    var failures: Int { lock.withLock { failed } }
}

/// Login attempts with random usernames (each costs a decoy yescrypt verification) from
/// `threads` connections, each as a different client address, until stopped: answered, refused
/// with 503 (hashing queue full), or other.
final class LoginFlood: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var counts = (answered: 0, refused: 0, other: 0)
    private let group = DispatchGroup()

    init(threads: Int, connect: @escaping @Sendable () throws -> HTTPClientConnection) {
        for _ in 0..<threads {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                guard var connection = try? connect() else { return }
                while lock.withLock({ running }) {
                    let name = "flood-\(UInt32.random(in: .min ... .max))"
                    var headers: HTTPHeaders = ["Authorization": "Basic " + Data("\(name):wrong-password".utf8).base64EncodedString()]
                    headers.add(name: "X-Forwarded-For", value: "10.\(UInt8.random(in: 0...255)).\(UInt8.random(in: 0...255)).\(UInt8.random(in: 1...254))")
                    let status = (try? connection.send(method: .post, target: "/api/users/login",
                                                       headers: headers, timeout: .seconds(10)))?.status
                    lock.withLock {
                        switch status {
                        case 401: counts.answered += 1
                        case 503: counts.refused += 1
                        default: counts.other += 1
                        }
                    }
                    if status == nil, let fresh = try? connect() { connection = fresh }
                }
            }
        }
    }

    func stop() -> (answered: Int, refused: Int, other: Int) {
        lock.withLock { running = false }
        group.wait()
        return lock.withLock { counts }
    }
}

func residentKilobytes() -> Int {
    ProcStatus(pid: getpid()).field("VmRSS:")
}
