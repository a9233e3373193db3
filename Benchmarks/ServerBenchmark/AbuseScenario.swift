import Foundation
import Glibc
import HTTP
import Networking

/// `make bench-abuse`, and the last scenario of `make bench`: nothing one account does may stall
/// or starve anyone else. The latency of `GET /health` and of an innocent account's roster,
/// each probed at a steady pace, first with nothing else running, then while one account with
/// years of matches runs its heaviest reads on many connections at once; beside the same probe of
/// a one-worker nginx answering `/health`'s body from a file, in the same moments, which shows
/// what the shared cores alone add to a tail.
///
/// The data is made through the API by a first server whose write limits are raised (building
/// years of matches at 30 changes a second would take minutes, and the write limit is not what is
/// measured); the measured server opens that file with every default limit.
struct AbuseScenario {
    /// The heavy account: as many players as a balance takes, each in every match.
    static let heavyPlayers = 60
    static let heavyMatches = 3_000
    /// The correcting account: a history at the places quota (500,000), its oldest match corrected
    /// on `correctingConnections` connections (its allowance of queued writes is 8). Uploaded on one
    /// connection, in play order, so that each result is a new latest one whatever the server
    /// (one that replays every match older than the last would take hours over four lanes).
    static let correctorPlayers = 60
    static let correctorMatches = 8_000
    static let correctingConnections = 8
    /// The innocent account: a club's ordinary squad.
    static let innocentPlayers = 25
    /// The probes' pace: `/health` (gather-server's and nginx's) every 5 ms, the roster every 10 ms.
    static let healthInterval: Duration = .milliseconds(5)
    static let rosterInterval: Duration = .milliseconds(10)

    let seconds: Int
    let serverBinary: String
    let directory: URL
    let abusiveConnections = BenchmarkSettings.abusiveConnections

    /// `directory`: a directory of the run's own; the scenario keeps its files in a subdirectory.
    init(seconds: Int, serverBinary: String, directory: URL) {
        self.seconds = max(1, seconds)
        self.serverBinary = serverBinary
        self.directory = directory.appendingPathComponent("abuse")
    }

    func run() throws -> AbuseReport {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("abuse.sqlite").path
        say("abuse: one account's heaviest reads on \(abusiveConnections) connections at once, beside /health "
            + "and an innocent account's roster, \(seconds) s a phase")

        let building = try ServerUnderTest(binary: serverBinary, database: database, extraArguments: BenchmarkSettings.liftedWriteLimits)
        let innocent: SeededAccount
        let heavy: SeededAccount
        let corrector: SeededAccount
        let started = MonotonicClock.now()
        let correctorBuild: Double
        do {
            defer { building.stop() }
            innocent = try SeededAccount.make("bench-innocent", on: building, players: AbuseScenario.innocentPlayers)
            heavy = try MatchHistory.build("bench-heavy", on: building, players: AbuseScenario.heavyPlayers,
                                           matches: AbuseScenario.heavyMatches, connections: 4)
            let correctorStarted = MonotonicClock.now()
            corrector = try MatchHistory.build("bench-corrector", on: building, players: AbuseScenario.correctorPlayers,
                                               matches: AbuseScenario.correctorMatches, connections: 1)
            correctorBuild = Double(MonotonicClock.now() - correctorStarted) / 1e9
        }
        var report = AbuseReport(heavyPlayers: AbuseScenario.heavyPlayers, heavyMatches: AbuseScenario.heavyMatches,
                                 innocentPlayers: AbuseScenario.innocentPlayers,
                                 buildSeconds: Double(MonotonicClock.now() - started) / 1e9 - correctorBuild,
                                 abusiveConnections: abusiveConnections, seconds: Double(seconds))
        say(String(format: "  data: %d players in %d matches of them all, each match uploaded whole through the API: %.1f s "
                   + "(the building server's write limits raised; the measured one has the defaults)",
                   report.heavyPlayers, report.heavyMatches, report.buildSeconds))

        let server = try ServerUnderTest(binary: serverBinary, database: database)
        defer { server.stop() }
        server.waitUntilIdle()
        let healthBody = try server.connect().send(method: .get, target: "/health", timeout: .seconds(10)).body
        let nginx = try NginxCeiling(body: healthBody, directory: directory, path: "/health")
        defer { nginx.stop() }

        report.readsAlone = try HeavyReadLoad.Read.allCases.map { try alone($0, of: heavy, on: server) }
        say(report.readsAloneLine)

        report.unloaded = probe(server: server, nginx: nginx, innocent: innocent)

        let load = HeavyReadLoad(port: server.port, account: heavy, connections: abusiveConnections)
        // A second for every connection to be at it before the window opens.
        sleep(1)
        let before = load.counts
        let windowStart = MonotonicClock.now()
        report.underAbuse = probe(server: server, nginx: nginx, innocent: innocent)
        let after = load.counts
        report.abuseWindowSeconds = Double(MonotonicClock.now() - windowStart) / 1e9
        load.stop()
        report.abusiveAnswers = HeavyReadLoad.Read.allCases.map { read in
            AbuseReport.Answers(read: read, tally: after[read, default: .init()].since(before[read, default: .init()]))
        }
        guard server.process.isRunning else {
            throw BenchmarkError("gather-server stopped during the abuse scenario (exit status \(server.process.terminationStatus))")
        }

        say(report.probeTable)
        say(report.answersTable)
        for answer in load.oddAnswers { say("    odd answer: \(answer)") }
        say(report.verdict)

        say(String(format: "  the correcting account's history: %d players in %d matches, each match uploaded whole: %.1f s",
                   AbuseScenario.correctorPlayers, AbuseScenario.correctorMatches, correctorBuild))
        try corrections(of: corrector, beside: innocent, on: server, into: &report)
        say(report.correctionTable)
        return report
    }

