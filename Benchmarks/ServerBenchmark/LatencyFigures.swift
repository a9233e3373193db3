import Foundation

/// What a latency probe saw: how many requests it sent, the latencies of those answered (whatever
/// their status), and the requests that were not answered 200 (an innocent user must see none).
struct LatencyFigures: Codable {
    var requests: Int
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var maxMilliseconds: Double
    /// Answers other than 200, and requests that got no answer at all (a timeout, a closed connection).
    var errors: Int

    /// Nearest-rank percentiles of `latencies` (milliseconds): with a thousand samples the p99 is
    /// the tenth slowest, not an interpolation between two.
    /// `unanswered`: requests that got no answer (counted in `errors` too, with no latency).
    init(latencies: [Double], errors: Int, unanswered: Int) {
        let sorted = latencies.sorted()
        func rank(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(index, 0), sorted.count - 1)]
        }
        requests = latencies.count + unanswered
        p50Milliseconds = rank(0.50)
        p99Milliseconds = rank(0.99)
        maxMilliseconds = sorted.last ?? 0
        self.errors = errors
    }
}
