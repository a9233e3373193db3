import Foundation
import Glibc
import HTTP
import Networking

/// `make soak`: the release gather-server under a mixed load for some minutes (reads, writes that are
/// undone so the data stays the same size, logins, idle keep-alive connections that come and go,
/// and slow clients the header timeout must drop), with its memory and descriptors read from /proc
/// each minute. Both must stay flat after warm-up: anything that grows is a leak.
struct Soak {
    let minutes: Int
    let serverBinary: String

    init(minutes: Int) {
        self.minutes = minutes
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        serverBinary = ProcessInfo.processInfo.environment["FG_BENCH_SERVER"]
            ?? executable.deletingLastPathComponent().appendingPathComponent("gather-server").path
    }

    struct Sample {
        var minute: Int
        /// The least and the most of the minute's readings: a password hash in progress borrows
        /// megabytes for a moment (yescrypt), so a leak shows in the floor, not in one reading.
        var anonymousKilobytes: Int
        var anonymousPeakKilobytes: Int
        var fileKilobytes: Int
        var descriptors: Int
        var threads: Int
        var requests: Int
        var errors: Int
    }

    /// Returns whether memory and descriptors stayed flat.
    func run() throws -> Bool {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-soak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerUnderTest(binary: serverBinary, database: directory.appendingPathComponent("soak.sqlite").path,
                                         // Idle connections held for the whole run (the churn replaces them);
                                         // slow ones dropped at 5 s. One account's clients write far faster
                                         // than its default pace: what is soaked is memory, not that limit.
                                         extraArguments: ["--header-timeout", "5", "--idle-timeout", "86400"]
                                            + BenchmarkSettings.liftedWriteLimits)
        defer { server.stop() }
        // Two clients an account: as many requests at once as one account may have on the workers
        // (`concurrentRequestsPerAccount`); more would be refused with 429, which is that limit's
        // own test, not this one's.
        let accounts = try (1...3).map { try SeededAccount.make("soak\($0)", on: server, players: 20, gatherOf: 10) }
        // The logins (and their logouts, a request of the account's too) are another account's.
        _ = try SeededAccount.make("soak-logins", on: server, players: 1)
        say("gather-bench soak: \(minutes) min on \(ProcessInfo.processInfo.activeProcessorCount) cores; gather-server \(serverBinary)")
        say("load: 6 clients (3 accounts) looping over reads and undone writes, 2 logins/s (each logged out), 1,000 idle keep-alive connections")
        say("(a tenth replaced each minute), 20 slow clients sending a header byte a second (dropped after 5 s)")

        let load = MixedLoad(port: server.port, accounts: accounts, clients: 6)
        // Each login logged out again, so tokens do not pile up in the database (and its cache).
        let logins = LoginPacer(port: server.port, username: "soak-logins", perSecond: 2, logsOut: true)
        let slow = SlowClients(port: server.port, count: 20)
        var idle: [IdleConnections] = []
        for _ in 0..<10 { idle.append(try IdleConnections(port: server.port, count: 100)) }

        var samples: [Sample] = []
        say("minute  own memory (anon) least–most  mapped files  descriptors  threads  requests  errors")
        for minute in 1...minutes {
            var readings: [ProcStatus] = []
            for _ in 0..<12 {
                sleep(5)
                readings.append(ProcStatus(pid: server.process.processIdentifier))
            }
            // Churn: the oldest hundred idle connections leave, a hundred new ones arrive.
            idle.removeFirst().close()
            idle.append(try IdleConnections(port: server.port, count: 100))
            let anonymous = readings.map { $0.field("RssAnon:") }
            let last = readings[readings.count - 1]
            let (requests, errors) = load.counts
            let sample = Sample(minute: minute, anonymousKilobytes: anonymous.min() ?? 0, anonymousPeakKilobytes: anonymous.max() ?? 0,
                                fileKilobytes: last.field("RssFile:"), descriptors: readings.map(\.descriptors).max() ?? 0,
                                threads: last.field("Threads:"), requests: requests, errors: errors)
            samples.append(sample)
            say(String(format: "%6d  %11.1f–%5.1f MiB  %8.1f MiB  %11d  %7d  %8d  %6d", minute, Double(sample.anonymousKilobytes) / 1024,
                         Double(sample.anonymousPeakKilobytes) / 1024, Double(sample.fileKilobytes) / 1024, sample.descriptors,
                         sample.threads, sample.requests, sample.errors))
        }
        load.stop()
        let loginCounts = logins.stop()
        let slowDropped = slow.stop()
        for batch in idle { batch.close() }
        say("logins: \(loginCounts.answered) answered, \(loginCounts.refused) refused, \(loginCounts.failed) failed; slow clients dropped by the server: \(slowDropped)")
        for error in load.firstErrors { say("error: \(error)") }
        return Soak.isFlat(samples)
    }

