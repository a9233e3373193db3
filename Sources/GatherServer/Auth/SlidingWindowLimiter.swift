import FoundationEssentials
import Locking

/// Counts events per key in a sliding window: once `limit` events of one key fall within `window`,
/// that key must wait until the oldest of them leaves it. In memory and bounded: at most
/// `capacity` keys are tracked, the least recently active going first. The brake behind the
/// login throttle and the registration limit.
package final class SlidingWindowLimiter: Sendable {
    package let limit: Int
    package let window: TimeInterval
    package let capacity: Int
    private let events = Locked<[String: [Date]]>([:])

    package init(limit: Int, window: TimeInterval, capacity: Int = 10_000) {
        self.limit = max(1, limit)
        self.window = window
        self.capacity = max(1, capacity)
    }

    /// How long until `key` may have another event; nil if it may now.
    package func retryAfter(_ key: String, now: Date) -> TimeInterval? {
        events.withLock { wait(for: recent(key, in: $0, now: now), now: now) }
    }

    /// Records an event for `key` if the window has room, in one step (so two threads cannot
    /// both take the last place); otherwise how long until it will.
    package func acquire(_ key: String, now: Date) -> TimeInterval? {
        events.withLock { table in
            let events = recent(key, in: table, now: now)
            if let wait = wait(for: events, now: now) { return wait }
            table[key] = events + [now]
            trim(&table, now: now)
            return nil
        }
    }

    /// Takes back one event recorded at `date` (the request it counted was refused for another reason).
    package func forget(_ key: String, at date: Date) {
        events.withLock { table in
            guard var recorded = table[key], let index = recorded.lastIndex(of: date) else { return }
            recorded.remove(at: index)
            table[key] = recorded.isEmpty ? nil : recorded
        }
    }

    package func record(_ key: String, now: Date) {
        events.withLock { table in
            table[key] = Array((recent(key, in: table, now: now) + [now]).suffix(limit))
            trim(&table, now: now)
        }
    }

    /// The key's events still inside the window, oldest first.
    private func recent(_ key: String, in table: [String: [Date]], now: Date) -> [Date] {
        (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
    }

    /// How long until the oldest of a full window's events leaves it; nil while there is room.
    private func wait(for events: [Date], now: Date) -> TimeInterval? {
        guard events.count >= limit, let oldest = events.first else { return nil }
        return max(1, window - now.timeIntervalSince(oldest))
    }

    /// Past capacity: drop keys with nothing in the window, then the least recently active.
    private func trim(_ table: inout [String: [Date]], now: Date) {
        guard table.count > capacity else { return }
        table = table.filter { $0.value.contains { now.timeIntervalSince($0) < window } }
        while table.count > capacity,
              let oldest = table.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) }) {
            table.removeValue(forKey: oldest.key)
        }
    }

    package func reset(_ key: String) {
        _ = events.withLock { $0.removeValue(forKey: key) }
    }
}
