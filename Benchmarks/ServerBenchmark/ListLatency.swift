import Foundation

/// `make bench-latency`: the list's latency beside nginx's, with as many threads on each side,
/// round after round in turn so each round's servers share the same moment of the machine.
///
/// The list's p99 under `make bench` is decided less by the server's work than by how the kernel
/// shares the cores among the server's threads and wrk's. This sets one-worker and two-worker
/// nginx (the same body as a static file) beside gather-server with one and with two event loops, and
/// prints each run and the median of each: what a thread count costs in latency, on this machine.
struct ListLatency {
    let rounds: Int
    let seconds: Int
    let serverBinary: String
    let directory: URL

    init(rounds: Int) throws {
        self.rounds = rounds
        seconds = BenchmarkSettings.wrkSeconds
        serverBinary = BenchmarkSettings.serverBinary
        directory = try BenchmarkSettings.temporaryDirectory(named: "gather-bench-latency")
    }

    func run() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each server on a database of its own, seeded through its own API.
        let oneLoop = try ServerUnderTest(binary: serverBinary, database: directory.appendingPathComponent("one.sqlite").path,
                                          extraArguments: ["--event-loops", "1"])
        defer { oneLoop.stop() }
        let twoLoops = try ServerUnderTest(binary: serverBinary, database: directory.appendingPathComponent("two.sqlite").path,
                                           extraArguments: ["--event-loops", "2"])
        defer { twoLoops.stop() }
        let scripts = LuaScripts(directory: directory)
        let oneLoopReader = try SeededAccount.make("bench-one", on: oneLoop, players: 20)
        let twoLoopsReader = try SeededAccount.make("bench-two", on: twoLoops, players: 20)
        let body = try twoLoops.connect().send(method: .get, target: "/api/players", headers: ["Authorization": twoLoopsReader.bearer],
                                               timeout: .seconds(10)).body

        let oneWorker = try NginxCeiling(body: body, directory: directory, workers: 1)
        defer { oneWorker.stop() }
        let twoWorkers = try NginxCeiling(body: body, directory: directory, workers: 2)
        defer { twoWorkers.stop() }
        oneLoop.waitUntilIdle()
        twoLoops.waitUntilIdle()
        let contenders: [(name: String, url: String, script: String?)] = [
            ("nginx, 1 worker", oneWorker.url, nil),
            ("nginx, 2 workers", twoWorkers.url, nil),
            ("gather-server, 1 event loop", oneLoop.baseURL + "/api/players", try scripts.get(oneLoopReader)),
            ("gather-server, 2 event loops", twoLoops.baseURL + "/api/players", try scripts.get(twoLoopsReader)),
        ]
        print("gather-bench latency: GET /api/players (20 players, \(body.count) bytes), wrk -t2 -c64, \(seconds) s a run, "
              + "\(rounds) rounds, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        var results = Array(repeating: [WrkResult](), count: contenders.count)
        for round in 1...rounds {
            for (index, contender) in contenders.enumerated() {
                let result = try Wrk.run(contender.url, options: Wrk.Options(seconds: seconds, script: contender.script))
                results[index].append(result)
                print(ListLatency.line("round \(round): \(contender.name)", result))
            }
        }
        print("median of \(rounds) rounds")
        for (index, contender) in contenders.enumerated() {
            print(ListLatency.line(contender.name, ListLatency.median(results[index])))
        }
    }

    private static func line(_ name: String, _ result: WrkResult) -> String {
        name.padding(toLength: 36, withPad: " ", startingAt: 0)
            + String(format: "%10.0f req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d", result.requestsPerSecond,
                     result.p50Milliseconds, result.p99Milliseconds, result.errors)
    }

    /// Each figure's own median over the rounds.
    private static func median(_ results: [WrkResult]) -> WrkResult {
        func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return WrkResult(requestsPerSecond: middle(results.map(\.requestsPerSecond)),
                         p50Milliseconds: middle(results.map(\.p50Milliseconds)),
                         p99Milliseconds: middle(results.map(\.p99Milliseconds)),
                         errors: results.map(\.errors).reduce(0, +), requests: results.map(\.requests).reduce(0, +))
    }
}