    /// The correction flood alone (`gather-bench corrections`): its own data and server, for a
    /// server binary of any version, the figures printed as `make bench-abuse` prints them.
    func runCorrectionsAlone() throws -> AbuseReport {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("corrections.sqlite").path
        let building = try ServerUnderTest(binary: serverBinary, database: database, extraArguments: BenchmarkSettings.liftedWriteLimits)
        let innocent: SeededAccount, corrector: SeededAccount
        let started = MonotonicClock.now()
        do {
            defer { building.stop() }
            innocent = try SeededAccount.make("bench-innocent", on: building, players: AbuseScenario.innocentPlayers)
            corrector = try MatchHistory.build("bench-corrector", on: building, players: AbuseScenario.correctorPlayers,
                                               matches: AbuseScenario.correctorMatches, connections: 1)
        }
        var report = AbuseReport(heavyPlayers: 0, heavyMatches: 0, innocentPlayers: AbuseScenario.innocentPlayers,
                                 buildSeconds: Double(MonotonicClock.now() - started) / 1e9, abusiveConnections: 0, seconds: Double(seconds))
        say(String(format: "  the correcting account's history: %d players in %d matches, each match uploaded whole: %.1f s",
                   AbuseScenario.correctorPlayers, AbuseScenario.correctorMatches, report.buildSeconds))
        let server = try ServerUnderTest(binary: serverBinary, database: database)
        defer { server.stop() }
        server.waitUntilIdle()
        try corrections(of: corrector, beside: innocent, on: server, into: &report)
        say(report.correctionTable)
        return report
    }

    /// The correction flood: the innocent account's writes and logins, quiet, then while the heavy
    /// account corrects its oldest match on many connections at once.
    private func corrections(of corrector: SeededAccount, beside innocent: SeededAccount, on server: ServerUnderTest,
                             into report: inout AbuseReport) throws {
        let places = (AbuseScenario.correctorMatches + 1) * AbuseScenario.correctorPlayers
        say("abuse: one account correcting the oldest of its \(AbuseScenario.correctorMatches + 1) matches (\(places) places) "
            + "on \(AbuseScenario.correctingConnections) connections, beside another account's writes and logins, \(seconds) s a phase")
        let oldest = try CorrectionFlood.oldestMatch(of: corrector, on: server)
        server.waitUntilIdle()
        report.correctionConnections = AbuseScenario.correctingConnections
        report.correctedPlaces = places
        report.writesQuiet = writeProbes(server: server, innocent: innocent)
        let flood = CorrectionFlood(port: server.port, account: corrector, gatherID: oldest, connections: AbuseScenario.correctingConnections)
        sleep(1)
        let before = flood.counts
        let windowStart = MonotonicClock.now()
        report.writesUnderCorrections = writeProbes(server: server, innocent: innocent)
        let after = flood.counts
        report.correctionWindowSeconds = Double(MonotonicClock.now() - windowStart) / 1e9
        flood.stop()
        report.corrections = CorrectionFlood.Tally(ok: after.ok - before.ok, tooMany: after.tooMany - before.tooMany,
                                                   other: after.other - before.other, failed: after.failed - before.failed)
        guard server.process.isRunning else {
            throw BenchmarkError("gather-server stopped during the correction flood (exit status \(server.process.terminationStatus))")
        }
    }

