import Foundation
import GatherServer
import HTTP
import Networking
import Storage

/// The application on a new database in a temporary directory, with one account logged in, its
/// requests handled in-process from bytes to bytes (no sockets, no threads of the caller's): what
/// `gather-bench requests` (`make bench-check`) and `gather-bench history` measure.
struct InProcessApplication {
    let application: GatherApplication
    let database: DatabasePool
    let directory: URL
    private let token: String

    /// `rosterCacheBytes`: 0 reads every list from the database.
    init(account username: String, rosterCacheBytes: Int? = nil) throws {
        // As gather-server runs: freed memory kept for the next request.
        FreedMemory.keepForReuse(environment: ProcessInfo.processInfo.environment)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-bench-\(username)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try DatabasePool(path: directory.appendingPathComponent("bench.sqlite").path)
        var options = GatherApplication.Options()
        // The cheapest yescrypt: registration and login are set-up here, not what is measured.
        options.passwordHasher = PasswordHasher(cost: 1)
        // No timer reading the database once a second: callgrind counts every thread's instructions.
        options.accountChangeInterval = nil
        // Nor the pass over fixtures' deadlines and seasons' awards at each whole minute, nor a
        // sender of announcements: a pass falling inside one of callgrind's runs and not the other
        // moved the count of 1,000 requests by 10 %.
        options.passesDeadlines = false
        options.sendsAnnouncements = false
        if let rosterCacheBytes { options.rosterCacheBytes = rosterCacheBytes }
        application = try GatherApplication(database: database, options: options, log: ServerLog(quiet: true, sink: { _ in }))

        _ = try RequestSequence.send(application, "POST /api/users", body: #"{"username":"\#(username)","password":"bench-password"}"#)
        let login = try RequestSequence.send(application, "POST /api/users/login",
                                             headers: "Authorization: Basic \(Data("\(username):bench-password".utf8).base64EncodedString())\r\n")
        guard let session = try JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any],
              let token = session["token"] as? String else {
            throw BenchmarkError("login failed: \(String(decoding: login.body, as: UTF8.self))")
        }
        self.token = token
    }

    /// `line` ("GET /api/players") with the account's token, handled in-process.
    func send(_ line: String, body: String? = nil) throws -> ReceivedResponse {
        try RequestSequence.send(application, line, headers: "Authorization: Bearer \(token)\r\n", body: body)
    }

    /// The mean time of `line` handled in-process, after one unmeasured run: at least 20 runs
    /// and at least half a second.
    func microseconds(_ line: String, body: String? = nil) throws -> Double {
        try timing(line, body: body).mean
    }

    /// As `microseconds`, with the fastest single run beside the mean: on a machine whose speed
    /// changes from one minute to the next (shared cores), the mean follows the machine, while the
    /// fastest run is what the request costs when nothing else slows it.
    func timing(_ line: String, body: String? = nil) throws -> (mean: Double, fastest: Double) {
        let first = try send(line, body: body)
        guard first.status < 300 else { throw BenchmarkError("\(line) answered \(first.status): \(String(decoding: first.body, as: UTF8.self))") }
        var runs = 0
        let start = MonotonicClock.now()
        var elapsed: UInt64 = 0
        var fastest = UInt64.max
        while runs < 20 || elapsed < 500_000_000 {
            let before = MonotonicClock.now()
            _ = try send(line, body: body)
            let now = MonotonicClock.now()
            fastest = min(fastest, now - before)
            runs += 1
            elapsed = now - start
        }
        return (Double(elapsed) / Double(runs) / 1_000, Double(fastest) / 1_000)
    }

    func close() {
        application.shutdown()
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
