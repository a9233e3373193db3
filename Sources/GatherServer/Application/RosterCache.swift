import FoundationEssentials
import Networking
import Locking

/// The JSON of recently listed rosters (`GET /api/players`), per owner, so the most frequent read
/// of the API costs little more than `/health`. Correct before fast:
/// - every write by an owner forgets that owner's roster once the write has committed (the
///   application calls `forget` after the commit, whatever the write was);
/// - a list read that began before a forgetting is not stored (the ticket: a read remembers when
///   it started, and a body is stored only if nothing forgot its owner since; tickets older than
///   `ticketLifetime` are refused outright, so the record of forgettings stays small);
/// - an entry is trusted for `maximumAge` at most, and the cache holds `capacityBytes` of bodies
///   at most (any entry is dropped to make room).
final class RosterCache: Sendable {
    struct Ticket {
        fileprivate let owner: UUID
        fileprivate let startedAt: UInt64
    }

    enum Lookup {
        case hit([UInt8])
        case miss(Ticket)
    }

    private struct Entry {
        let body: [UInt8]
        let storedAt: UInt64
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        var bytes = 0
        /// When each owner's roster was last forgotten, kept for `ticketLifetime`.
        var forgotten: [UUID: UInt64] = [:]
        var lastPrune: UInt64 = 0
    }

    static let defaultCapacityBytes = 4 * 1024 * 1024
    static let defaultMaximumAge: Duration = .seconds(60)
    static let ticketLifetime: Duration = .seconds(5)

    let capacityBytes: Int
    private let maximumAge: UInt64
    private let ticketLifetime = MonotonicClock.nanoseconds(RosterCache.ticketLifetime)
    private let state = Locked(State())

    init(capacityBytes: Int = RosterCache.defaultCapacityBytes, maximumAge: Duration = RosterCache.defaultMaximumAge) {
        self.capacityBytes = max(0, capacityBytes)
        self.maximumAge = MonotonicClock.nanoseconds(maximumAge)
    }

    func lookup(_ owner: UUID, clock: UInt64 = MonotonicClock.now()) -> Lookup {
        state.withLock { state in
            if let entry = state.entries[owner] {
                if clock &- entry.storedAt < maximumAge { return .hit(entry.body) }
                state.entries[owner] = nil
                state.bytes -= entry.body.count
            }
            return .miss(Ticket(owner: owner, startedAt: clock))
        }
    }

    /// Keeps what a read found, unless the owner's roster was forgotten since the read began.
    func store(_ body: [UInt8], ticket: Ticket, clock: UInt64 = MonotonicClock.now()) {
        guard body.count <= capacityBytes, clock &- ticket.startedAt < ticketLifetime else { return }
        state.withLock { state in
            if let forgotten = state.forgotten[ticket.owner], forgotten >= ticket.startedAt { return }
            if let old = state.entries.removeValue(forKey: ticket.owner) { state.bytes -= old.body.count }
            while state.bytes + body.count > capacityBytes, let any = state.entries.first {
                state.entries[any.key] = nil
                state.bytes -= any.value.body.count
            }
            state.entries[ticket.owner] = Entry(body: body, storedAt: clock)
            state.bytes += body.count
        }
    }

    /// After a write of the owner's has committed: the next list reads the database.
    func forget(_ owner: UUID, clock: UInt64 = MonotonicClock.now()) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: owner) { state.bytes -= old.body.count }
            state.forgotten[owner] = clock
            // Records older than any ticket still accepted are of no use.
            if clock &- state.lastPrune > ticketLifetime {
                let horizon = clock &- ticketLifetime
                state.forgotten = state.forgotten.filter { $0.value >= horizon }
                state.lastPrune = clock
            }
        }
    }

    var byteCount: Int { state.withLock { $0.bytes } }
}
