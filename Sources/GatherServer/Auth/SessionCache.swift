import FoundationEssentials
import Locking
import Networking
import Storage

/// Who recent bearer tokens belong to, so an ordinary request does not pay a database read to
/// learn who is asking. Bounded (`capacity` tokens, any one dropped when full) and
/// revocation-aware: logout and account deletion remove entries at once, after their commit, and
/// a lookup that raced with a revocation is never cached (the generation check). An entry is
/// trusted for `maximumAge` at most, so a token removed from the file by anything else (another
/// program on the database) stops working within that time.
final class SessionCache: Sendable {
    struct Entry {
        let session: TokenSession
        let cachedAt: UInt64
    }

    private struct State {
        var entries: [[UInt8]: Entry] = [:]
        /// Bumped by every revocation: a lookup that started before one must not be stored.
        var generation: UInt64 = 0
    }

    static let defaultCapacity = 10_000
    static let defaultMaximumAge: Duration = .seconds(60)

    let capacity: Int
    private let maximumAge: UInt64
    private let state = Locked(State())

    init(capacity: Int = SessionCache.defaultCapacity, maximumAge: Duration = SessionCache.defaultMaximumAge) {
        self.capacity = max(0, capacity)
        self.maximumAge = MonotonicClock.nanoseconds(maximumAge)
    }

    /// What a lookup that missed must hand back to `store`.
    struct Ticket {
        fileprivate let generation: UInt64
    }

    enum Lookup {
        case hit(TokenSession)
        case miss(Ticket)
    }

    /// The token's user if cached, live and fresh; otherwise a ticket for storing what the database says.
    func lookup(_ digest: [UInt8], now: Date, clock: UInt64 = MonotonicClock.now()) -> Lookup {
        state.withLock { state in
            if let entry = state.entries[digest] {
                if entry.session.expiresAt > now && clock &- entry.cachedAt < maximumAge {
                    return .hit(entry.session)
                }
                state.entries[digest] = nil
            }
            return .miss(Ticket(generation: state.generation))
        }
    }

    /// Remembers what the database said, unless a revocation happened since the lookup.
    func store(_ digest: [UInt8], _ session: TokenSession, ticket: Ticket, clock: UInt64 = MonotonicClock.now()) {
        guard capacity > 0 else { return }
        state.withLock { state in
            guard state.generation == ticket.generation else { return }
            if state.entries.count >= capacity, state.entries[digest] == nil, let any = state.entries.keys.first {
                state.entries[any] = nil
            }
            state.entries[digest] = Entry(session: session, cachedAt: clock)
        }
    }

    /// After a logout's or a token's revocation commits: the token is gone.
    func revoke(_ digest: [UInt8]) {
        state.withLock { state in
            state.generation &+= 1
            state.entries[digest] = nil
        }
    }

    /// After an account's deletion commits: every token of the user is gone.
    func revoke(user: UUID) {
        state.withLock { state in
            state.generation &+= 1
            state.entries = state.entries.filter { $0.value.session.user.id != user }
        }
    }

    /// When changes may have been missed: every token is read from the database again.
    func revokeAll() {
        state.withLock { state in
            state.generation &+= 1
            state.entries.removeAll()
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
