import Foundation
import Glibc
import HTTP
import Networking

/// `make bench`: the release `gather-server` on a temporary file database, driven by wrk (2 threads,
/// 64 keep-alive connections) scenario by scenario, beside a one-worker nginx serving the same
/// list body as a static file. Prints a table and writes `Benchmarks/results/latest.json`.
/// Absolute numbers move between runs and machines; the fraction of nginx is what compares.
struct WrkSuite {
    let seconds: Int
    let serverBinary: String
    let resultsFile: String
    let directory: URL
    let cores: CorePlan

    init(arguments: [String] = []) throws {
        cores = try CorePlan.current(arguments: arguments)
        seconds = BenchmarkSettings.wrkSeconds
        serverBinary = BenchmarkSettings.serverBinary
        resultsFile = ProcessInfo.processInfo.environment["FG_BENCH_RESULTS"] ?? "Benchmarks/results/latest.json"
        directory = try BenchmarkSettings.temporaryDirectory(named: "gather-bench")
    }

    func run() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("bench.sqlite").path
        var report = BenchmarkReport(cores: ProcessInfo.processInfo.activeProcessorCount, seconds: seconds)
        report.pinning = cores
        print("gather-bench: wrk -t\(cores.wrkThreads) -c64, \(seconds) s per scenario, \(report.cores) cores; gather-server \(serverBinary)")
        print("gather-bench: \(cores.description)")

        // The data, made through the API by a first server; the measured one opens it as it exists.
        // Both let one account write without its limits: 2,000 players for one account are 2,000
        // changes, and the write scenarios measure commits, not the write limit.
        let seeding = try ServerUnderTest(binary: serverBinary, database: database, extraArguments: BenchmarkSettings.liftedWriteLimits)
        let reader = try SeededAccount.make("bench", on: seeding, players: 20, gatherOf: 10)
        let writer = try SeededAccount.make("bench-writer", on: seeding, players: 1, gatherOf: 1)
        let mixed = try SeededAccount.make("bench-mix", on: seeding, players: 20, gatherOf: 10)
        let medium = try SeededAccount.make("bench-200", on: seeding, players: 200)
        let large = try SeededAccount.make("bench-2000", on: seeding, players: 2_000)
        seeding.stop()

        var startUps: [Double] = []
        for _ in 0..<4 {
            let probe = try ServerUnderTest(binary: serverBinary, database: database)
            startUps.append(probe.startUpMilliseconds)
            probe.stop()
        }
        let server = try ServerUnderTest(binary: serverBinary, database: database, extraArguments: BenchmarkSettings.liftedWriteLimits,
                                         cores: cores)
        defer { server.stop() }
        startUps.append(server.startUpMilliseconds)
        report.startUpMilliseconds = startUps.sorted()[startUps.count / 2]
        server.waitUntilIdle()
        (report.idleResidentKilobytes, report.idleOwnKilobytes, _) = server.memory

        let list = try server.connect().send(method: .get, target: "/api/players", headers: ["Authorization": reader.bearer], timeout: .seconds(10))
        guard list.status == 200 else { throw BenchmarkError("GET /api/players: \(list.status)") }
        report.listBodyBytes = list.body.count

        let nginx = try NginxCeiling(body: list.body, directory: directory, cores: cores)
        report.nginx = try Wrk.run(nginx.url, options: options())
        nginx.stop()
        let loops = cores.serverThreads
        let nginxEqualThreads = try NginxCeiling(body: list.body, directory: directory, workers: loops, cores: cores)
        report.nginxTwoWorkers = try Wrk.run(nginxEqualThreads.url, options: options())
        nginxEqualThreads.stop()
        print(BenchmarkReport.header)
        print(report.line("nginx, same body as a static file", report.nginx))
        print(report.line("nginx, \(loops) worker\(loops == 1 ? "" : "s") (as many as our loops)", report.nginxTwoWorkers))

        let scripts = LuaScripts(directory: directory)
        let gather = reader.gatherID ?? ""
        let scenarios: [(String, String, String)] = [
            ("GET /api/players (20 players)", "/api/players", try scripts.get(reader)),
            ("GET /api/gathers/{id}/players (10)", "/api/gathers/\(gather)/players", try scripts.get(reader)),
            ("GET /api/players/{id}", "/api/players/\(reader.playerIDs[0])", try scripts.get(reader)),
            ("GET /api/users/me", "/api/users/me", try scripts.get(reader)),
            ("GET /health", "/health", try scripts.get(nil)),
            ("POST /api/players", "/api/players", try scripts.createPlayer(writer)),
            ("PUT /api/gathers/{id} (score)", "/api/gathers/\(writer.gatherID ?? "")", try scripts.updateScore(writer)),
            ("mix: 80 % reads, 20 % writes", "/", try scripts.mix(mixed)),
        ]
        for (name, path, script) in scenarios {
            try measure(name, server.baseURL + path, script: script, server: server, into: &report)
        }
        // Logins hash a password (yescrypt) on their own small pool: a handful of connections.
        try measure("POST /api/users/login (yescrypt), 8 conn.", server.baseURL + "/api/users/login",
                    script: try scripts.login(reader), connections: 8, server: server, into: &report)

