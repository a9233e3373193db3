import Foundation
import Glibc
import HTTP
import Networking

/// `make bench-answers`, and a scenario of `make bench`: friends answering "who's in?" from their
/// personal links. Each group is an organiser with 100 fixtures of 10 places (a week ahead and on)
/// and 1,000 players, each with a personal link, all made through the API. wrk then posts the
/// answers a phone's form posts, `POST /p/<token>/fixtures/<id>/answer` with `answer=in` or
/// `answer=out`, walking every link in turn (`LuaScripts.answers`): each answer is a write of its
/// own, places and the waiting list derived inside it, answered `303 See Other` once it is on disk.
/// Twice: on 64 connections, as every write scenario of `make bench`, then on 16. Then every
/// fixture is read back (none may hold more friends than its places), and the personal page,
/// `GET /p/<token>`, answered from the group's page cache with no writes running, beside nginx
/// serving the same bytes as a file in the same minutes.
///
/// A link may answer 20 times at once, then 20 a minute (the server's default; beyond, 429): 1,000
/// links give at most about 23,000 answers in 10 s, a few seconds of what the server takes. So each
/// run has groups of its own, as many groups of 1,000 friends as keep every link under its
/// allowance for the whole run at its `runs` rate, and prints the most answers one link gave beside
/// what it was allowed; every answer that is not a 303 is counted and printed. The measured server
/// serves `--metrics`: its group commits are read around each run (the tail follows slow flushes).
///
/// The data is made by a first server with one account's write limits raised (a group is 2,100
/// changes of its organiser, the default burst is 300); the measured server opens that file with
/// every default limit, built and started as `gather` deploys it, not trusting proxy headers.
struct AnswersScenario {
    static let friendsPerGroup = 1_000
    static let fixturesPerGroup = 100
    static let places = 10
    /// The server's default allowance of a personal link: at once, then a minute.
    static let linkBurst = 20
    static let linkAnswersPerMinute = 20
    /// The wrk connections of each run (`make bench`'s, then a quarter of them), and more answers a
    /// second than any machine this runs on has given at that many (on the 2-core one, at most 15,800
    /// and 9,900): each run's groups are as many as keep every link within its allowance at that rate.
    static let runs: [(connections: Int, assumedAnswersPerSecond: Int)] = [(64, 24_000), (16, 16_000)]
    /// The target for an answer's p99, on two cores.
    static let targetMilliseconds = 10.0

    let seconds: Int
    let serverBinary: String
    let directory: URL

    /// `directory`: a directory of the run's own; the scenario keeps its files in a subdirectory.
    init(seconds: Int, serverBinary: String, directory: URL) {
        self.seconds = max(1, seconds)
        self.serverBinary = serverBinary
        self.directory = directory.appendingPathComponent("answers")
    }

    /// What one link may answer over a run of `seconds`: its burst, and what a minute's rate gives back meanwhile.
    static func allowance(seconds: Int) -> Int {
        linkBurst + linkAnswersPerMinute * seconds / 60
    }

    /// Groups of 1,000 friends enough that no link exceeds its allowance at `answersPerSecond`.
    static func groups(seconds: Int, answersPerSecond: Int) -> Int {
        let answers = Double(answersPerSecond * seconds)
        return max(1, Int((answers / Double(friendsPerGroup * allowance(seconds: seconds))).rounded(.up)))
    }

