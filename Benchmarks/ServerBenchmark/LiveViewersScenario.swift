import Foundation
import Glibc
import HTTP
import Networking

/// `make bench-viewers`, and a scenario of `make bench`: a match watched by a thousand friends
/// through one share link. One organiser (a squad and a few saved results, so the page is a real
/// one) publishes a kick-off, a thousand event streams of its link open, then goals are published
/// one at a time with `PUT /api/live`, each once every viewer has read the one before. Measured:
/// how long each goal takes to reach each viewer and the last one, what the open streams cost the
/// server in memory and threads, and the page itself under wrk beside nginx serving its bytes.
///
/// The server keeps every default limit, built as `gather` would build it: the account's few dozen
/// writes are within its default burst, and the viewers come from several loopback addresses so the
/// caps per address (128 connections, 32 event streams) stay as they are. Unlike the other scenarios' servers,
/// this one does not trust proxy headers: with them, connections would not be counted per address.
struct LiveViewersScenario {
    static let viewers = 1_000
    /// Viewers from one loopback address: under the server's default cap of 32 event streams an
    /// address (128 connections), with room left for the page's own requests.
    static let viewersPerAddress = 25
    static let goals = 20
    static let players = 10
    /// A few results on the page, as a group's first weeks give it (about 10 KB of HTML).
    static let savedMatches = 2
    /// Between one goal reaching everyone and the next: goals are minutes apart in a match, and each
    /// is measured from a quiet server rather than the tail of the one before.
    static let pauseBetweenGoals: Duration = .milliseconds(100)

    let seconds: Int
    let serverBinary: String
    let directory: URL

    /// `directory`: a directory of the run's own; the scenario keeps its files in a subdirectory.
    init(seconds: Int, serverBinary: String, directory: URL) {
        self.seconds = max(1, seconds)
        self.serverBinary = serverBinary
        self.directory = directory.appendingPathComponent("viewers")
    }

    func run() throws -> LiveViewersReport {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let viewers = LiveViewersScenario.viewers
        let addresses = (viewers + LiveViewersScenario.viewersPerAddress - 1) / LiveViewersScenario.viewersPerAddress
        var report = LiveViewersReport(viewers: viewers, sourceAddresses: addresses, goals: LiveViewersScenario.goals)
        say("viewers: \(viewers) event streams of one share link (from \(addresses) loopback addresses, "
            + "\(LiveViewersScenario.viewersPerAddress) each), \(report.goals) goals published one at a time; then the page under wrk")

        let server = try ServerUnderTest(binary: serverBinary, database: directory.appendingPathComponent("viewers.sqlite").path,
                                         trustingProxy: false)
        defer { server.stop() }
        let organiser = try MatchHistory.build("bench-organiser", on: server, players: LiveViewersScenario.players,
                                               matches: LiveViewersScenario.savedMatches, connections: 1)
        let api = try server.connect()
        let path = try share(of: organiser, on: api)
        let live = LiveUpdates(account: organiser)
        try publish(live.body(goals: 0), on: api, for: organiser)
        server.waitUntilIdle()

        try measureStreams(of: path, on: server, api: api, publishing: live, for: organiser, into: &report)
        say(String(format: "  %d streams open, each with its first event, in %.2f s", viewers, report.openSeconds))
        say(report.deliveryTable)
        say(report.serverLines)

        try measurePage(path, on: server, api: api, into: &report)
        say(report.pageTable)
        say(report.verdict)
        return report
    }

    /// The thousand streams opened, then the goals published one at a time while they watch; the
    /// server's memory and threads before and with them open.
    private func measureStreams(of path: String, on server: ServerUnderTest, api: HTTPClientConnection, publishing live: LiveUpdates,
                                for organiser: SeededAccount, into report: inout LiveViewersReport) throws {
        let pid = server.process.processIdentifier
        let before = ProcStatus(pid: pid)
        (report.residentBeforeKilobytes, report.ownBeforeKilobytes) = (before.field("VmRSS:"), before.field("RssAnon:"))
        report.threadsBefore = before.field("Threads:")

        let started = MonotonicClock.now()
        let crowd = try LiveViewers(port: server.port, target: path + "/events", count: report.viewers,
                                    perAddress: LiveViewersScenario.viewersPerAddress, goals: report.goals)
        var arrivals: [[UInt64]] = []
        var sent: [UInt64] = []
        var publishMilliseconds: [Double] = []
        do {
            defer { arrivals = crowd.stop() }
            let opened = crowd.waitUntilOpen(timeout: .seconds(30))
            report.openSeconds = Double(MonotonicClock.now() - started) / 1e9
            guard opened == report.viewers else {
                throw BenchmarkError("\(opened) of \(report.viewers) event streams opened; refused: \(crowd.losses.refusals)")
            }
            let open = ProcStatus(pid: pid)
            (report.residentOpenKilobytes, report.ownOpenKilobytes) = (open.field("VmRSS:"), open.field("RssAnon:"))
            report.threadsOpen = open.field("Threads:")

            let cpuBefore = ProcessCPU.split(of: pid)
            let benchBefore = ProcessCPU.seconds(of: getpid())
            for goal in 1...report.goals {
                let body = live.body(goals: goal)
                let start = MonotonicClock.now()
                try publish(body, on: api, for: organiser)
                publishMilliseconds.append(Double(MonotonicClock.now() - start) / 1e6)
                sent.append(start)
                // A goal that misses some viewers is counted so and the next one still measured; one
                // that reached nobody means the events are not read as they are written: stop there.
                guard crowd.waitUntilEveryone(saw: goal, timeout: .seconds(5)) > 0 else { break }
                usleep(UInt32(MonotonicClock.nanoseconds(LiveViewersScenario.pauseBetweenGoals) / 1_000))
            }
            let cpuAfter = ProcessCPU.split(of: pid)
            let (user, system) = (cpuAfter.user - cpuBefore.user, cpuAfter.system - cpuBefore.system)
            let deliveries = Double(report.viewers * sent.count)
            report.serverCPUMicrosecondsPerDelivery = (user + system) / deliveries * 1e6
            report.serverKernelShare = user + system > 0 ? system / (user + system) : 0
            report.benchCPUMicrosecondsPerDelivery = (ProcessCPU.seconds(of: getpid()) - benchBefore) / deliveries * 1e6
            report.threadsAfterGoals = ProcStatus(pid: pid).field("Threads:")
        }
        report.lostStreams = crowd.losses.count
        note(arrivals: arrivals, sent: sent, publishMilliseconds: publishMilliseconds, in: &report)
    }