        // The list while 50 logins a second arrive: hashing must not queue ahead of it.
        let pacer = LoginPacer(port: server.port, username: reader.username, perSecond: 50)
        try measure("GET /api/players, 50 logins/s arriving", server.baseURL + "/api/players", script: try scripts.get(reader),
                    server: server, into: &report)
        let logins = pacer.stop()
        print("  logins during it: \(logins.answered) answered 200, \(logins.refused) refused, \(logins.failed) failed")

        // 10,000 idle keep-alive connections held open beside the same list load.
        let before = server.memory.resident
        let idle = try IdleConnections(port: server.port, count: 10_000)
        report.idleConnections = idle.count
        report.residentWithIdleKilobytes = server.memory.resident
        print("  \(idle.count) idle keep-alive connections open: server RSS \(before / 1024) → \(server.memory.resident / 1024) MiB")
        try measure("GET /api/players, 10,000 idle conn. open", server.baseURL + "/api/players", script: try scripts.get(reader),
                    server: server, into: &report)
        idle.close()

        report.peakResidentKilobytes = server.memory.peak
        server.stop()

        // What a list costs when it is read and written out each time (the roster cache off), as
        // the roster grows: it must grow linearly, with a small constant.
        let uncached = try ServerUnderTest(binary: serverBinary, database: database, extraArguments: ["--roster-cache-bytes", "0"],
                                           cores: cores)
        for account in [reader, medium, large] {
            try measure("GET /api/players, no cache (\(account.playerIDs.count) players)", uncached.baseURL + "/api/players",
                        script: try scripts.get(account), server: uncached, into: &report)
        }
        uncached.stop()
        report.noteCostPerPlayer(small: "GET /api/players, no cache (20 players)", large: "GET /api/players, no cache (2000 players)",
                                 extraPlayers: 1_980)

        // One account's heaviest reads must not stall anyone else: servers and a database of its own.
        let balance = try BalanceBudgetFigures.measure()
        print(balance.line)
        report.balance = balance
        report.abuse = try AbuseScenario(seconds: seconds, serverBinary: serverBinary, directory: directory).run()
        // A thousand friends on one share link, a goal at a time: a server and a database of its own too.
        report.viewers = try LiveViewersScenario(seconds: seconds, serverBinary: serverBinary, directory: directory).run()
        // Friends answering from their personal links, and the personal page: a server and a database of its own.
        report.answers = try AnswersScenario(seconds: seconds, serverBinary: serverBinary, directory: directory).run()
        // 10,000 lists closing themselves at one minute and their channels told: a server and a database of its own.
        report.channels = try ChannelsScenario(seconds: seconds, serverBinary: serverBinary, directory: directory).run()
        print(report.summary)
        let data = try report.json()
        try FileManager.default.createDirectory(atPath: (resultsFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: resultsFile))
        print("written to \(resultsFile)")
    }

    private func options(script: String? = nil, connections: Int = 64) -> Wrk.Options {
        Wrk.Options(threads: cores.wrkThreads, connections: connections, seconds: seconds, script: script, cores: cores)
    }

    private func measure(_ name: String, _ url: String, script: String, connections: Int = 64, server: ServerUnderTest,
                         into report: inout BenchmarkReport) throws {
        let cpuBefore = ProcessCPU.seconds(of: server.process.processIdentifier)
        var result = try Wrk.run(url, options: options(script: script, connections: connections))
        let cpu = ProcessCPU.seconds(of: server.process.processIdentifier) - cpuBefore
        let scenario = BenchmarkReport.Scenario(name: name, result: result,
                                                cpuMicrosecondsPerRequest: result.requests > 0 ? cpu / Double(result.requests) * 1e6 : 0)
        result = scenario.result
        report.scenarios.append(scenario)
        print(report.line(name, result, cpu: scenario.cpuMicrosecondsPerRequest))
    }
}

/// The CPU time a process has used (user + system), from /proc.
enum ProcessCPU {
    static func seconds(of pid: Int32) -> Double {
        let time = split(of: pid)
        return time.user + time.system
    }

    /// The two apart: in the process's own code, and in the kernel on its behalf (system calls).
    static func split(of pid: Int32) -> (user: Double, system: Double) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return (0, 0) }
        // Fields after the command name; utime and stime are the 14th and 15th of the line.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return (0, 0) }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (user / ticks, system / ticks)
    }
}