    func run() throws -> AnswersReport {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("answers.sqlite").path
        let perRun = AnswersScenario.runs.map { AnswersScenario.groups(seconds: seconds, answersPerSecond: $0.assumedAnswersPerSecond) }
        var report = AnswersReport(groups: perRun.reduce(0, +), friendsPerGroup: AnswersScenario.friendsPerGroup,
                                   fixturesPerGroup: AnswersScenario.fixturesPerGroup, places: AnswersScenario.places,
                                   seconds: seconds, linkAllowance: AnswersScenario.allowance(seconds: seconds),
                                   targetMilliseconds: AnswersScenario.targetMilliseconds)
        say("answers: groups of \(AnswersScenario.friendsPerGroup) friends, each with a personal link, and "
            + "\(AnswersScenario.fixturesPerGroup) fixtures of \(AnswersScenario.places) places; wrk -t2, \(seconds) s a run, on "
            + zip(AnswersScenario.runs, perRun).map { "\($0.connections) connections with \($1) groups" }.joined(separator: ", then ")
            + " of its own (none of their links past its \(AnswersScenario.linkBurst) answers at once + "
            + "\(AnswersScenario.linkAnswersPerMinute) a minute)")

        let started = MonotonicClock.now()
        let groups: [SeededGroup]
        do {
            let seeding = try ServerUnderTest(binary: serverBinary, database: database, extraArguments: BenchmarkSettings.liftedWriteLimits)
            defer { seeding.stop() }
            groups = try SeededGroup.make(report.groups, on: seeding)
        }
        report.seedSeconds = Double(MonotonicClock.now() - started) / 1e9
        say(String(format: "  data: %d groups, %d fixtures, %d players and their links through the API in %.1f s "
                   + "(the seeding server's write limits raised; the measured one has the defaults)",
                   report.groups, report.groups * AnswersScenario.fixturesPerGroup, report.links, report.seedSeconds))

        // `--metrics` serves the group commits' figures (writes in each, time of each COMMIT), read around each run.
        let server = try ServerUnderTest(binary: serverBinary, database: database, extraArguments: ["--metrics"], trustingProxy: false)
        defer { server.stop() }
        server.waitUntilIdle()
        let api = try server.connect()
        try probeAnswer(of: groups[groups.count - 1], on: api)

        var first = 0
        for (run, count) in zip(AnswersScenario.runs, perRun) {
            let own = Array(groups[first..<(first + count)])
            first += count
            report.runs.append(try measureAnswers(own, connections: run.connections, on: server, api: api))
            guard server.process.isRunning else {
                throw BenchmarkError("gather-server stopped during the answers (exit status \(server.process.terminationStatus))")
            }
        }
        try checkPlaces(of: groups, on: api, into: &report)
        server.waitUntilIdle()
        try measurePage("/p/" + groups[0].tokens[0], on: server, api: api, into: &report)
        say(report.table)
        say(report.verdict)
        return report
    }

    /// One answer sent alone before the load, to see it answered as a phone's form expects: a 303
    /// back to the page. Anything else stops the scenario with the request and the answer. (Its
    /// link, the last, answers one more time than wrk counts.)
    private func probeAnswer(of group: SeededGroup, on api: HTTPClientConnection) throws {
        let target = "/p/\(group.tokens[group.tokens.count - 1])/fixtures/\(group.fixtures[group.fixtures.count - 1])/answer"
        let response = try api.send(method: .post, target: target, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                    body: Array("answer=maybe".utf8), timeout: .seconds(10))
        guard response.status == 303, response.headers[HTTPHeaders.Name.location]?.hasPrefix("/p/") == true else {
            throw BenchmarkError("POST \(target) (answer=maybe): \(response.status) "
                                 + "\(response.headers[HTTPHeaders.Name.location] ?? "") \(response.text.prefix(500))")
        }
    }

