import FoundationEssentials
import Locking

/// A token bucket per account (or per personal link): `burst` changes at once, then `perSecond`. One account's flood of
/// writes would otherwise fill the one writer's queue, and the disk, for everyone.
/// In memory and bounded: a full bucket is the same as none, so at most `capacity` accounts are
/// tracked, the fullest (the longest quiet) forgotten first.
final class WriteRateLimit<Key: Hashable & Sendable>: Sendable {
    let burst: Double
    let perSecond: Double
    let capacity: Int
    private let buckets = Locked<[Key: Bucket]>([:])

    private struct Bucket {
        var tokens: Double
        var updated: Date

        func refilled(at now: Date, perSecond: Double, burst: Double) -> Bucket {
            let elapsed = max(0, now.timeIntervalSince(updated))
            return Bucket(tokens: min(burst, tokens + elapsed * perSecond), updated: now)
        }
    }

    convenience init(burst: Int, perSecond: Int, capacity: Int = 10_000) {
        self.init(burst: burst, perMinute: Double(max(1, perSecond)) * 60, capacity: capacity)
    }

    init(burst: Int, perMinute: Double, capacity: Int = 10_000) {
        self.burst = Double(max(1, burst))
        self.perSecond = max(1, perMinute) / 60
        self.capacity = max(1, capacity)
    }

    /// Takes one change for `account` if it has one; otherwise how long until it will.
    func take(_ account: Key, now: Date) -> TimeInterval? {
        buckets.withLock { table in
            var bucket = (table[account] ?? Bucket(tokens: burst, updated: now)).refilled(at: now, perSecond: perSecond, burst: burst)
            guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / perSecond }
            bucket.tokens -= 1
            table[account] = bucket
            if table.count > capacity { trim(&table, now: now) }
            return nil
        }
    }

    /// Forgets full buckets, then the fullest, until within capacity.
    private func trim(_ table: inout [Key: Bucket], now: Date) {
        table = table.filter { $0.value.refilled(at: now, perSecond: perSecond, burst: burst).tokens < burst }
        while table.count > capacity,
              let fullest = table.max(by: { $0.value.refilled(at: now, perSecond: perSecond, burst: burst).tokens
                                             < $1.value.refilled(at: now, perSecond: perSecond, burst: burst).tokens }) {
            table.removeValue(forKey: fullest.key)
        }
    }
}
