import Locking

/// At most `limit` requests of one key (an account, an address) running or queued at once: the
/// threads and connections behind them are shared by everyone, and one key must not take them all.
final class ConcurrencyAllowance<Key: Hashable & Sendable>: Sendable {
    let limit: Int
    private let inUse = Locked<[Key: Int]>([:])

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a place for `key` if it has one left; `give` must follow for each place taken.
    func take(_ key: Key) -> Bool {
        inUse.withLock { table in
            let current = table[key, default: 0]
            guard current < limit else { return false }
            table[key] = current + 1
            return true
        }
    }

    func give(_ key: Key) {
        inUse.withLock { table in
            let remaining = table[key, default: 1] - 1
            table[key] = remaining > 0 ? remaining : nil
        }
    }
}