    /// wrk posting answers from every link of `groups` in turn for `seconds`; its statuses, as the script counted them.
    private func measureAnswers(_ groups: [SeededGroup], connections: Int, on server: ServerUnderTest,
                                api: HTTPClientConnection) throws -> AnswersReport.Run {
        let script = try LuaScripts(directory: directory).answers(groups: groups.map { ($0.tokens, $0.fixtures) }, threads: 2,
                                                                  name: "answers-\(connections)")
        let options = Wrk.Options(threads: 2, connections: connections, seconds: seconds, script: script)
        let pid = server.process.processIdentifier
        let commitsBefore = try commits(on: api)
        let cpuBefore = ProcessCPU.split(of: pid)
        let output = try Wrk.output(server.baseURL + "/", options: options)
        let cpuAfter = ProcessCPU.split(of: pid)
        let commitsAfter = try commits(on: api)
        let (user, system) = (cpuAfter.user - cpuBefore.user, cpuAfter.system - cpuBefore.system)
        var run = AnswersReport.Run(connections: connections, links: groups.count * AnswersScenario.friendsPerGroup,
                                    result: try Wrk.parse(output))
        run.commits = Int(commitsAfter.count - commitsBefore.count)
        run.writesPerCommit = run.commits > 0 ? (commitsAfter.writes - commitsBefore.writes) / Double(run.commits) : 0
        run.commitMicroseconds = run.commits > 0 ? (commitsAfter.seconds - commitsBefore.seconds) / Double(run.commits) * 1e6 : 0
        run.commitsOver10Milliseconds = run.commits - Int(commitsAfter.within10 - commitsBefore.within10)
        run.commitsOver50Milliseconds = run.commits - Int(commitsAfter.within50 - commitsBefore.within50)
        run.serverKernelShare = user + system > 0 ? system / (user + system) : 0
        for line in output.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // "Latency   6.15ms    7.76ms  68.65ms   91.61%": average, deviation, maximum.
            if trimmed.hasPrefix("Latency "), let maximum = trimmed.split(separator: " ").dropFirst(3).first {
                run.maxMilliseconds = Self.milliseconds(String(maximum))
            }
            let words = line.split(separator: " ")
            if words.count == 3, words[0] == "status", let count = Int(words[2]) { run.statuses[String(words[1])] = count }
            if words.count == 2, words[0] == "most-per-link", let most = Int(words[1]) { run.mostAnswersPerLink = most }
            if line.contains("Socket errors:") {
                run.socketErrors = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
            }
        }
        // An answer is a 303: anything else, a 429 included, and any request that got no answer is an error.
        run.result.errors = run.statuses.filter { $0.key != "303" }.values.reduce(0, +) + run.socketErrors
        run.cpuMicrosecondsPerRequest = run.result.requests > 0 ? (user + system) / Double(run.result.requests) * 1e6 : 0
        return run
    }

    /// The group commits so far, from `/metrics`: how many, the writes in them, their COMMITs' time,
    /// and how many COMMITs took at most 10 ms and at most 50 ms (the histogram's buckets).
    private func commits(on api: HTTPClientConnection) throws
        -> (count: Double, writes: Double, seconds: Double, within10: Double, within50: Double) {
        let response = try api.send(method: .get, target: "/metrics", timeout: .seconds(10))
        guard response.status == 200 else { throw BenchmarkError("GET /metrics: \(response.status) \(response.text.prefix(300))") }
        var values: [String: Double] = [:]
        for line in response.text.split(separator: "\n") where line.hasPrefix("gather_group_commit_") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return (values["gather_group_commit_writes_count"] ?? 0, values["gather_group_commit_writes_sum"] ?? 0,
                values["gather_group_commit_seconds_sum"] ?? 0, values[#"gather_group_commit_seconds_bucket{le="0.01"}"#] ?? 0,
                values[#"gather_group_commit_seconds_bucket{le="0.05"}"#] ?? 0)
    }

    /// wrk's `830.00us`, `12.5ms`, `1.20s` in milliseconds.
    private static func milliseconds(_ text: String) -> Double {
        if text.hasSuffix("us") { return (Double(text.dropLast(2)) ?? 0) / 1000 }
        if text.hasSuffix("ms") { return Double(text.dropLast(2)) ?? 0 }
        if text.hasSuffix("s") { return (Double(text.dropLast(1)) ?? 0) * 1000 }
        return Double(text) ?? 0
    }

    /// Every fixture read back by its organiser: none may hold more friends than its places
    /// (the race of answers must not give a place twice).
    private func checkPlaces(of groups: [SeededGroup], on api: HTTPClientConnection, into report: inout AnswersReport) throws {
        for group in groups {
            let response = try api.send(method: .get, target: "/api/fixtures?limit=\(AnswersScenario.fixturesPerGroup)",
                                        headers: ["Authorization": group.bearer], timeout: .seconds(30))
            guard response.status == 200, let fixtures = try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]] else {
                throw BenchmarkError("GET /api/fixtures: \(response.status) \(response.text.prefix(500))")
            }
            for fixture in fixtures {
                guard let counts = fixture["counts"] as? [String: Any], let held = counts["in"] as? Int,
                      let waiting = counts["waiting"] as? Int, let places = fixture["places"] as? Int else {
                    throw BenchmarkError("GET /api/fixtures: a fixture without its counts: \(fixture)")
                }
                report.fixturesChecked += 1
                report.placesHeld += held
                report.waiting += waiting
                if held > places { report.fixturesOverfilled += 1 }
            }
        }
    }

    /// The page as a friend's phone gets it (no `If-None-Match`, so 200 with the whole page each
    /// time), fetched once and written for nginx as a file; then wrk on both, nginx first.
    private func measurePage(_ path: String, on server: ServerUnderTest, api: HTTPClientConnection,
                             into report: inout AnswersReport) throws {
        let page = try api.send(method: .get, target: path, timeout: .seconds(10))
        guard page.status == 200 else { throw BenchmarkError("GET \(path): \(page.status) \(page.text.prefix(500))") }
        report.pageBytes = page.body.count
        let options = Wrk.Options(threads: 2, connections: 64, seconds: seconds)
        let nginx = try NginxCeiling(body: page.body, directory: directory, path: path,
                                     contentType: page.headers[HTTPHeaders.Name.contentType] ?? "text/html; charset=utf-8")
        defer { nginx.stop() }
        report.nginxPage = try Wrk.run(nginx.url, options: options)
        let pid = server.process.processIdentifier
        let cpuBefore = ProcessCPU.seconds(of: pid)
        report.page = try Wrk.run(server.baseURL + path, options: options)
        let cpu = ProcessCPU.seconds(of: pid) - cpuBefore
        report.pageCPUMicrosecondsPerRequest = report.page.requests > 0 ? cpu / Double(report.page.requests) * 1e6 : 0
    }
}

