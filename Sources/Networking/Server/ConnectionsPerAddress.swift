import Locking

/// How many connections each client address holds open, shared by every loop of a server, so that
/// one address cannot take all of `maxConnections` and leave everyone else a 503.
///
/// An address is a `ClientKey`: an IPv6 peer counts by its /64, which one host usually has to itself.
/// One lock for the table, as in `ConnectionBalancer`: taken once when a connection is accepted and
/// once when it closes, a moment each; an address's entry goes when its last connection does, so the
/// table never holds more entries than there are open connections.
final class ConnectionsPerAddress: Sendable {
    private let limit: Int
    private let openLocked = Locked<[String: Int]>([:])

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Counts a new connection from `address` if it holds fewer than the limit; `release` must follow
    /// for each one counted.
    func reserve(_ address: String) -> Bool {
        openLocked.withLock { open in
            let count = open[address, default: 0]
            guard count < limit else { return false }
            open[address] = count + 1
            return true
        }
    }

    /// A connection counted for `address` has closed (or was never served).
    func release(_ address: String) {
        openLocked.withLock { open in
            guard let count = open[address] else { return }
            open[address] = count > 1 ? count - 1 : nil
        }
    }

    /// The connections each of `addresses` holds now, in the same order.
    func counts(of addresses: [String]) -> [Int] {
        openLocked.withLock { open in addresses.map { open[$0, default: 0] } }
    }
}
