/// At most `limit` of one key's things at once (an address's connections, its logins waiting for a
/// hash, an account's requests on the workers): what they hold is shared by everyone, and one key
/// must not take it all. One lock for the table, taken a moment when a thing starts and when it
/// ends; a key's entry goes with its last thing, so the table never outgrows what is held.
@usableFromInline package final class ConcurrencyAllowance<Key: Hashable & Sendable>: Sendable {
    @usableFromInline package let limit: Int
    @usableFromInline let inUse = Locked<[Key: Int]>([:])

    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a place for `key` if it has one left; `give` must follow for each place taken.
    /// Inlinable, as `give`, so that a caller's module specialises both for its key (see `Locked`):
    /// unspecialised, hashing the key through witness tables cost about 4,000 instructions a request.
    @inlinable
    package func take(_ key: Key) -> Bool {
        inUse.withLock { table in
            let current = table[key, default: 0]
            guard current < limit else { return false }
            table[key] = current + 1
            return true
        }
    }

    @inlinable
    package func give(_ key: Key) {
        inUse.withLock { table in
            guard let current = table[key] else { return }
            table[key] = current > 1 ? current - 1 : nil
        }
    }

    /// The places each of `keys` holds now, in the same order.
    package func counts(of keys: [Key]) -> [Int] {
        inUse.withLock { table in keys.map { table[$0, default: 0] } }
    }
}
