import Foundation
import GatherCore

/// Slows password guessing: after `maxFailures` failed logins for one username from one client
/// within `window`, further attempts from that client are refused (429) until the window has
/// passed. Keyed by username *and* client, so a stranger cannot lock a user out everywhere; the
/// username is keyed in its compared form (`Username.comparisonKey`), so no other spelling of the
/// same name escapes the count. In memory: a restart forgets, acceptable for a brake, not a ledger.
public final class LoginThrottle: Sendable {
    private let failures: SlidingWindowLimiter

    public init(maxFailures: Int = 5, window: TimeInterval = 15 * 60, capacity: Int = 10_000) {
        failures = SlidingWindowLimiter(limit: maxFailures, window: window, capacity: capacity)
    }

    public var maxFailures: Int { failures.limit }
    public var window: TimeInterval { failures.window }

    /// How long until this client may try this username again; nil if it may now.
    public func retryAfter(username: String, client: String, now: Date) -> TimeInterval? {
        failures.retryAfter(key(username, client), now: now)
    }

    public func recordFailure(username: String, client: String, now: Date) {
        failures.record(key(username, client), now: now)
    }

    public func recordSuccess(username: String, client: String) {
        failures.reset(key(username, client))
    }

    private func key(_ username: String, _ client: String) -> String {
        Username.comparisonKey(username) + "\u{0}" + client
    }
}
