import Foundation

/// What the answers scenario measured: friends' answers from their personal links under wrk (each
/// a write of its own, a 303 once on disk), whether any fixture gave more places than it has, and
/// the personal page from the group's page cache beside nginx serving its bytes. Printed as a table
/// and kept in `Benchmarks/results/latest.json`.
struct AnswersReport: Codable {
    var groups: Int
    var friendsPerGroup: Int
    var fixturesPerGroup: Int
    var places: Int
    var seconds: Int
    /// What one link may answer over the run: its burst and a minute's rate meanwhile.
    var linkAllowance: Int
    var targetMilliseconds: Double
    /// Making the groups through the API (fixtures, players, links), on the seeding server.
    var seedSeconds = 0.0
    /// The answers' runs, one for each number of connections, each on groups of its own.
    var runs: [Run] = []

    /// `POST /p/{token}/fixtures/{id}/answer` under wrk on `connections` connections.
    struct Run: Codable {
        var connections: Int
        /// The links walked (every one in turn).
        var links: Int
        /// `errors` is every answer but a 303, plus the requests that got none.
        var result: WrkResult
        /// The statuses as the wrk script counted them ("303": 71234, "429": 0).
        var statuses: [String: Int] = [:]
        /// wrk's connect, read, write and timeout errors.
        var socketErrors = 0
        /// The most answers wrk sent from one link.
        var mostAnswersPerLink = 0
        var cpuMicrosecondsPerRequest = 0.0
        /// Of the server's CPU, the part in the kernel (sockets, the WAL's writes), 0–1, by 10 ms ticks.
        var serverKernelShare = 0.0
        /// wrk's slowest answer.
        var maxMilliseconds = 0.0
        /// The group commits over the run (`/metrics`): how many, answers in each, each COMMIT's time.
        var commits = 0
        var writesPerCommit = 0.0
        var commitMicroseconds = 0.0
        /// COMMITs (the flush to disk included) slower than 10 ms and than 50 ms.
        var commitsOver10Milliseconds = 0
        var commitsOver50Milliseconds = 0

        init(connections: Int, links: Int, result: WrkResult) {
            self.connections = connections
            self.links = links
            self.result = result
        }

        var tooMany: Int { statuses["429", default: 0] }

        /// Statuses other than 303 and 429, as "500 ×3, 404 ×1".
        var otherStatuses: String {
            let others = statuses.filter { $0.key != "303" && $0.key != "429" }.sorted { $0.key < $1.key }
            return others.isEmpty ? "none" : others.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        }
    }
    /// Every fixture read back after the answers: friends holding places, waiting, and fixtures
    /// holding more friends than their places (must be none).
    var fixturesChecked = 0
    var placesHeld = 0
    var waiting = 0
    var fixturesOverfilled = 0
    /// `GET /p/{token}` (cached, 200 with the whole page each time) under wrk, and nginx serving
    /// its bytes as a file, with the same wrk.
    var pageBytes = 0
    var page = WrkResult(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, errors: 0, requests: 0)
    var pageCPUMicrosecondsPerRequest = 0.0
    var nginxPage = WrkResult(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, errors: 0, requests: 0)

    init(groups: Int, friendsPerGroup: Int, fixturesPerGroup: Int, places: Int, seconds: Int, linkAllowance: Int,
         targetMilliseconds: Double) {
        self.groups = groups
        self.friendsPerGroup = friendsPerGroup
        self.fixturesPerGroup = fixturesPerGroup
        self.places = places
        self.seconds = seconds
        self.linkAllowance = linkAllowance
        self.targetMilliseconds = targetMilliseconds
    }

    var links: Int { groups * friendsPerGroup }

    /// Every answer a 303, no link past its allowance, no fixture past its places, no page error.
    var passed: Bool {
        !runs.isEmpty && runs.allSatisfy { $0.result.errors == 0 && $0.mostAnswersPerLink <= linkAllowance }
            && fixturesOverfilled == 0 && fixturesChecked > 0 && page.errors == 0
    }

    var table: String {
        func fraction(_ result: WrkResult) -> Double {
            nginxPage.requestsPerSecond > 0 ? result.requestsPerSecond / nginxPage.requestsPerSecond * 100 : 0
        }
        func line(_ name: String, _ result: WrkResult, cpu: Double? = nil) -> String {
            "  " + name.padding(toLength: 46, withPad: " ", startingAt: 0)
                + String(format: "%10.0f %6.2fms %6.2fms %7d", result.requestsPerSecond, result.p50Milliseconds, result.p99Milliseconds,
                         result.errors)
                + (cpu.map { String(format: " %8.1f %% %11.1f", fraction(result), $0) } ?? "")
        }
        var lines = [
            "  " + "personal links (the page: \(pageBytes) bytes)".padding(toLength: 46, withPad: " ", startingAt: 0)
                + "     req/s      p50      p99  errors  of nginx  CPU µs/req",
            line("nginx, the personal page's bytes as a file", nginxPage),
            line("GET /p/{token} (cached, 200 each time)", page, cpu: pageCPUMicrosecondsPerRequest),
        ]
        for run in runs {
            lines.append(line("POST /p/{token}/fixtures/{id}/answer, \(run.connections) conn.", run.result, cpu: run.cpuMicrosecondsPerRequest))
        }
        for run in runs {
            lines.append("  \(run.connections) conn.: \(run.result.requests) answers from \(run.links) links in \(seconds) s: "
                         + "303 ×\(run.statuses["303", default: 0]), 429 ×\(run.tooMany), other: \(run.otherStatuses), "
                         + "socket errors \(run.socketErrors); the most from one link \(run.mostAnswersPerLink) "
                         + "(allowed \(linkAllowance): \(linkAllowance - seconds * 20 / 60) at once, then 20 a minute for \(seconds) s); "
                         + String(format: "slowest %.2f ms;\n    %d group commits of %.1f answers, COMMIT (its flush included) %.0f µs "
                                  + "on average, %d over 10 ms, %d over 50 ms; %.0f %% of the server's CPU in the kernel",
                                  run.maxMilliseconds, run.commits, run.writesPerCommit, run.commitMicroseconds,
                                  run.commitsOver10Milliseconds, run.commitsOver50Milliseconds, run.serverKernelShare * 100))
        }
        lines.append("  fixtures read back: \(fixturesChecked), \(placesHeld) places held, \(waiting) friends waiting, "
                     + "\(fixturesOverfilled) holding more than their \(places) places")
        return lines.joined(separator: "\n")
    }

    var verdict: String {
        let targets = runs.map { run in
            "\(run.connections) conn. " + (run.result.errors == 0 && run.result.p99Milliseconds <= targetMilliseconds ? "met" : "NOT met")
                + String(format: " (p99 %.2f ms at %.0f answers/s)", run.result.p99Milliseconds, run.result.requestsPerSecond)
        }
        let errors = runs.map(\.result.errors).reduce(0, +)
        let most = runs.map(\.mostAnswersPerLink).max() ?? 0
        return String(format: "  target: an answer's p99 ≤ %.0f ms on two cores, wrk sharing them: ", targetMilliseconds)
            + targets.joined(separator: "; ") + "\n  "
            + (passed ? "every answer a 303, no link past its allowance, no fixture past its places"
                : "FAILED: \(errors) answers not a 303, the most from one link \(most) of \(linkAllowance) allowed, "
                  + "\(fixturesOverfilled) fixtures past their places, \(page.errors) page errors")
    }
}
