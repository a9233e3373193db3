import Networking
import FoundationEssentials
import Glibc

/// How much password hashing each client (a `ClientKey`) has asked for lately: every login or
/// registration that reaches the hashing queue adds one, one that then succeeds takes its one
/// back, and the sum halves every `halfLife`.
/// The fair hashing queue serves the client that asked least first and sheds the one that asked
/// most. A flooding address piles up hundreds within a half-life, while someone who logs in (and
/// gets in) stays near zero however often: that difference, which a count of what is queued *now* does not have
/// (a polite flood keeps one request per address queued, just as the real user does), is what
/// lets the real user through.
///
/// A value type: the queue keeps it under its own lock. Bounded: past `capacity` clients, the
/// quarter that asked least is forgotten at once (they are the nearest to zero, where a forgotten
/// client starts again), so a flood of new addresses costs one sort per `capacity / 4` arrivals.
package struct HashingDemand {
    package let halfLife: TimeInterval
    package let capacity: Int
    private var levels: [String: Level] = [:]

    private struct Level {
        var value: Double
        var at: Date
    }

    package init(halfLife: TimeInterval, capacity: Int) {
        self.halfLife = max(1, halfLife)
        self.capacity = max(4, capacity)
    }

    /// The client's demand at `now`; 0 for one never seen (or long forgotten).
    package func level(of client: String, now: Date) -> Double {
        guard let level = levels[client] else { return 0 }
        return decayed(level, now: now)
    }

    /// One more request from `client` at `now`.
    package mutating func add(_ client: String, now: Date) {
        let current = levels[client].map { decayed($0, now: now) } ?? 0
        levels[client] = Level(value: current + 1, at: now)
        if levels.count > capacity { forgetLeast(now: now) }
    }

    /// Takes back one of `client`'s requests (one that succeeded), never below zero.
    package mutating func remove(_ client: String, now: Date) {
        guard let level = levels[client] else { return }
        levels[client] = Level(value: max(0, decayed(level, now: now) - 1), at: now)
    }

    package var trackedClients: Int { levels.count }

    /// A clock set back (the injected one in tests, or the system's) never makes demand grow.
    private func decayed(_ level: Level, now: Date) -> Double {
        let elapsed = max(0, now.timeIntervalSince(level.at))
        return level.value * exp2(-elapsed / halfLife)
    }

    private mutating func forgetLeast(now: Date) {
        let keep = capacity * 3 / 4
        let byDemand = levels.map { (key: $0.key, value: decayed($0.value, now: now)) }.sorted { $0.value > $1.value }
        levels = Dictionary(uniqueKeysWithValues: byDemand.prefix(keep).compactMap { entry in
            levels[entry.key].map { (entry.key, $0) }
        })
    }
}
