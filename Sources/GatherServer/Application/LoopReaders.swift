import Locking
import Networking
import Storage

/// One read-only connection per event loop, made the first time that loop needs one: what the
/// quick routes and the authentication of writes read with on a loop, so a loop never waits for
/// a connection that slow reads on the workers hold.
final class LoopReaders: Sendable {
    private let database: DatabasePool
    private let budget: Duration
    private let readers = Locked<[Int: LoopReads]>([:])

    init(database: DatabasePool, budget: Duration) {
        self.database = database
        self.budget = budget
    }

    /// The connection of `loop`; throws only if the database cannot open another (then the
    /// request goes to the workers).
    func reader(for loop: EventLoopSlot) throws -> LoopReads {
        try readers.withLock { readers in
            if let reader = readers[loop.index] { return reader }
            let reader = try database.dedicatedReader(budget: budget)
            readers[loop.index] = reader
            return reader
        }
    }
}
