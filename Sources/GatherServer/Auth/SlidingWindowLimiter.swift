import Foundation
import Synchronization

/// Counts events per key in a sliding window: once `limit` events of one key fall within `window`,
/// that key must wait until the oldest of them leaves it. In memory and bounded: at most
/// `capacity` keys are tracked, the least recently active going first. The brake behind the
/// login throttle and the registration limit.
public final class SlidingWindowLimiter: Sendable {
    public let limit: Int
    public let window: TimeInterval
    public let capacity: Int
    private let events = Mutex<[String: [Date]]>([:])

    public init(limit: Int, window: TimeInterval, capacity: Int = 10_000) {
        self.limit = max(1, limit)
        self.window = window
        self.capacity = max(1, capacity)
    }

    /// How long until `key` may have another event; nil if it may now.
    public func retryAfter(_ key: String, now: Date) -> TimeInterval? {
        events.withLock { table in
            let recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return max(1, window - now.timeIntervalSince(oldest))
        }
    }

    public func record(_ key: String, now: Date) {
        events.withLock { table in
            var recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
            recent.append(now)
            table[key] = Array(recent.suffix(limit))
            if table.count > capacity {
                table = table.filter { $0.value.contains { now.timeIntervalSince($0) < window } }
                while table.count > capacity,
                      let oldest = table.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) }) {
                    table.removeValue(forKey: oldest.key)
                }
            }
        }
    }

    public func reset(_ key: String) {
        _ = events.withLock { $0.removeValue(forKey: key) }
    }
}
