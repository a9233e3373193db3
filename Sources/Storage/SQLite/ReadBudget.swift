import CSQLite
import Dispatch

/// A read stopped by SQLite because it ran past its time budget (`Database.withinBudget`).
package struct ReadBudgetExceeded: Error, Sendable, CustomStringConvertible {
    package let budget: Duration

    package var description: String { "a read ran past its budget of \(budget)" }
}

/// The moment a connection's current work must stop, read by SQLite's progress handler.
/// A class: SQLite holds a pointer to it for as long as the handler is installed.
final class ReadDeadline {
    let budget: Duration
    let uptimeNanoseconds: UInt64

    init(after budget: Duration) {
        self.budget = budget
        let (seconds, attoseconds) = budget.components
        let nanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        uptimeNanoseconds = DispatchTime.now().uptimeNanoseconds &+ nanoseconds
    }

    var hasPassed: Bool { DispatchTime.now().uptimeNanoseconds > uptimeNanoseconds }

    /// For a wait bounded by what is left of the budget.
    var dispatchTime: DispatchTime { DispatchTime(uptimeNanoseconds: uptimeNanoseconds) }
}

extension Database {
    /// SQLite calls the progress handler every this many virtual-machine steps: often enough to
    /// stop within a fraction of a millisecond, rarely enough that reading the clock (tens of
    /// nanoseconds) costs nothing measurable.
    static let progressSteps: Int32 = 1_000

    /// Runs `body` with SQLite interrupting any statement still running once `budget` has passed
    /// (`sqlite3_progress_handler`), so one heavy read cannot hold a connection, and whoever waits
    /// for it, without end. Throws `ReadBudgetExceeded` when it did; what `body` did is rolled back
    /// with its transaction by the caller.
    package func withinBudget<T>(_ budget: Duration, _ body: () throws -> T) throws -> T {
        try within(ReadDeadline(after: budget), body)
    }

    /// `withinBudget`, with a deadline that started earlier (before waiting for this connection).
    func within<T>(_ deadline: ReadDeadline, _ body: () throws -> T) throws -> T {
        guard !deadline.hasPassed else { throw ReadBudgetExceeded(budget: deadline.budget) }
        let context = Unmanaged.passRetained(deadline)
        sqlite3_progress_handler(handle, Database.progressSteps, { pointer in
            guard let pointer else { return 0 }
            return Unmanaged<ReadDeadline>.fromOpaque(pointer).takeUnretainedValue().hasPassed ? 1 : 0
        }, context.toOpaque())
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            context.release()
        }
        do {
            // The clock is read between steps, so time spent in Swift on the rows counts too.
            return try body()
        } catch let error as SQLiteError where error.primaryCode == SQLITE_INTERRUPT && deadline.hasPassed {
            throw ReadBudgetExceeded(budget: deadline.budget)
        }
    }
}
