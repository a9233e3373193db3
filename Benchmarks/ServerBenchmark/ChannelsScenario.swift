import Foundation
import GatherServer
import Glibc
import HTTP
import Locking
import Networking
import Storage

/// `gather-bench channels`, and a scenario of `make bench`: 10,000 groups, each with a webhook
/// channel on this machine and a fixture whose list closes itself at the same minute. When it
/// comes, the server balances and publishes every group's teams and tells each channel: the time
/// from that minute until the last message is handed to its receiver, and what another group's
/// requests see meanwhile (the roster's p99 under wrk) beside the same requests in a quiet minute.
///
/// The groups are made in-process on the database file (registrations hashed at the cheapest
/// cost, many writers at once so the group commit takes them together), the closing minute the
/// first whole one far enough ahead to finish the fixtures and their answers; the measured server
/// is the release binary on that file, allowed to reach this machine (`--allow-http-channels
/// --allow-private-channels`), and the receiver a plain HTTP server of this process's own that
/// answers 204 and notes when each message came.
struct ChannelsScenario {
    /// `FG_BENCH_CHANNEL_GROUPS`, 10,000 by default (fewer for a quick look at a debug build).
    static var groups: Int { max(1, Int(ProcessInfo.processInfo.environment["FG_BENCH_CHANNEL_GROUPS"] ?? "") ?? 10_000) }
    static let playersPerGroup = 4
    /// Writers making the groups at once.
    static let writers = 16

    let seconds: Int
    let serverBinary: String
    let directory: URL

    init(seconds: Int, serverBinary: String, directory: URL) {
        self.seconds = max(1, seconds)
        self.serverBinary = serverBinary
        self.directory = directory.appendingPathComponent("channels")
    }

    func run() throws -> ChannelsReport {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("channels.sqlite").path
        let receiver = try Receiver()
        defer { receiver.stop() }
        var report = ChannelsReport(groups: Self.groups, seconds: seconds)
        say("channels: \(Self.groups) groups, each with a webhook on this machine and a fixture of \(Self.playersPerGroup) in "
            + "whose list closes itself at the same minute")

        let started = MonotonicClock.now()
        let seeded = try Seeding(path: path, receiver: receiver.url)
        let quiet = try seeded.account("quiet-group")
        try seeded.makeGroups(Self.groups, writers: Self.writers)
        // The closing minute: the first whole one with time to set every fixture and its answers.
        let setUp = Double(MonotonicClock.now() - started) / 1e9
        let closes = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 + 30 + setUp) / 60).rounded(.up) * 60)
        try seeded.makeFixtures(closing: closes, writers: Self.writers)
        seeded.close()
        report.seedSeconds = Double(MonotonicClock.now() - started) / 1e9
        say(String(format: "  data: %d groups, their channels, players and fixtures in-process in %.1f s; the lists close at %@",
                   Self.groups, report.seedSeconds, ISO8601DateFormatter().string(from: closes)))

        let server = try ServerUnderTest(binary: serverBinary, database: path,
                                         extraArguments: ["--allow-http-channels", "--allow-private-channels"], trustingProxy: false)
        defer { server.stop() }
        server.waitUntilIdle()
        let script = try LuaScripts(directory: directory).get(quiet)
        let options = Wrk.Options(threads: 2, connections: 16, seconds: seconds, script: script)
        // The quiet run, ending well before the closing minute.
        guard Date().addingTimeInterval(Double(seconds) + 2) < closes else {
            throw BenchmarkError("the closing minute came before the quiet run could end: the groups took too long to make")
        }
        report.quiet = try Wrk.run(server.baseURL + "/api/players", options: options)
        // Then the same, from the closing minute on, while the lists close and the channels are told.
        let wait = closes.timeIntervalSince(Date())
        if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        let cpuBefore = ProcessCPU.seconds(of: server.process.processIdentifier)
        report.during = try Wrk.run(server.baseURL + "/api/players", options: options)
        _ = receiver.waitFor(count: Self.groups, timeout: 600)
        report.serverCPUSeconds = ProcessCPU.seconds(of: server.process.processIdentifier) - cpuBefore
        let arrivals = receiver.arrivals
        report.delivered = arrivals.count
        report.lastDeliveredSeconds = (arrivals.max() ?? closes.timeIntervalSince1970) - closes.timeIntervalSince1970
        report.firstDeliveredSeconds = (arrivals.min() ?? closes.timeIntervalSince1970) - closes.timeIntervalSince1970
        report.distinctKeys = receiver.distinctKeys
        say(report.table)
        say(report.verdict)
        return report
    }
}

/// The groups made in-process on the file, as their organisers would make them through the API.
private final class Seeding: @unchecked Sendable {
    // @unchecked: `accounts` is guarded by `lock`; the application is used from many threads, as a server's loops would.
    private let pool: DatabasePool
    private let application: GatherApplication
    private let receiver: String
    private let lock = NSLock()
    private var accounts: [(token: String, players: [Int])] = []

    init(path: String, receiver: String) throws {
        pool = try DatabasePool(path: path)
        var options = GatherApplication.Options()
        options.passwordHasher = PasswordHasher(cost: 1)
        // Every organiser from this one address, many at once.
        options.registrationLimit = RegistrationLimit(limit: 1_000_000)
        options.hashingPerClient = 1_000
        options.hashingQueueLimit = 1_000
        options.accountChangeInterval = nil
        options.passesDeadlines = false
        options.sendsAnnouncements = false
        options.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        application = try GatherApplication(database: pool, options: options, log: ServerLog(quiet: true, sink: { _ in }))
        self.receiver = receiver
    }

