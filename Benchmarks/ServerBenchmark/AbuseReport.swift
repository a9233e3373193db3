import Foundation

/// What the abuse scenario measured: the data it built, each heavy read alone, the probes'
/// latencies without and with one account's heaviest reads running, and how the server answered
/// that account. Printed as a table and kept in `Benchmarks/results/latest.json`.
struct AbuseReport: Codable {
    /// The probes of one phase, run at the same time.
    struct Probes: Codable {
        /// `GET /health` of gather-server.
        var health: LatencyFigures
        /// The innocent account's `GET /api/players`.
        var roster: LatencyFigures
        /// nginx's static answer with `/health`'s body: the machine's own share of the tail.
        var nginx: LatencyFigures
        /// gather-server's CPU time (user + system) over the phase per second: the cores it kept busy.
        var serverCores: Double
        /// The same for gather-bench itself (the probes and the abusive account's connections),
        /// which shares the two cores with it.
        var benchCores: Double
    }

    /// One heavy read asked for alone, nothing else running.
    struct ReadAlone: Codable {
        var read: HeavyReadLoad.Read
        var status: Int
        /// The median of a few, after one to warm the caches.
        var milliseconds: Double
    }

    /// How the server answered the abusive account over the measured window, for one read.
    struct Answers: Codable {
        var read: HeavyReadLoad.Read
        var tally: HeavyReadLoad.Tally
        /// The median latency of its 200 answers.
        var okP50Milliseconds: Double

        init(read: HeavyReadLoad.Read, tally: HeavyReadLoad.Tally) {
            self.read = read
            self.tally = tally
            okP50Milliseconds = LatencyFigures(latencies: tally.okMilliseconds, errors: 0, unanswered: 0).p50Milliseconds
        }
    }

    /// Another account's writes and logins, probed together.
    struct WriteProbes: Codable {
        /// The innocent account's `PUT /api/players/{id}`, a rename.
        var write: LatencyFigures
        /// The innocent account's `POST /api/users/login`.
        var login: LatencyFigures
        var serverCores: Double
    }

    var heavyPlayers: Int
    var heavyMatches: Int
    var innocentPlayers: Int
    /// Time to build the heavy account's history through the API.
    var buildSeconds: Double
    var abusiveConnections: Int
    /// Each phase's measured window.
    var seconds: Double
    var readsAlone: [ReadAlone] = []
    var unloaded: Probes?
    var underAbuse: Probes?
    var abusiveAnswers: [Answers] = []
    /// The measured window under abuse, which can run a little past `seconds`.
    var abuseWindowSeconds = 0.0
    /// The innocent account's writes and logins with nothing else running, and while the heavy
    /// account corrects its oldest match on many connections (each correction moving every rating
    /// of its history), and how that account was answered.
    var writesQuiet: WriteProbes?
    var writesUnderCorrections: WriteProbes?
    var corrections: CorrectionFlood.Tally?
    var correctionWindowSeconds = 0.0
    var correctionConnections = 0
    /// Places in the corrected account's history: what each settlement replays.
    var correctedPlaces = 0
    /// The target: another account's write p99 under the correction flood within twice the quiet run's.
    var correctionTargetMet: Bool? {
        guard let writesQuiet, let writesUnderCorrections else { return nil }
        return writesUnderCorrections.write.p99Milliseconds <= 2 * max(writesQuiet.write.p99Milliseconds, 1) && writesUnderCorrections.write.errors == 0
    }

    var correctionTable: String {
        guard let writesQuiet, let writesUnderCorrections, let corrections, correctionWindowSeconds > 0 else { return "" }
        var lines = AbuseReport.sideBySide("     quiet: p50      p99      max  err  corrections: p50      p99      max  err", [
            ("PUT /api/players/{id} (innocent)", writesQuiet.write, writesUnderCorrections.write),
            ("POST /api/users/login (innocent)", writesQuiet.login, writesUnderCorrections.login),
        ])
        lines.append(String(format: "  the correcting account (%d places) over %.1f s, %d connections: 204 %.1f/s  429 %.1f/s  other %d, "
                            + "no answer %d; cores busy: gather-server %.2f and %.2f",
                            correctedPlaces, correctionWindowSeconds, correctionConnections, Double(corrections.ok) / correctionWindowSeconds,
                            Double(corrections.tooMany) / correctionWindowSeconds, corrections.other, corrections.failed,
                            writesQuiet.serverCores, writesUnderCorrections.serverCores))
        lines.append(String(format: "  another account's write p99 under the corrections: %.2f ms, quiet %.2f ms (target within 2x: ",
                            writesUnderCorrections.write.p99Milliseconds, writesQuiet.write.p99Milliseconds)
                     + (correctionTargetMet == true ? "met" : "NOT MET") + ")")
        return lines.joined(separator: "\n")
    }

