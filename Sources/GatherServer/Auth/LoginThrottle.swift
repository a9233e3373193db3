import FoundationEssentials
import GatherText
import Networking

/// Slows password guessing, in three ways:
/// - after `maxFailures` failed logins for one username from one client within `window`, that
///   client may not try that username again until the window has passed. Keyed by username *and*
///   client, so a stranger cannot lock a user out everywhere; the username counts in its compared
///   form (`Username.comparisonKey`), so no other spelling of the same name escapes the count;
/// - after `maxFailuresPerClient` failed logins from one client, whatever the usernames, that
///   client may not try any: guessing one password against many names (spraying) is slowed too;
/// - through `accounts`, guessing at one account from many addresses, whatever each address's own
///   count (`AccountBrake`).
/// A client is counted by `ClientKey` (an IPv6 client by its /64). A success clears only the
/// count for that username. In memory: a restart forgets, acceptable for a brake, not a ledger.
package final class LoginThrottle: Sendable {
    private let failures: SlidingWindowLimiter
    private let failuresPerClient: SlidingWindowLimiter
    /// Attempts at one account from everywhere; consulted before a login is queued.
    package let accounts: AccountBrake

    package convenience init(maxFailures: Int = 5, maxFailuresPerClient: Int = 50, window: TimeInterval = 15 * 60,
                            capacity: Int = 10_000) {
        self.init(maxFailures: maxFailures, maxFailuresPerClient: maxFailuresPerClient, window: window,
                  capacity: capacity, accounts: AccountBrake())
    }

    /// With an account brake of other values than `AccountBrake`'s defaults.
    package init(maxFailures: Int = 5, maxFailuresPerClient: Int = 50, window: TimeInterval = 15 * 60,
                 capacity: Int = 10_000, accounts: AccountBrake) {
        failures = SlidingWindowLimiter(limit: maxFailures, window: window, capacity: capacity)
        failuresPerClient = SlidingWindowLimiter(limit: maxFailuresPerClient, window: window, capacity: capacity)
        self.accounts = accounts
    }

    package var maxFailures: Int { failures.limit }
    package var maxFailuresPerClient: Int { failuresPerClient.limit }
    package var window: TimeInterval { failures.window }

    /// How long until this client may try this username again; nil if it may now.
    package func retryAfter(username: String, client: String, now: Date) -> TimeInterval? {
        let waits = [failures.retryAfter(key(username, client), now: now),
                     failuresPerClient.retryAfter(ClientKey.of(client), now: now)].compactMap { $0 }
        return waits.max()
    }

    package func recordFailure(username: String, client: String, now: Date) {
        failures.record(key(username, client), now: now)
        failuresPerClient.record(ClientKey.of(client), now: now)
    }

    package func recordSuccess(username: String, client: String) {
        failures.reset(key(username, client))
    }

    private func key(_ username: String, _ client: String) -> String {
        Username.comparisonKey(username) + "\u{0}" + ClientKey.of(client)
    }
}