    /// Flat: over the second half of the run (the first is warm-up: glibc's per-thread malloc
    /// arenas take minutes to settle under 20 threads, measured at about 8 in a 20-minute run), the
    /// floor of the process's own memory stays within 10 % or 1 MiB, whichever is more, of where
    /// the first half left it, and its descriptors within the churn's slack.
    static func isFlat(_ samples: [Sample]) -> Bool {
        guard samples.count >= 4 else {
            say("verdict: too short to tell (4 minutes at least)")
            return true
        }
        let warm = samples[samples.count / 2 - 1]
        let later = samples[(samples.count / 2)...]
        let memoryGrowth = (later.map(\.anonymousKilobytes).max() ?? 0) - warm.anonymousKilobytes
        let memoryFlat = memoryGrowth <= max(warm.anonymousKilobytes / 10, 1024)
        let descriptorGrowth = (later.map(\.descriptors).max() ?? 0) - warm.descriptors
        let descriptorsFlat = descriptorGrowth <= 50
        say("verdict: own memory \(memoryFlat ? "flat" : "GROWING") (at most \(memoryGrowth >= 0 ? "+" : "")\(memoryGrowth) KiB after minute \(warm.minute)), "
            + "descriptors \(descriptorsFlat ? "flat" : "GROWING") (at most \(descriptorGrowth >= 0 ? "+" : "")\(descriptorGrowth) after minute \(warm.minute))")
        return memoryFlat && descriptorsFlat
    }
}

/// Clients looping over the API as people would use it; every write is undone by the next
/// request, so the database and the cached roster keep their size.
final class MixedLoad: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var requests = 0
    private var errors = 0
    private(set) var firstErrors: [String] = []
    private let clients = DispatchGroup()

    init(port: Int, accounts: [SeededAccount], clients count: Int) {
        for client in 0..<count {
            let account = accounts[client % accounts.count]
            clients.enter()
            Thread.detachNewThread { [self] in
                defer { clients.leave() }
                var connection: HTTPClientConnection?
                var step = client
                while lock.withLock({ running }) {
                    do {
                        let open = try connection ?? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                        connection = open
                        try perform(step: step, on: open, account: account)
                    } catch {
                        connection = nil
                        note(error: "\(error)")
                    }
                    step += 1
                }
            }
        }
    }

    var counts: (requests: Int, errors: Int) { lock.withLock { (requests, errors) } }

    func stop() {
        lock.withLock { running = false }
        clients.wait()
    }

    private func perform(step: Int, on connection: HTTPClientConnection, account: SeededAccount) throws {
        let headers: HTTPHeaders = ["Authorization": account.bearer, "Content-Type": "application/json"]
        func send(_ method: HTTPMethod, _ target: String, _ body: String = "") throws -> ReceivedResponse {
            let response = try connection.send(method: method, target: target, headers: headers, body: Array(body.utf8), timeout: .seconds(10))
            lock.withLock { requests += 1 }
            if response.status >= 400 { note(error: "\(method) \(target): \(response.status) \(response.text)") }
            return response
        }
        func id(in response: ReceivedResponse) -> String? {
            (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["id"].map { "\($0)" }
        }
        let player = account.playerIDs[step % account.playerIDs.count]
        switch step % 8 {
        case 0: _ = try send(.get, "/api/players")
        case 1: _ = try send(.get, "/api/players/\(player)")
        case 2:
            if let created = id(in: try send(.post, "/api/players", #"{"name":"Soak \#(step)","age":30}"#)) {
                _ = try send(.delete, "/api/players/\(created)")
            }
        case 3:
            if let gather = id(in: try send(.post, "/api/gathers", "{}")) {
                _ = try send(.put, "/api/gathers/\(gather)", #"{"score":"2-1","winnerTeam":"Team A"}"#)
                _ = try send(.delete, "/api/gathers/\(gather)")
            }
        case 4: _ = try send(.get, "/api/gathers?status=ended&limit=20")
        case 5: _ = try send(.get, "/api/stats/leaderboard")
        case 6: _ = try send(.post, "/api/teams/balance", #"{"playerIds":[\#(account.playerIDs.prefix(10).map(String.init).joined(separator: ","))]}"#)
        default: _ = try send(.get, "/health")
        }
    }

    private func note(error: String) {
        lock.withLock {
            errors += 1
            if firstErrors.count < 5 { firstErrors.append(error) }
        }
    }
}

/// Clients that send a request head a byte a second and never finish it: the header timeout must
/// drop each, and each comes back at once.
final class SlowClients: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var dropped = 0
    private let group = DispatchGroup()

    init(port: Int, count: Int) {
        for _ in 0..<count {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                while lock.withLock({ running }) {
                    guard let fd = LoopbackSocket.connect(port: port) else {
                        sleep(1)
                        continue
                    }
                    let start = Array("GET /health HTTP/1.1\r\nHost: soak\r\nX-Slow: ".utf8)
                    if send(fd, start, start.count, Int32(MSG_NOSIGNAL)) == start.count {
                        // A byte a second until the server's 408 and close make a send fail.
                        while lock.withLock({ running }) {
                            sleep(1)
                            var byte = UInt8(ascii: "x")
                            guard send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else {
                                lock.withLock { dropped += 1 }
                                break
                            }
                        }
                    } else {
                        sleep(1)
                    }
                    close(fd)
                }
            }
        }
    }

    /// Stops them; how many the server dropped.
    func stop() -> Int {
        lock.withLock { running = false }
        group.wait()
        return lock.withLock { dropped }
    }
}

/// A process's /proc/PID/status fields and its open descriptors.
struct ProcStatus {
    let text: String
    let descriptors: Int

    init(pid: Int32) {
        text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    func field(_ name: String) -> Int {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
    }
}

/// One line out at once, unbuffered: a run by hand into a file or a pipe shows each minute as it ends.
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
