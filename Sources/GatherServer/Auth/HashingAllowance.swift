import Locking

/// At most `limit` of one client's logins and registrations queued or running on the hashing pool
/// at once: the queue is shared by everyone, and one client must not be able to fill it.
final class HashingAllowance: Sendable {
    let limit: Int
    private let inUse = Locked<[String: Int]>([:])

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a place for `client` (a `ClientKey`) if it has one left.
    func take(_ client: String) -> Bool {
        inUse.withLock { table in
            let current = table[client, default: 0]
            guard current < limit else { return false }
            table[client] = current + 1
            return true
        }
    }

    func give(_ client: String) {
        inUse.withLock { table in
            let remaining = table[client, default: 1] - 1
            table[client] = remaining > 0 ? remaining : nil
        }
    }
}