    /// The target: `/health`'s p99 under abuse below this.
    static let healthTargetMilliseconds = 50.0

    var healthTargetMet: Bool? {
        underAbuse.map { $0.health.p99Milliseconds < AbuseReport.healthTargetMilliseconds && $0.health.errors == 0 }
    }

    /// The table: each probe unloaded and under abuse, side by side.
    var probeTable: String {
        guard let unloaded, let underAbuse else { return "" }
        let rows: [(String, LatencyFigures, LatencyFigures)] = [
            ("GET /health", unloaded.health, underAbuse.health),
            ("GET /api/players (innocent, \(innocentPlayers))", unloaded.roster, underAbuse.roster),
            ("nginx, /health's body (static)", unloaded.nginx, underAbuse.nginx),
        ]
        var lines = AbuseReport.sideBySide("  unloaded: p50      p99      max  err   under abuse: p50      p99      max  err", rows)
        lines.append(String(format: "  requests per probe: /health %d and %d, roster %d and %d, nginx %d and %d; "
                            + "cores busy: gather-server %.2f and %.2f, gather-bench %.2f and %.2f",
                            unloaded.health.requests, underAbuse.health.requests, unloaded.roster.requests,
                            underAbuse.roster.requests, unloaded.nginx.requests, underAbuse.nginx.requests,
                            unloaded.serverCores, underAbuse.serverCores, unloaded.benchCores, underAbuse.benchCores))
        return lines.joined(separator: "\n")
    }

    /// The abusive account's answers per second, in all and by read.
    var answersTable: String {
        guard abuseWindowSeconds > 0 else { return "" }
        var total = HeavyReadLoad.Tally()
        for answers in abusiveAnswers { total.add(answers.tally) }
        func rates(_ tally: HeavyReadLoad.Tally) -> String {
            String(format: "200 %7.1f/s  429 %8.1f/s  503 %6.1f/s  other %d, no answer %d",
                   Double(tally.ok) / abuseWindowSeconds, Double(tally.tooMany) / abuseWindowSeconds,
                   Double(tally.unavailable) / abuseWindowSeconds, tally.other, tally.failed)
        }
        var lines = [String(format: "  the abusive account over %.1f s, %d connections: ", abuseWindowSeconds, abusiveConnections)
                     + rates(total)]
        for answers in abusiveAnswers {
            lines.append("    " + answers.read.rawValue.padding(toLength: 58, withPad: " ", startingAt: 0) + rates(answers.tally)
                         + (answers.tally.ok > 0 ? String(format: "; 200s took p50 %.0f ms", answers.okP50Milliseconds) : "; no 200"))
        }
        return lines.joined(separator: "\n")
    }

    var readsAloneLine: String {
        "  each heavy read alone (median of 3): "
            + readsAlone.map { "\($0.read.rawValue) " + String(format: "%.0f ms", $0.milliseconds) + ($0.status == 200 ? "" : " (\($0.status))") }
            .joined(separator: "; ")
    }

    var verdict: String {
        guard let underAbuse, let met = healthTargetMet else { return "" }
        return String(format: "  /health p99 under abuse: %.2f ms (target under %.0f ms: ", underAbuse.health.p99Milliseconds,
                      AbuseReport.healthTargetMilliseconds)
            + (met ? "met" : "NOT MET") + "); innocent roster errors: \(underAbuse.roster.errors)"
    }

    /// A heading, then a probe a line: its figures in one phase, then in the other.
    private static func sideBySide(_ heading: String, _ rows: [(String, LatencyFigures, LatencyFigures)]) -> [String] {
        ["  " + "".padding(toLength: 36, withPad: " ", startingAt: 0) + heading] + rows.map { name, first, second in
            "  " + name.padding(toLength: 36, withPad: " ", startingAt: 0)
                + String(format: "%17.2fms %6.2fms %6.1fms %4d %17.2fms %6.2fms %6.1fms %4d",
                         first.p50Milliseconds, first.p99Milliseconds, first.maxMilliseconds, first.errors,
                         second.p50Milliseconds, second.p99Milliseconds, second.maxMilliseconds, second.errors)
        }
    }
}
