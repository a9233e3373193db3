import FoundationEssentials
import GatherText
import Locking
import Networking

/// Slows guessing at one account from everywhere. The other login brakes count per address, so an
/// attacker with many addresses could try 218 wrong passwords for one account in 15 seconds
/// (~52,000 an hour). Here every login attempt for a username (by `Username.comparisonKey`), from
/// any address, counts:
///
/// - the first `freeAttempts` within `window` go through at once (an owner mistyping is never
///   slowed);
/// - from then on each attempt closes the account to further ones for a delay that doubles, from
///   `firstDelay` up to `maxDelay`: attempts 10, 11, 12… wait 1, 2, 4… seconds, then 5 minutes each.
///   About 20 guesses in the first 10 minutes, then 12 an hour, whatever the number of addresses;
/// - a quiet `window` (no attempt) forgets the count; so does a success from an address the brake
///   applied to.
///
/// An attempt counts when it is admitted, before its password is checked: guesses queued together
/// cannot all slip through before the first of them fails. One refused afterwards for another
/// reason (a full queue) is taken back.
///
/// Locking the owner out is bounded twice. Addresses the account has logged in from within
/// `knownAddressLifetime` are outside the brake altogether: the owner at home or on their phone's
/// usual network is never refused by it (their own per-address limit still applies), and an
/// attacker cannot get there without the password, or a share of the owner's address. From an
/// address the account has not used, the owner waits at most `maxDelay`; an attacker who keeps
/// guessing the moment each delay ends can take that turn first, and that is the price of not
/// letting the attacker's addresses be told from the owner's.
///
/// The username need not exist: names that do and names that do not are braked alike, so a 429
/// here says nothing about which accounts exist. In memory and bounded by `capacity` names (and as
/// many accounts' addresses, `addressesPerAccount` each); past it, the names with the fewest
/// attempts and no delay running are forgotten first, so a flood of made-up names cannot wash
/// out the count of the account under attack. A restart forgets, as with the other brakes.
package final class AccountBrake: Sendable {
    package static let defaultFreeAttempts = 10
    package static let defaultFirstDelay: TimeInterval = 1
    package static let defaultMaxDelay: TimeInterval = 5 * 60
    package static let defaultWindow: TimeInterval = 15 * 60
    package static let defaultKnownAddressLifetime: TimeInterval = 30 * 24 * 3600
    package static let defaultAddressesPerAccount = 8
    package static let defaultCapacity = 10_000

    package let freeAttempts: Int
    package let firstDelay: TimeInterval
    package let maxDelay: TimeInterval
    package let window: TimeInterval
    package let knownAddressLifetime: TimeInterval
    package let addressesPerAccount: Int
    package let capacity: Int
    private let state = Locked(State())

    /// What `admit` decided.
    package enum Verdict: Sendable, Equatable {
        /// Go ahead; the attempt counted, unless nil (an address the account logged in from).
        case admitted(Attempt?)
        /// The account takes no attempt from this address for this long.
        case refused(retryAfter: TimeInterval)
    }

    /// One counted attempt, to take back if the request is refused after all.
    package struct Attempt: Sendable, Equatable {
        fileprivate let key: String
        fileprivate let delaySet: Date?
        fileprivate let delayBefore: Date?
    }

    private struct Account {
        var attempts: Int
        var lastAttempt: Date
        /// No attempt before this (from an address the brake applies to).
        var closedUntil: Date?
    }

    private struct State {
        var accounts: [String: Account] = [:]
        /// Per account, the addresses (`ClientKey`) it logged in from and when last.
        var knownAddresses: [String: [String: Date]] = [:]
    }

    package init(freeAttempts: Int = AccountBrake.defaultFreeAttempts, firstDelay: TimeInterval = AccountBrake.defaultFirstDelay,
                 maxDelay: TimeInterval = AccountBrake.defaultMaxDelay, window: TimeInterval = AccountBrake.defaultWindow,
                 knownAddressLifetime: TimeInterval = AccountBrake.defaultKnownAddressLifetime,
                 addressesPerAccount: Int = AccountBrake.defaultAddressesPerAccount, capacity: Int = AccountBrake.defaultCapacity) {
        self.freeAttempts = max(1, freeAttempts)
        self.firstDelay = max(0, firstDelay)
        self.maxDelay = max(self.firstDelay, maxDelay)
        // A delay must end by itself, not by the count lapsing under it.
        self.window = max(window, self.maxDelay)
        self.knownAddressLifetime = knownAddressLifetime
        self.addressesPerAccount = max(1, addressesPerAccount)
        self.capacity = max(4, capacity)
    }

    /// Before a login for `username` from `client` is queued: counts it, or says how long the
    /// account is closed to this address.
    package func admit(username: String, client: String, now: Date) -> Verdict {
        let key = Username.comparisonKey(username)
        let address = ClientKey.of(client)
        return state.withLock { state in
            if isKnown(address, of: key, in: state, now: now) { return .admitted(nil) }
            var account = state.accounts[key].flatMap { now.timeIntervalSince($0.lastAttempt) < window ? $0 : nil }
                ?? Account(attempts: 0, lastAttempt: now, closedUntil: nil)
            if let closedUntil = account.closedUntil, now < closedUntil {
                return .refused(retryAfter: closedUntil.timeIntervalSince(now))
            }
            let delayBefore = account.closedUntil
            account.attempts += 1
            account.lastAttempt = now
            if account.attempts >= freeAttempts {
                account.closedUntil = now.addingTimeInterval(delay(after: account.attempts))
            }
            state.accounts[key] = account
            if state.accounts.count > capacity { forgetLeast(&state.accounts, now: now) }
            return .admitted(Attempt(key: key, delaySet: account.closedUntil, delayBefore: delayBefore))
        }
    }

    /// Takes back an attempt that was refused after all, and the delay it started if no other
    /// attempt has started one since.
    package func takeBack(_ attempt: Attempt) {
        state.withLock { state in
            guard var account = state.accounts[attempt.key] else { return }
            account.attempts = max(0, account.attempts - 1)
            if account.closedUntil == attempt.delaySet { account.closedUntil = attempt.delayBefore }
            state.accounts[attempt.key] = account
        }
    }

    /// The right password for `username` from `client`: that address is the owner's from now on,
    /// and if the brake applied to it, the count is forgotten (the failures were probably the
    /// owner's own). A success from an address already known leaves the count alone: it proves
    /// nothing about the attempts made elsewhere.
    package func recordSuccess(username: String, client: String, now: Date) {
        let key = Username.comparisonKey(username)
        let address = ClientKey.of(client)
        state.withLock { state in
            if !isKnown(address, of: key, in: state, now: now) { state.accounts[key] = nil }
            var addresses = (state.knownAddresses[key] ?? [:]).filter { now.timeIntervalSince($0.value) < knownAddressLifetime }
            addresses[address] = now
            if addresses.count > addressesPerAccount,
               let oldest = addresses.min(by: { $0.value < $1.value }) {
                addresses[oldest.key] = nil
            }
            state.knownAddresses[key] = addresses
            if state.knownAddresses.count > capacity { forgetOldest(&state.knownAddresses) }
        }
    }

    /// Names counted now (for tests of the bound).
    package var trackedNames: Int {
        state.withLock { $0.accounts.count }
    }

    /// The delay after the `attempts`-th attempt: `firstDelay` at `freeAttempts`, doubling, at most `maxDelay`.
    private func delay(after attempts: Int) -> TimeInterval {
        let doublings = min(attempts - freeAttempts, 62)
        return min(maxDelay, firstDelay * Double(UInt64(1) << UInt64(doublings)))
    }

    private func isKnown(_ address: String, of key: String, in state: State, now: Date) -> Bool {
        guard let since = state.knownAddresses[key]?[address] else { return false }
        return now.timeIntervalSince(since) < knownAddressLifetime
    }

    /// Down to three quarters of `capacity` at once (so a flood of new names sorts once per
    /// quarter of it): first the names whose count has lapsed, then those with no delay running
    /// and the fewest attempts, the least recent first.
    private func forgetLeast(_ accounts: inout [String: Account], now: Date) {
        let keep = capacity * 3 / 4
        let ranked = accounts.map { entry -> (key: String, rank: (Int, Int, Date)) in
            let account = entry.value
            let lapsed = now.timeIntervalSince(account.lastAttempt) >= window
            let closed = !lapsed && (account.closedUntil.map { now < $0 } ?? false)
            return (entry.key, (lapsed ? 0 : closed ? 2 : 1, lapsed ? 0 : account.attempts, account.lastAttempt))
        }.sorted { $0.rank > $1.rank }
        accounts = Dictionary(uniqueKeysWithValues: ranked.prefix(keep).compactMap { entry in
            accounts[entry.key].map { (entry.key, $0) }
        })
    }

    /// Down to three quarters of `capacity`: the accounts whose last login is oldest go first.
    private func forgetOldest(_ known: inout [String: [String: Date]]) {
        let keep = capacity * 3 / 4
        let ranked = known.map { (key: $0.key, last: $0.value.values.max() ?? .distantPast) }.sorted { $0.last > $1.last }
        known = Dictionary(uniqueKeysWithValues: ranked.prefix(keep).compactMap { entry in
            known[entry.key].map { (entry.key, $0) }
        })
    }
}