    /// A share link of the organiser's: its page's path, `/s/<token>`.
    private func share(of account: SeededAccount, on api: HTTPClientConnection) throws -> String {
        let response = try api.send(method: .post, target: "/api/shares",
                                    headers: ["Authorization": account.bearer, "Content-Type": "application/json"],
                                    body: Array(#"{"name":"Thursday five-a-side"}"#.utf8), timeout: .seconds(10))
        guard response.status == 201, let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
              let path = object["path"] as? String, path.hasPrefix("/s/") else {
            throw BenchmarkError("POST /api/shares: \(response.status) \(response.text)")
        }
        return path
    }

    private func publish(_ body: [UInt8], on api: HTTPClientConnection, for account: SeededAccount) throws {
        let response = try api.send(method: .put, target: "/api/live",
                                    headers: ["Authorization": account.bearer, "Content-Type": "application/json"],
                                    body: body, timeout: .seconds(10))
        guard response.status == 204 else { throw BenchmarkError("PUT /api/live: \(response.status) \(response.text)") }
    }

    /// Each delivery's time from its goal's PUT sent, and each goal's first and last.
    private func note(arrivals: [[UInt64]], sent: [UInt64], publishMilliseconds: [Double], in report: inout LiveViewersReport) {
        var deliveries: [Double] = []
        var missed = 0
        var firsts: [Double] = []
        var lasts: [Double] = []
        for (index, start) in sent.enumerated() {
            let goal = index + 1
            let times = arrivals.compactMap { viewer -> Double? in
                guard viewer.indices.contains(goal), viewer[goal] >= start else { return nil }
                return Double(viewer[goal] - start) / 1e6
            }
            missed += arrivals.count - times.count
            deliveries += times
            // A goal some viewer never read has no last viewer: it counts as missed instead.
            if times.count == arrivals.count, let last = times.max() { lasts.append(last) }
            if let first = times.min() { firsts.append(first) }
        }
        report.delivery = LatencyFigures(latencies: deliveries, errors: missed, unanswered: missed)
        report.lastViewer = LatencyFigures(latencies: lasts, errors: sent.count - lasts.count, unanswered: sent.count - lasts.count)
        report.firstViewer = LatencyFigures(latencies: firsts, errors: 0, unanswered: 0)
        report.publish = LatencyFigures(latencies: publishMilliseconds, errors: 0, unanswered: 0)
    }

    /// The page as a friend's phone gets it, fetched once and written for nginx as a file; then wrk
    /// on both, nginx first, as `make bench` measures its ceiling.
    private func measurePage(_ path: String, on server: ServerUnderTest, api: HTTPClientConnection,
                             into report: inout LiveViewersReport) throws {
        let page = try api.send(method: .get, target: path, timeout: .seconds(10))
        guard page.status == 200 else { throw BenchmarkError("GET \(path): \(page.status)") }
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

/// The bodies of the organiser's `PUT /api/live` for one match: its squad split in two sides, the
/// clock running, and a score whose goals add up to the number asked for (A scores first, then
/// they alternate), which is how a viewer tells one goal's event from another's.
private struct LiveUpdates {
    let gather = UUID()
    let teamA: [Int]
    let teamB: [Int]

    init(account: SeededAccount) {
        let half = account.playerIDs.count / 2
        teamA = Array(account.playerIDs.prefix(half))
        teamB = Array(account.playerIDs.dropFirst(half))
    }

    func body(goals: Int) -> [UInt8] {
        let sides = { (ids: [Int]) in ids.map(String.init).joined(separator: ",") }
        // A goal a minute from kick-off, on a clock of 60 minutes.
        let remaining = max(0, 3_600 - goals * 60)
        let json = #"{"gatherId":"\#(gather.uuidString)","teamA":[\#(sides(teamA))],"teamB":[\#(sides(teamB))],"#
            + #""score":"\#((goals + 1) / 2)-\#(goals / 2)","phase":"running","remainingSeconds":\#(remaining),"durationSeconds":3600}"#
        return Array(json.utf8)
    }
}

/// A line out at once, in order with `make bench`'s other lines, even into a pipe.
private func say(_ line: String) {
    print(line)
    fflush(nil)
}