    /// The innocent account renaming a player every 50 ms and logging in every 500 ms, for `seconds`.
    private func writeProbes(server: ServerUnderTest, innocent: SeededAccount) -> AbuseReport.WriteProbes {
        let player = innocent.playerIDs.first ?? 0
        let write = LatencyProbe(port: server.port, every: .milliseconds(50)) { round in
            LatencyProbe.Request(method: .put, target: "/api/players/\(player)",
                                 headers: ["Authorization": innocent.bearer, "Content-Type": "application/json"],
                                 body: Array(#"{"name":"Probe \#(round % 2)"}"#.utf8))
        }
        let basic = "Basic " + Data("\(innocent.username):\(SeededAccount.password)".utf8).base64EncodedString()
        let login = LatencyProbe(port: server.port, every: .milliseconds(500)) { _ in
            LatencyProbe.Request(method: .post, target: "/api/users/login", headers: ["Authorization": basic])
        }
        let serverBefore = ProcessCPU.seconds(of: server.process.processIdentifier)
        sleep(UInt32(seconds))
        let serverCores = (ProcessCPU.seconds(of: server.process.processIdentifier) - serverBefore) / Double(seconds)
        return AbuseReport.WriteProbes(write: write.stop(), login: login.stop(), serverCores: serverCores)
    }

    /// The probes of one phase, together for `seconds`.
    private func probe(server: ServerUnderTest, nginx: NginxCeiling, innocent: SeededAccount) -> AbuseReport.Probes {
        let health = LatencyProbe(port: server.port, target: "/health", every: AbuseScenario.healthInterval)
        let roster = LatencyProbe(port: server.port, target: "/api/players", headers: ["Authorization": innocent.bearer],
                                  every: AbuseScenario.rosterInterval)
        let nginxHealth = LatencyProbe(port: nginx.port, target: nginx.path, every: AbuseScenario.healthInterval)
        let serverBefore = ProcessCPU.seconds(of: server.process.processIdentifier)
        let benchBefore = ProcessCPU.seconds(of: getpid())
        sleep(UInt32(seconds))
        let serverCores = (ProcessCPU.seconds(of: server.process.processIdentifier) - serverBefore) / Double(seconds)
        let benchCores = (ProcessCPU.seconds(of: getpid()) - benchBefore) / Double(seconds)
        return AbuseReport.Probes(health: health.stop(), roster: roster.stop(), nginx: nginxHealth.stop(),
                                  serverCores: serverCores, benchCores: benchCores)
    }

    /// One heavy read asked for alone on an idle server: once to warm the caches, then three times.
    private func alone(_ read: HeavyReadLoad.Read, of account: SeededAccount, on server: ServerUnderTest) throws -> AbuseReport.ReadAlone {
        let connection = try server.connect()
        let request = HeavyReadLoad.request(read, for: account, step: 0)
        var times: [Double] = []
        var status = 0
        for attempt in 0..<4 {
            let start = MonotonicClock.now()
            let response = try connection.send(method: request.method, target: request.target,
                                               headers: ["Authorization": account.bearer, "Content-Type": "application/json"],
                                               body: request.body, timeout: .seconds(30))
            if attempt > 0 { times.append(Double(MonotonicClock.now() - start) / 1e6) }
            status = response.status
        }
        return AbuseReport.ReadAlone(read: read, status: status, milliseconds: times.sorted()[times.count / 2])
    }
}

/// A line out at once, in order with `make bench`'s other lines (`print`), even into a pipe: a run
/// by hand shows each part as it ends.
private func say(_ line: String) {
    print(line)
    fflush(nil)
}
