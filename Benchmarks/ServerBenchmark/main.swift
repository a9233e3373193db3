import Foundation
import Networking

// gather-bench: see `gather-bench help`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "requests":
    let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 100
    let sequence = try RequestSequence()
    let start = MonotonicClock.now()
    let bytes = try sequence.measuredRequests(rounds: rounds)
    let elapsed = Double(MonotonicClock.now() - start) / 1e9
    let count = rounds * RequestSequence.roundSize
    print(String(format: "%d requests in-process in %.3f s: %.1f µs each, %d response bytes", count, elapsed, elapsed / Double(count) * 1e6, bytes))
    sequence.close()
case "roster":
    let reads = arguments.dropFirst().first.flatMap { Int($0) } ?? 10
    let roster = try SeededRoster(players: SeededRoster.measuredSize)
    let start = MonotonicClock.now()
    let bytes = try roster.measuredReads(reads)
    let elapsed = Double(MonotonicClock.now() - start) / 1e9
    print(String(format: "%d reads of %d players, uncached, in-process in %.3f s: %.1f µs each, %d response bytes",
                 reads, SeededRoster.measuredSize, elapsed, elapsed / Double(max(1, reads)) * 1e6, bytes))
    roster.app.close()
case "history":
    let part = arguments.dropFirst().first
    guard part == nil || part == "matches" || part == "rosters" else {
        print("gather-bench history: the part is matches or rosters, not \(part ?? "")")
        exit(2)
    }
    try HistoryScale().run(part: part)
case "internals":
    try InternalsBenchmark.run()
case "soak":
    let minutes = arguments.dropFirst().first.flatMap { Int($0) } ?? 10
    guard try Soak(minutes: minutes).run() else { exit(1) }
case "latency":
    let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 5
    try ListLatency(rounds: max(1, rounds)).run()
case "abuse":
    let directory = try BenchmarkSettings.temporaryDirectory(named: "gather-bench-abuse")
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try AbuseScenario(seconds: BenchmarkSettings.wrkSeconds, serverBinary: BenchmarkSettings.serverBinary,
                                   directory: directory).run()
    // By hand or in a script: the target missed, or the innocent account refused, is a failure.
    guard report.healthTargetMet == true, report.underAbuse?.roster.errors == 0 else { exit(1) }
case "balance":
    print(try BalanceBudgetFigures.measure().line)
case "corrections":
    let directory = try BenchmarkSettings.temporaryDirectory(named: "gather-bench-corrections")
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try AbuseScenario(seconds: BenchmarkSettings.wrkSeconds, serverBinary: BenchmarkSettings.serverBinary,
                          directory: directory).runCorrectionsAlone()
case "viewers":
    let directory = try BenchmarkSettings.temporaryDirectory(named: "gather-bench-viewers")
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try LiveViewersScenario(seconds: BenchmarkSettings.wrkSeconds, serverBinary: BenchmarkSettings.serverBinary,
                                         directory: directory).run()
    // A goal that did not reach every viewer, a lost stream or a thread per viewer is a failure.
    guard report.passed else { exit(1) }
case "answers":
    let directory = try BenchmarkSettings.temporaryDirectory(named: "gather-bench-answers")
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try AnswersScenario(seconds: BenchmarkSettings.wrkSeconds, serverBinary: BenchmarkSettings.serverBinary,
                                     directory: directory).run()
    // An answer that is not a 303, a link past its allowance or a place given twice is a failure;
    // the latency target is printed, never asserted.
    guard report.passed else { exit(1) }
case "channels":
    let directory = try BenchmarkSettings.temporaryDirectory(named: "gather-bench-channels")
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try ChannelsScenario(seconds: BenchmarkSettings.wrkSeconds, serverBinary: BenchmarkSettings.serverBinary,
                                      directory: directory).run()
    // A list whose teams were not told, or told twice, is a failure; the times are printed, never asserted.
    guard report.passed else { exit(1) }
case nil, "wrk", "--server-cores":
    try WrkSuite(arguments: arguments).run()
default:
    print("""
        usage: gather-bench [wrk] [--server-cores N]  the release gather-server under wrk beside nginx (make bench); with 4 cores
                                     or more, or N given, the servers pinned to N cores (2 by default) and wrk to the others
               gather-bench latency [ROUNDS] the list's latency beside nginx's with 1 and 2 threads each, in turn (make bench-latency)
               gather-bench abuse            /health and an innocent roster while one account runs its heaviest reads (make bench-abuse)
               gather-bench balance          balancing 60 players by rating at its worst beside a plain balance (part of make bench)
               gather-bench corrections      make bench-abuse's correction flood alone, for any gather-server (FG_BENCH_SERVER)
               gather-bench viewers          1,000 share pages on one match: goals delivered, memory a viewer, the page beside nginx (make bench-viewers)
               gather-bench answers          friends answering from their personal links, and the personal page beside nginx (make bench-answers)
               gather-bench channels         10,000 lists closing themselves at one minute: until the last message is handed over,
                                     and another group's roster meanwhile beside a quiet minute (part of make bench)
               gather-bench requests [ROUNDS] a fixed sequence of requests in-process (make bench-check counts its instructions)
               gather-bench roster [READS]   the uncached roster of 2,000 players read READS times in-process (make bench-check counts it)
               gather-bench history [matches|rosters]  the leaderboard, a record, record-weighted teams and a history page at 10, 1,000
                                     and 100,000 matches; a roster of 20, 200 and 2,000 players read uncached
               gather-bench internals        the balancer, a login flood, idle connections and HTTPS, in-process
               gather-bench soak [MINUTES]   a mixed load for MINUTES (default 10), memory and descriptors each minute (make soak)
        """)
}
