import Dispatch
import Glibc
import Locking
import Synchronization

/// A read-only connection that belongs to one thread, an event loop's: its reads never wait for a
/// connection (it is nobody else's), never wait for a lock (busy timeout 0: `SQLiteError.isBusy`
/// at once instead), and stop at their time budget (`ReadBudgetExceeded`). A caller that must not
/// wait hands such a read to a thread that may.
///
/// Used from one thread only, checked in every build (the first thread to read owns it). Unchecked
/// Sendable: the connection is touched under `lock`, which is never contended except by `close`.
package final class DedicatedReader: DatabaseReading, @unchecked Sendable {
    private var connection: Database?
    private let lock = Lock()
    private let budget: Duration
    private let owner = Atomic<UInt>(0)
    /// For the file check of `ping`.
    private let fileWatch: DatabaseFileWatch?
    /// The pool's committer, which knows whether writes land.
    private let committer: GroupCommitter?

    init(path: String, budget: Duration, fileWatch: DatabaseFileWatch?, committer: GroupCommitter?) throws {
        let connection = try Database(path: path, mode: .readOnly, busyTimeoutMilliseconds: 0)
        try connection.executeScript("PRAGMA query_only = ON")
        _ = try connection.query("PRAGMA mmap_size = \(DatabasePool.readerMapBytes)")
        self.connection = connection
        self.budget = budget
        self.fileWatch = fileWatch
        self.committer = committer
    }

    package var writeTrouble: WriteTrouble? { committer?.writeTrouble }

    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        checkThread()
        return try ReadNesting.read("a read") {
            lock.lock()
            defer { lock.unlock() }
            guard let connection else { throw DatabasePoolError.closed }
            return try connection.withinBudget(budget) {
                try connection.transaction(.deferred) { try body(connection) }
            }
        }
    }

    package func ping() throws {
        if let problem = fileWatch?.problem() { throw problem }
        _ = try read { try $0.query("SELECT 1") }
    }

    /// Closes the connection; later reads throw `DatabasePoolError.closed`.
    func close() {
        lock.lock()
        connection = nil
        lock.unlock()
    }

    private func checkThread() {
        let current = UInt(pthread_self())
        let (exchanged, original) = owner.compareExchange(expected: 0, desired: current, ordering: .relaxed)
        precondition(exchanged || pthread_equal(pthread_t(original), pthread_self()) != 0,
                     "a dedicated reader used by a second thread")
    }
}
