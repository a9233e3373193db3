import Locking
import Networking
import Storage

/// One read-only connection per event loop, made the first time that loop needs one: what the
/// quick routes and the authentication of writes read with on a loop, so a loop never waits for
/// a connection that slow reads on the workers hold.
///
/// A lock per loop rather than one for all: each loop takes only its own, so the lock taken on
/// every quick request is never contended (loops beyond the slots share one, as a fallback).
final class LoopReaders: Sendable {
    private static let slotCount = 64
    private let database: DatabasePool
    private let budget: Duration
    private let slots: [Locked<DedicatedReader?>]
    private let overflow = Locked<[Int: Locked<DedicatedReader?>]>([:])

    init(database: DatabasePool, budget: Duration) {
        self.database = database
        self.budget = budget
        slots = (0..<LoopReaders.slotCount).map { _ in Locked(nil) }
    }

    /// The connection of `loop`; throws if the database cannot open another, or has none to give
    /// (a memory database, whose reads wait for its writer): the request then goes to the workers.
    func reader(for loop: EventLoopSlot) throws -> LoopReads {
        let slot = slots.indices.contains(loop.index) ? slots[loop.index] : overflow.withLock { overflow in
            if let slot = overflow[loop.index] { return slot }
            let slot = Locked<DedicatedReader?>(nil)
            overflow[loop.index] = slot
            return slot
        }
        return .loop(try slot.withLock { slot in
            if let reader = slot { return reader }
            guard let reader = try database.loopReader(budget: budget) else { throw LoopReadGivenUp() }
            slot = reader
            return reader
        })
    }
}
