import Foundation

/// What the channels scenario measured: from the minute 10,000 lists closed themselves to the
/// last message handed to its receiver, and another group's roster under wrk then beside a quiet
/// minute. Printed as a table and kept in `Benchmarks/results/latest.json`.
struct ChannelsReport: Codable {
    var groups: Int
    var seconds: Int
    var seedSeconds = 0.0
    /// Messages the receiver got, and under how many idempotency keys (one each: no repeat).
    var delivered = 0
    var distinctKeys = 0
    /// From the closing minute to the first and to the last message received.
    var firstDeliveredSeconds = 0.0
    var lastDeliveredSeconds = 0.0
    /// The server's CPU from the closing minute to the last message (balancing, publishing, sending).
    var serverCPUSeconds = 0.0
    var quiet = WrkResult(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, errors: 0, requests: 0)
    var during = WrkResult(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, errors: 0, requests: 0)

    init(groups: Int, seconds: Int) {
        self.groups = groups
        self.seconds = seconds
    }

    /// Every list's teams told, once, and the other group's requests all answered.
    var passed: Bool { delivered == groups && distinctKeys == groups && quiet.errors == 0 && during.errors == 0 }

    var table: String {
        func line(_ name: String, _ result: WrkResult) -> String {
            "  " + name.padding(toLength: 58, withPad: " ", startingAt: 0)
                + String(format: "%10.0f %6.2fms %6.2fms %7d", result.requestsPerSecond, result.p50Milliseconds, result.p99Milliseconds,
                         result.errors)
        }
        return [
            String(format: "  %d lists closed at one minute: teams balanced, published and told; the first message handed over "
                   + "%.2f s after the minute, the last %.2f s after it (%d messages under %d keys); server CPU %.1f s", groups,
                   firstDeliveredSeconds, lastDeliveredSeconds, delivered, distinctKeys, serverCPUSeconds),
            "  " + "another group's roster (wrk, 16 conn.)".padding(toLength: 58, withPad: " ", startingAt: 0)
                + "     req/s      p50      p99  errors",
            line("GET /api/players, a quiet minute", quiet),
            line("GET /api/players, from the closing minute on (\(seconds) s)", during),
        ].joined(separator: "\n")
    }

    var verdict: String {
        passed ? "  every list's teams told once; the other group answered throughout"
            : "  FAILED: \(delivered) of \(groups) told (\(distinctKeys) keys), \(quiet.errors + during.errors) roster errors"
    }
}
