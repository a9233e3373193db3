import Locking
import Networking
import Storage

/// The server's totals for `/metrics`, read at most once every `lifetime`: counting rows costs
/// more than a scrape should, and a scrape every few seconds from each of several Prometheus
/// servers must not add up.
final class CachedTotals: Sendable {
    static let lifetime: UInt64 = 15_000_000_000

    private let read: @Sendable () throws -> TotalsRepository.Totals
    private let cached = Locked<(at: UInt64, totals: TotalsRepository.Totals)?>(nil)

    init(read: @escaping @Sendable () throws -> TotalsRepository.Totals) {
        self.read = read
    }

    /// The totals, read again when the last are older than `lifetime`; nil when they cannot be read.
    func current() -> TotalsRepository.Totals? {
        let now = MonotonicClock.now()
        if let kept = cached.withLock({ $0 }), now &- kept.at < Self.lifetime { return kept.totals }
        guard let totals = try? read() else { return nil }
        cached.withLock { $0 = (now, totals) }
        return totals
    }
}
