import Storage

/// What the sender did since the server started, for `/metrics`: each try by what became of it
/// (recorded), and what is under way now.
package struct DeliveryStatistics: Hashable, Sendable {
    package var sent = 0
    /// Tries that failed for now and are tried again later (5xx, 429, a network error).
    package var retried = 0
    /// Deliveries given up: refused by the far end, or tried for a day.
    package var failed = 0
    /// Deliveries no longer true or too late when their turn came.
    package var skipped = 0
    package var underWay = 0
    /// The most under way at once.
    package var limit = 0

    package init() {}

    mutating func count(_ outcome: DeliveryRepository.Outcome) {
        switch outcome {
        case .sent: sent += 1
        case .retry: retried += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
    }
}
