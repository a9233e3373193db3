import Foundation
import Synchronization

/// Slows password guessing: after `maxFailures` failed logins for one username from one client
/// within `window`, further attempts from that client are refused (429) until the window has
/// passed. Keyed by username *and* client, so a stranger cannot lock a user out everywhere.
/// In memory: a restart forgets, which is acceptable for a brake, not a ledger.
public final class LoginThrottle: Sendable {
    public let maxFailures: Int
    public let window: TimeInterval
    /// Entries kept at most; the oldest windows go first when it is reached.
    public let capacity: Int
    private let failures = Mutex<[String: [Date]]>([:])

    public init(maxFailures: Int = 5, window: TimeInterval = 15 * 60, capacity: Int = 10_000) {
        self.maxFailures = maxFailures
        self.window = window
        self.capacity = capacity
    }

    /// How long until this client may try this username again; nil if it may now.
    public func retryAfter(username: String, client: String, now: Date) -> TimeInterval? {
        failures.withLock { table in
            let recent = (table[key(username, client)] ?? []).filter { now.timeIntervalSince($0) < window }
            guard recent.count >= maxFailures, let oldest = recent.first else { return nil }
            return max(1, window - now.timeIntervalSince(oldest))
        }
    }

    public func recordFailure(username: String, client: String, now: Date) {
        failures.withLock { table in
            let key = key(username, client)
            var recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
            recent.append(now)
            table[key] = Array(recent.suffix(maxFailures))
            if table.count > capacity {
                table = table.filter { $0.value.contains { now.timeIntervalSince($0) < window } }
                while table.count > capacity, let oldest = table.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) }) {
                    table.removeValue(forKey: oldest.key)
                }
            }
        }
    }

    public func recordSuccess(username: String, client: String) {
        _ = failures.withLock { $0.removeValue(forKey: key(username, client)) }
    }

    private func key(_ username: String, _ client: String) -> String {
        username.lowercased() + "\u{0}" + client
    }
}
