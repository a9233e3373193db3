import Foundation

/// The writer connection's own thread, committing writes in groups. A write waits in the queue;
/// the thread takes every write waiting, runs each in a savepoint of one transaction, commits
/// once (one flush to disk for the whole group, with `synchronous = FULL`), and only then lets
/// each caller go on. A write that throws is rolled back to its savepoint and fails alone; the
/// others of its group still commit. Writes that arrive while a group commits form the next one,
/// so a lone write never waits for company.
///
/// Unchecked Sendable: `queue`, `accepting` and the counters are guarded by `condition`; the
/// connection is used only on the committer's thread once it has started.
final class GroupCommitter: @unchecked Sendable {
    /// Dropped (closed) by the committer's thread when it stops.
    private var writer: Database?
    private let condition = NSCondition()
    private var queue: [PendingWrite] = []
    private var accepting = true
    private var stopped = false
    private var commits = 0
    /// The most writes one group may hold: a bound on how long the first of them waits.
    static let maximumGroup = 256

    init(writer: Database, name: String = "fg-commit") {
        self.writer = writer
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Runs `body` in the next group; returns once its group is committed (or throws its error,
    /// or the commit's).
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { escapable in
            let pending = PendingWriteOf(escapable)
            condition.lock()
            guard accepting else {
                condition.unlock()
                throw DatabasePoolError.closed
            }
            queue.append(pending)
            condition.signal()
            condition.unlock()
            // The body is used on the committer's thread until this returns: it never outlives the call.
            pending.done.wait()
            // The committer is done with the body; it must not outlive this call.
            pending.dropBody()
            return try pending.result()
        }
    }

    /// Transactions committed so far (each a group of one or more writes).
    var commitCount: Int { condition.withLock { commits } }

    /// Writes queued for the next group.
    var waitingCount: Int { condition.withLock { queue.count } }

    /// Commits what is queued, then stops the thread. Later writes throw `closed`.
    func stop() {
        condition.lock()
        accepting = false
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while let group = nextGroup(), let writer {
            commit(group, on: writer)
            condition.withLock { commits += 1 }
        }
        // Closing here, once every queued write is committed, checkpoints the WAL into the file.
        writer = nil
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    private func nextGroup() -> [PendingWrite]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && accepting { condition.wait() }
        guard !queue.isEmpty else { return nil }
        let group = Array(queue.prefix(GroupCommitter.maximumGroup))
        queue.removeFirst(group.count)
        return group
    }

    /// One transaction for the group, a savepoint per write.
    private func commit(_ group: [PendingWrite], on writer: Database) {
        /// Writes whose changes wait in the open transaction for the commit.
        var inTransaction: [PendingWrite] = []
        for pending in group {
            if !writer.isInTransaction {
                do {
                    try writer.execute(Database.TransactionKind.immediate.rawValue)
                } catch {
                    pending.finish(.failure(error))
                    continue
                }
            }
            do {
                try writer.execute("SAVEPOINT group_write")
                try pending.run(writer)
                try writer.execute("RELEASE group_write")
                inTransaction.append(pending)
            } catch {
                guard writer.isInTransaction else {
                    // SQLite gave up the whole transaction (disk full, I/O error): every change
                    // in it is gone, so the writes before this one fail too.
                    for earlier in inTransaction { earlier.finish(.failure(error)) }
                    inTransaction.removeAll()
                    pending.finish(.failure(error))
                    continue
                }
                try? writer.execute("ROLLBACK TO group_write")
                try? writer.execute("RELEASE group_write")
                pending.finish(.failure(error))
            }
        }
        guard writer.isInTransaction else { return }
        do {
            try writer.execute("COMMIT")
            for pending in inTransaction { pending.finish(.success(())) }
        } catch {
            try? writer.execute("ROLLBACK")
            for pending in inTransaction { pending.finish(.failure(error)) }
        }
    }
}

/// A write waiting for its group: runs on the committer's thread, and its caller is told once the
/// group's fate is known.
class PendingWrite: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    /// Set on the committer's thread before `done` is signalled; read by the caller after.
    fileprivate var outcome: Result<Void, any Error> = .success(())

    func run(_ database: Database) throws {}

    /// Called exactly once per write.
    fileprivate func finish(_ outcome: Result<Void, any Error>) {
        self.outcome = outcome
        done.signal()
    }
}

private final class PendingWriteOf<T>: PendingWrite, @unchecked Sendable {
    private var body: ((Database) throws -> T)?
    private var value: T?

    init(_ body: @escaping (Database) throws -> T) {
        self.body = body
    }

    override func run(_ database: Database) throws {
        guard let body else { return }
        value = try body(database)
    }

    func dropBody() {
        body = nil
    }

    func result() throws -> T {
        try outcome.get()
        guard let value else { throw DatabasePoolError.closed }
        return value
    }
}
