import FoundationEssentials
import Networking
import Locking

/// What an owner's data looks like to someone reading it (a roster's JSON, a share page's HTML),
/// kept between requests so the most frequent reads cost little more than `/health`. Correct
/// before fast:
/// - every write by an owner forgets all that owner's entries once the write has committed (the
///   application calls `forget` after the commit, whatever the write was);
/// - a read that began before a forgetting is not stored (the ticket: a read remembers when it
///   started, and a value is stored only if nothing forgot its owner since; tickets older than
///   `ticketLifetime` are refused outright, so the record of forgettings stays small);
/// - an entry is trusted for `maximumAge` at most, and the cache holds `capacityBytes` at most,
///   each entry counted as its value's bytes and `entryOverheadBytes` (any entry is dropped to
///   make room).
final class OwnerCache<Item: Hashable & Sendable, Value: CachedValue>: Sendable {
    struct Ticket {
        fileprivate let key: Key
        fileprivate let startedAt: UInt64
    }

    enum Lookup {
        case hit(Value)
        case miss(Ticket)
    }

    fileprivate struct Key: Hashable {
        let owner: UUID
        let item: Item
    }

    private struct Entry {
        let value: Value
        let storedAt: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var itemsOfOwner: [UUID: Set<Item>] = [:]
        var bytes = 0
        /// When each owner's entries were last forgotten, kept for `ticketLifetime`.
        var forgotten: [UUID: UInt64] = [:]
        var lastPrune: UInt64 = 0

        mutating func remove(_ key: Key) {
            guard let old = entries.removeValue(forKey: key) else { return }
            bytes -= OwnerCache.cost(of: old.value)
            itemsOfOwner[key.owner]?.remove(key.item)
            if itemsOfOwner[key.owner]?.isEmpty == true { itemsOfOwner[key.owner] = nil }
        }
    }

    static var defaultMaximumAge: Duration { .seconds(60) }
    static var ticketLifetime: Duration { .seconds(5) }

    let capacityBytes: Int
    private let maximumAge: UInt64
    private let ticketLifetime = MonotonicClock.nanoseconds(OwnerCache.ticketLifetime)
    private let state = Locked(State())

    init(capacityBytes: Int, maximumAge: Duration = OwnerCache.defaultMaximumAge) {
        self.capacityBytes = max(0, capacityBytes)
        self.maximumAge = MonotonicClock.nanoseconds(maximumAge)
    }

    func lookup(_ owner: UUID, _ item: Item, clock: UInt64 = MonotonicClock.now()) -> Lookup {
        let key = Key(owner: owner, item: item)
        return state.withLock { state in
            if let entry = state.entries[key] {
                if clock &- entry.storedAt < maximumAge { return .hit(entry.value) }
                state.remove(key)
            }
            return .miss(Ticket(key: key, startedAt: clock))
        }
    }

    /// Keeps what a read found, unless the owner's entries were forgotten since the read began.
    /// `clock` is read under the lock when not given: a thread held up between reading it and
    /// taking the lock could otherwise store past a forgetting whose record was pruned meanwhile.
    func store(_ value: Value, ticket: Ticket, clock: UInt64? = nil) {
        let cost = OwnerCache.cost(of: value)
        guard cost <= capacityBytes else { return }
        state.withLock { state in
            let now = clock ?? MonotonicClock.now()
            guard now &- ticket.startedAt < ticketLifetime else { return }
            if let forgotten = state.forgotten[ticket.key.owner], forgotten >= ticket.startedAt { return }
            state.remove(ticket.key)
            while state.bytes + cost > capacityBytes, let any = state.entries.first {
                state.remove(any.key)
            }
            state.entries[ticket.key] = Entry(value: value, storedAt: now)
            state.itemsOfOwner[ticket.key.owner, default: []].insert(ticket.key.item)
            state.bytes += cost
        }
    }

    /// What an entry holds beside its value (its slots in the two tables, its key, the value's
    /// allocation): counted against the capacity, so that thousands of tiny entries (a player
    /// each, a gather's empty list each) cannot hold many times the memory the capacity allows.
    static var entryOverheadBytes: Int { 256 }

    static func cost(of value: Value) -> Int {
        value.byteCount + entryOverheadBytes
    }

    /// After a write of the owner's has committed: the next read of any of its entries reads the database.
    func forget(_ owner: UUID, clock: UInt64 = MonotonicClock.now()) {
        state.withLock { state in
            for item in state.itemsOfOwner[owner] ?? [] { state.remove(Key(owner: owner, item: item)) }
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

/// What an `OwnerCache` holds, counted against its capacity by its size.
protocol CachedValue: Sendable {
    var byteCount: Int { get }
}

extension Array: CachedValue where Element == UInt8 {
    var byteCount: Int { count }
}

/// The API reads kept as JSON per owner: the roster (`GET /api/players`), one player
/// (`GET /api/players/{id}`) and a gather's players (`GET /api/gathers/{id}/players`), the reads a
/// client repeats while nothing changes (a phone following a match polls its players).
enum CachedRead: Hashable, Sendable {
    case roster
    case player(Int)
    case gatherPlayers(UUID)
}

typealias ReadCache = OwnerCache<CachedRead, [UInt8]>

extension OwnerCache where Item == CachedRead, Value == [UInt8] {
    static var defaultCapacityBytes: Int { 4 * 1024 * 1024 }

    convenience init(capacityBytes: Int = ReadCache.defaultCapacityBytes) {
        self.init(capacityBytes: capacityBytes, maximumAge: ReadCache.defaultMaximumAge)
    }

    /// The JSON kept for `item`, or what `read` answers now, kept for the next read unless the
    /// owner wrote meanwhile. A read that throws (not found, say) keeps nothing.
    func json(_ owner: UUID, _ item: CachedRead, read: () throws -> [UInt8]) rethrows -> [UInt8] {
        switch lookup(owner, item) {
        case .hit(let body):
            return body
        case .miss(let ticket):
            let body = try read()
            store(body, ticket: ticket)
            return body
        }
    }
}