/// An organiser's group made through the API: fixtures a week ahead and on, players, a personal link each.
private struct SeededGroup: Sendable {
    let bearer: String
    let fixtures: [Int]
    /// The players' link tokens, in the order the players were made.
    let tokens: [String]

    /// `count` groups, each on a connection (and a thread) of its own, at once.
    static func make(_ count: Int, on server: ServerUnderTest) throws -> [SeededGroup] {
        let results = Results(count: count)
        let port = server.port
        let builders = DispatchGroup()
        for index in 0..<count {
            builders.enter()
            Thread.detachNewThread {
                defer { builders.leave() }
                results.note(index, Result { try make("bench-answers-\(index + 1)", from: "10.0.0.\(index + 1)", port: port) })
            }
        }
        builders.wait()
        return try results.all()
    }

    /// `address`: the organiser's, as the seeding server (trusting proxy headers) reads it: the
    /// groups register at once, which one address may not do.
    private static func make(_ username: String, from address: String, port: Int) throws -> SeededGroup {
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
        // A login session, as SeededAccount makes it: making a personal link needs one (an API token may not).
        let credentials = #"{"username":"\#(username)","password":"\#(SeededAccount.password)"}"#
        let registered = try connection.send(method: .post, target: "/api/users",
                                             headers: ["Content-Type": "application/json", "X-Forwarded-For": address],
                                             body: Array(credentials.utf8), timeout: .seconds(10))
        guard registered.status == 201 else { throw BenchmarkError("registration: \(registered.status) \(registered.text)") }
        let basic = "Basic " + Data("\(username):\(SeededAccount.password)".utf8).base64EncodedString()
        let login = try connection.send(method: .post, target: "/api/users/login", headers: ["Authorization": basic, "X-Forwarded-For": address],
                                        timeout: .seconds(10))
        guard let session = try JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any],
              let token = session["token"] as? String else { throw BenchmarkError("login: \(login.status) \(login.text)") }
        let headers: HTTPHeaders = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        func created(_ target: String, _ body: String) throws -> [String: Any] {
            let response = try connection.send(method: .post, target: target, headers: headers, body: Array(body.utf8), timeout: .seconds(10))
            guard response.status == 201, let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
                throw BenchmarkError("POST \(target) \(body): \(response.status) \(response.text.prefix(500))")
            }
            return object
        }
        // Kick-offs a week from now on the minute, an hour apart (RFC 3339 with an offset): all to come, answers open.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withColonSeparatorInTimeZone]
        formatter.timeZone = TimeZone(secondsFromGMT: 3_600)
        let week = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 7 * 86_400
        var fixtures: [Int] = []
        for index in 0..<AnswersScenario.fixturesPerGroup {
            let startsAt = formatter.string(from: Date(timeIntervalSince1970: week + Double(index) * 3_600))
            let fixture = try created("/api/fixtures", #"{"startsAt":"\#(startsAt)","places":\#(AnswersScenario.places)}"#)
            guard let id = fixture["id"] as? Int else { throw BenchmarkError("POST /api/fixtures: no id in \(fixture)") }
            fixtures.append(id)
        }
        var tokens: [String] = []
        for index in 0..<AnswersScenario.friendsPerGroup {
            guard let player = try created("/api/players", #"{"name":"Friend \#(index + 1)"}"#)["id"] as? Int else {
                throw BenchmarkError("POST /api/players: no id")
            }
            let link = try created("/api/players/\(player)/link", "")
            guard let path = link["path"] as? String, path.hasPrefix("/p/"), path.utf8.count == 3 + 43 else {
                throw BenchmarkError("POST /api/players/\(player)/link: no path in \(link)")
            }
            tokens.append(String(path.dropFirst(3)))
        }
        return SeededGroup(bearer: "Bearer \(token)", fixtures: fixtures, tokens: tokens)
    }

    /// The builders' groups in order, or the first failure.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var groups: [Result<SeededGroup, any Error>?]

        init(count: Int) {
            groups = Array(repeating: nil, count: count)
        }

        func note(_ index: Int, _ result: Result<SeededGroup, any Error>) {
            lock.withLock { groups[index] = result }
        }

        func all() throws -> [SeededGroup] {
            try lock.withLock { groups }.map { result in
                guard let result else { throw BenchmarkError("a group was not seeded") }
                do { return try result.get() } catch { throw BenchmarkError("seeding the answers' groups: \(error)") }
            }
        }
    }
}

/// A line out at once, in order with `make bench`'s other lines, even into a pipe.
private func say(_ line: String) {
    print(line)
    fflush(nil)
}