    func close() {
        application.shutdown()
        pool.close()
    }

    /// An account of its own: registered, logged in, its roster of 20.
    func account(_ username: String) throws -> SeededAccount {
        let (token, _) = try register(username)
        let players = try BenchmarkSeed.players.map { try id(of: try send("POST /api/players", token: token, body: $0)) }
        return SeededAccount(username: username, token: token, playerIDs: players, gatherID: nil)
    }

    /// Each group: its organiser, a webhook to the receiver, its players, and lists that close themselves.
    func makeGroups(_ count: Int, writers: Int) throws {
        try inParallel(count, writers: writers) { [self] index in
            let (token, group) = try register("channels-\(index)")
            let channel = #"{"kind":"webhook","name":"Bot","url":"\#(receiver)/hook/\#(index)","events":["fixture.teams"]}"#
            _ = try send("POST /api/channels", token: token, body: channel, expecting: 201)
            _ = try send("PATCH /api/groups/\(group)/settings", token: token, body: #"{"autoTeams":true}"#, expecting: 200)
            let players = try (0..<ChannelsScenario.playersPerGroup).map { player in
                try id(of: try send("POST /api/players", token: token, body: #"{"name":"Player \#(player + 1)"}"#))
            }
            lock.withLock { accounts.append((token, players)) }
        }
    }

    /// A fixture for each group, its answers closing at `closes`, every player in.
    func makeFixtures(closing closes: Date, writers: Int) throws {
        let dates = ISO8601DateFormatter()
        let (kickOff, closing) = (dates.string(from: closes.addingTimeInterval(2 * 3600)), dates.string(from: closes))
        let all = lock.withLock { accounts }
        try inParallel(all.count, writers: writers) { [self] index in
            let (token, players) = all[index]
            let fixture = try id(of: try send("POST /api/fixtures", token: token,
                                              body: #"{"startsAt":"\#(kickOff)","answersCloseAt":"\#(closing)","places":10}"#))
            for player in players {
                _ = try send("PUT /api/fixtures/\(fixture)/answers/\(player)", token: token, body: #"{"answer":"in"}"#, expecting: 200)
            }
        }
    }

    /// The account's session token and its own group's id.
    private func register(_ username: String) throws -> (token: String, group: String) {
        let credentials = #"{"username":"\#(username)","password":"\#(SeededAccount.password)"}"#
        _ = try RequestSequence.send(application, "POST /api/users", body: credentials)
        let basic = "Basic " + Data("\(username):\(SeededAccount.password)".utf8).base64EncodedString()
        let login = try RequestSequence.send(application, "POST /api/users/login", headers: "Authorization: \(basic)\r\n")
        guard let session = try JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any], let token = session["token"] as? String,
              let group = session["userID"] as? String else {
            throw BenchmarkError("login of \(username): \(login.status) \(login.text.prefix(200))")
        }
        return (token, group)
    }

    private func send(_ line: String, token: String, body: String, expecting status: Int = 201) throws -> ReceivedResponse {
        let response = try RequestSequence.send(application, line, headers: "Authorization: Bearer \(token)\r\n", body: body)
        guard response.status == status else { throw BenchmarkError("\(line) \(body): \(response.status) \(response.text.prefix(300))") }
        return response
    }

    private func id(of response: ReceivedResponse) throws -> Int {
        guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], let id = object["id"] as? Int else {
            throw BenchmarkError("no id in \(response.text.prefix(200))")
        }
        return id
    }

    /// `work(0..<count)` on `writers` threads; the first failure.
    private func inParallel(_ count: Int, writers: Int, _ work: @escaping @Sendable (Int) throws -> Void) throws {
        let next = Locked(0)
        let failure = Locked<(any Error)?>(nil)
        let done = DispatchGroup()
        for _ in 0..<writers {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                while failure.withLock({ $0 == nil }) {
                    let index = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard index < count else { return }
                    do { try work(index) } catch { failure.withLock { $0 = error } }
                }
            }
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}

/// A webhook receiver: 204 to every POST, the time each came and its idempotency key noted.
private final class Receiver: HTTPResponder, @unchecked Sendable {
    // @unchecked: `times` and `keys` are guarded by `condition`.
    private let condition = Condition()
    private var times: [Double] = []
    private var keys: Set<String> = []
    private var server: HTTPServer!
    private(set) var url = ""

    init() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        server = try HTTPServer(configuration: configuration, responder: self)
        url = "http://127.0.0.1:\(try server.start())"
    }

    func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
        let key = request.headers["Idempotency-Key"] ?? ""
        condition.withLock {
            times.append(Date().timeIntervalSince1970)
            keys.insert(key)
            condition.broadcast()
        }
        return .answered(HTTPResponse(status: .noContent))
    }

    var arrivals: [Double] { condition.withLock { times } }
    var distinctKeys: Int { condition.withLock { keys.count } }

    /// Waits until `count` messages came, at most `timeout` seconds; whether they did.
    func waitFor(count: Int, timeout: Double) -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        return condition.withLock {
            while times.count < count {
                guard condition.wait(until: deadline) else { return times.count >= count }
            }
            return true
        }
    }

    func stop() {
        _ = server.shutdown(gracePeriod: .seconds(1))
    }
}

private func say(_ line: String) {
    print(line)
    fflush(nil)
}
