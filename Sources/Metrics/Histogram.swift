/// Observations counted into buckets with fixed upper bounds, as Prometheus histograms are: each
/// observation lands in the first bucket whose bound it does not exceed (the last is +Inf).
package struct Histogram: Sendable, Equatable {
    /// The buckets' upper bounds, ascending; +Inf is implied after them.
    package let bounds: [Double]
    /// Per bucket, not cumulative; one more than `bounds` (the +Inf bucket).
    package private(set) var counts: [UInt64]
    package private(set) var sum: Double = 0

    package init(bounds: [Double]) {
        precondition(bounds == bounds.sorted(), "bucket bounds ascend")
        self.bounds = bounds
        counts = Array(repeating: 0, count: bounds.count + 1)
    }

    package mutating func observe(_ value: Double) {
        var low = 0
        var high = bounds.count
        // The first bound ≥ value (binary search: histograms sit on hot paths).
        while low < high {
            let middle = (low + high) / 2
            if bounds[middle] < value { low = middle + 1 } else { high = middle }
        }
        counts[low] &+= 1
        sum += value
    }

    package var count: UInt64 { counts.reduce(0, &+) }

    /// Adds another histogram with the same bounds (the shards of one series).
    package mutating func merge(_ other: Histogram) {
        precondition(other.bounds == bounds, "merged histograms share their bounds")
        for index in counts.indices { counts[index] &+= other.counts[index] }
        sum += other.sum
    }

    /// Durations, in seconds: from half a millisecond (a cached read) to ten seconds (a timeout).
    package static let seconds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
}
