import Foundation

/// What the live viewers scenario measured: how fast a goal reaches a thousand open share pages,
/// what each open page costs the server, and the page itself under wrk beside nginx serving the
/// same bytes. Printed as a table and kept in `Benchmarks/results/latest.json`.
struct LiveViewersReport: Codable {
    var viewers: Int
    /// The loopback addresses the viewers came from (the server's per-address cap is its default).
    var sourceAddresses: Int
    var goals: Int
    /// From the first connection to every stream having brought its first `match` event.
    var openSeconds = 0.0
    /// Every (viewer, goal): from the `PUT /api/live` sent to the viewer having read the event with
    /// that score. `requests` is the deliveries, `errors` those that never came.
    var delivery = LatencyFigures(latencies: [], errors: 0, unanswered: 0)
    /// Per goal, its last viewer's time: the goal reached everyone then.
    var lastViewer = LatencyFigures(latencies: [], errors: 0, unanswered: 0)
    /// Per goal, its first viewer's time.
    var firstViewer = LatencyFigures(latencies: [], errors: 0, unanswered: 0)
    /// The `PUT /api/live` itself, sent to its 204 read.
    var publish = LatencyFigures(latencies: [], errors: 0, unanswered: 0)
    /// gather-server's CPU time (user + system) over the goals, per delivery.
    var serverCPUMicrosecondsPerDelivery = 0.0
    /// Of that, the part spent in the kernel (the sends to the viewers' sockets, loopback TCP
    /// delivering each to its reader), 0–1; clock ticks of 10 ms make it a rough figure.
    var serverKernelShare = 0.0
    /// gather-bench's over the same goals (its threads reading the streams share the cores).
    var benchCPUMicrosecondsPerDelivery = 0.0
    /// The server's memory before the streams opened and with them all open, in KiB.
    var residentBeforeKilobytes = 0
    var residentOpenKilobytes = 0
    /// Of those, the process's own (heap, stacks): what a connection's state is made of.
    var ownBeforeKilobytes = 0
    var ownOpenKilobytes = 0
    /// The server's threads before the streams opened, with them open, and after the goals.
    var threadsBefore = 0
    var threadsOpen = 0
    var threadsAfterGoals = 0
    /// Streams the server closed or refused before the end.
    var lostStreams = 0
    /// `GET /s/{token}` (cached, 200 with the whole page each time) under wrk, and nginx serving
    /// its bytes as a file, with the same wrk.
    var pageBytes = 0
    var page = WrkResult(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, errors: 0, requests: 0)
    var pageCPUMicrosecondsPerRequest = 0.0
    var nginxPage = WrkResult(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, errors: 0, requests: 0)

    init(viewers: Int, sourceAddresses: Int, goals: Int) {
        self.viewers = viewers
        self.sourceAddresses = sourceAddresses
        self.goals = goals
    }

    /// RSS with the streams open less before, over the viewers.
    var residentPerViewerKilobytes: Double {
        Double(residentOpenKilobytes - residentBeforeKilobytes) / Double(max(1, viewers))
    }

    var ownPerViewerKilobytes: Double {
        Double(ownOpenKilobytes - ownBeforeKilobytes) / Double(max(1, viewers))
    }

    /// Every goal reached every viewer, no stream was lost, and holding them took no thread.
    var passed: Bool {
        delivery.errors == 0 && lostStreams == 0 && threadsOpen <= threadsBefore && threadsAfterGoals <= threadsBefore
            && page.errors == 0
    }

    var deliveryTable: String {
        var lines = ["  " + "PUT /api/live sent → event read".padding(toLength: 40, withPad: " ", startingAt: 0)
                     + "      p50      p99      max    count  missed"]
        let rows: [(String, LatencyFigures)] = [
            ("every viewer, every goal", delivery),
            ("the last viewer of each goal", lastViewer),
            ("the first viewer of each goal", firstViewer),
            ("the PUT's own 204", publish),
        ]
        for (name, figures) in rows {
            lines.append("  " + name.padding(toLength: 40, withPad: " ", startingAt: 0)
                         + String(format: " %6.2fms %6.2fms %6.2fms %8d %7d", figures.p50Milliseconds, figures.p99Milliseconds,
                                  figures.maxMilliseconds, figures.requests, figures.errors))
        }
        return lines.joined(separator: "\n")
    }

    var serverLines: String {
        String(format: "  server memory: RSS %.1f → %.1f MiB with %d streams open, %.2f KiB a viewer (its own %.1f → %.1f MiB, %.2f KiB a viewer); "
               + "threads %d before, %d open, %d after the goals",
               Double(residentBeforeKilobytes) / 1024, Double(residentOpenKilobytes) / 1024, viewers, residentPerViewerKilobytes,
               Double(ownBeforeKilobytes) / 1024, Double(ownOpenKilobytes) / 1024, ownPerViewerKilobytes,
               threadsBefore, threadsOpen, threadsAfterGoals)
            + String(format: "\n  CPU a delivery: gather-server %.1f µs (%.0f %% of it in the kernel, by 10 ms ticks), gather-bench reading it %.1f µs; streams lost: %d",
                     serverCPUMicrosecondsPerDelivery, serverKernelShare * 100, benchCPUMicrosecondsPerDelivery, lostStreams)
    }

    var pageTable: String {
        let fraction = nginxPage.requestsPerSecond > 0 ? page.requestsPerSecond / nginxPage.requestsPerSecond * 100 : 0
        func line(_ name: String, _ result: WrkResult) -> String {
            "  " + name.padding(toLength: 42, withPad: " ", startingAt: 0)
                + String(format: "%10.0f %6.2fms %6.2fms %7d", result.requestsPerSecond, result.p50Milliseconds, result.p99Milliseconds,
                         result.errors)
        }
        return [
            "  " + "the share page (\(pageBytes) bytes)".padding(toLength: 42, withPad: " ", startingAt: 0)
                + "     req/s      p50      p99  errors  of nginx  CPU µs/req",
            line("nginx, the same bytes as a file", nginxPage),
            line("GET /s/{token} (cached, 200 each time)", page)
                + String(format: " %8.1f %% %11.1f", fraction, pageCPUMicrosecondsPerRequest),
        ].joined(separator: "\n")
    }

    var verdict: String {
        "  " + (passed ? "every goal reached every viewer; holding the streams took no thread"
                       : "FAILED: \(delivery.errors) deliveries missed, \(lostStreams) streams lost, threads \(threadsBefore) → "
                         + "\(threadsOpen) → \(threadsAfterGoals), \(page.errors) page errors")
    }
}
