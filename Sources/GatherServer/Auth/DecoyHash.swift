import Locking

/// The hash a login is verified against when it names no account, so both failures cost the same
/// time. Made once, on first use or by the hashing pool right after start-up: a yescrypt hash
/// takes tens of milliseconds, which the server need not spend before it listens.
final class DecoyHash: Sendable {
    private let hasher: any PasswordHashing
    private let made = Locked<String?>(nil)

    init(hasher: any PasswordHashing) {
        self.hasher = hasher
    }

    /// The decoy, made now if it was not yet (callers wait on the lock while it is being made).
    var value: String {
        made.withLock { made in
            if let made { return made }
            let hash = hasher.makeDecoyHash()
            made = hash
            return hash
        }
    }
}
