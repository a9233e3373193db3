import Dispatch
import FoundationEssentials
import Glibc
import Locking
import Metrics
import Synchronization

/// The writer connection's own thread, committing writes in groups. A write waits in the queue;
/// the thread takes every write waiting, runs each in a savepoint of one transaction, commits
/// once (one flush to disk for the whole group, with `synchronous = FULL`), and only then lets
/// each caller go on. A write that throws is rolled back to its savepoint and fails alone; the
/// others of its group still commit. Writes that arrive while a group commits form the next one,
/// so a lone write never waits for company.
///
/// A write is either waited for (`write`, from any thread but this one) or handed over with a
/// completion (`enqueue`, which returns at once: an event loop's way in). Code running on the
/// committer's thread inside a write may write and read again (`writeHere`, `readHere`): it is
/// already inside the group's transaction.
///
/// Unchecked Sendable: `queue`, `accepting` and the counters are guarded by `condition`; the
/// connection is used only on the committer's thread once it has started.
final class GroupCommitter: @unchecked Sendable {
    /// Dropped (closed) by the committer's thread when it stops.
    private var writer: Database?
    /// Checked before each group: a write to a deleted, replaced or read-only file would be
    /// answered as saved and then lost.
    private let fileWatch: DatabaseFileWatch?
    private let condition = Condition()
    private var queue: [PendingWrite] = []
    private var accepting = true
    private var stopped = false
    private var commits = 0
    private var statistics = CommitStatistics()
    /// Why writes are failing now, if it is the storage (a full disk, a file that cannot be
    /// written), and when it last failed so (monotonic): set by each such failure, cleared by the
    /// next commit that writes something, and forgotten `troubleMemory` after the last failure (an
    /// idle server whose disk was freed must not report a full disk for ever; if it is still full,
    /// the next write says so again).
    private var trouble: (kind: WriteTrouble, at: UInt64)?
    static let troubleMemory: UInt64 = 60_000_000_000
    private let threadID = Atomic<UInt>(0)
    /// The most writes one group may hold: a bound on how long the first of them waits.
    static let maximumGroup = 256

    /// Throws when the system refuses the thread.
    init(writer: Database, fileWatch: DatabaseFileWatch? = nil, name: String = "gather-commit") throws {
        self.writer = writer
        self.fileWatch = fileWatch
        let started = DispatchSemaphore(value: 0)
        try DetachedThread.start(name: name) { [self] in
            threadID.store(UInt(pthread_self()), ordering: .releasing)
            started.signal()
            run()
        }
        started.wait()
    }

    /// Whether the caller is the committer's thread (inside a write of the current group).
    var isCurrentThread: Bool {
        pthread_equal(pthread_t(threadID.load(ordering: .acquiring)), pthread_self()) != 0
    }

    /// Runs `body` in the next group; returns once its group is committed (or throws its error,
    /// or the commit's). On the committer's own thread, runs it at once (see `writeHere`).
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        if isCurrentThread { return try writeHere(body) }
        return try withoutActuallyEscaping(body) { escapable in
            let pending = WaitedWrite(escapable)
            try append(pending)
            pending.done.wait()
            // The committer is done with the body; it must not outlive this call.
            pending.dropBody()
            return try pending.result()
        }
    }

    /// Queues `body` for the next group and returns at once; `completion` gets its value once
    /// the group is committed, or its error (the body's, or the commit's), on the committer's
    /// thread. Throws `closed` (and never calls `completion`) once the database is closing.
    func enqueue<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T,
                              completion: @escaping @Sendable (Result<T, any Error>) -> Void) throws {
        try append(HandedOverWrite(body, completion: completion))
    }

    /// Inside a write, on the committer's thread: `body` in a savepoint of its own, so its
    /// failure undoes only its changes.
    func writeHere<T>(_ body: (Database) throws -> T) throws -> T {
        guard let writer else { throw DatabasePoolError.closed }
        return try writer.nestedWrite(body)
    }

    /// Inside a write, on the committer's thread: a read sees the group's changes so far.
    func readHere<T>(_ body: (Database) throws -> T) throws -> T {
        guard let writer else { throw DatabasePoolError.closed }
        return try body(writer)
    }

    /// Transactions committed so far (each a group of one or more writes).
    var commitCount: Int { condition.withLock { commits } }

    /// Why writes fail now, if the storage is the cause; nil once a commit has written since, or
    /// a minute after the last such failure.
    var writeTrouble: WriteTrouble? {
        let now = DispatchTime.now().uptimeNanoseconds
        return condition.withLock { trouble.flatMap { now &- $0.at < GroupCommitter.troubleMemory ? $0.kind : nil } }
    }

    /// Remembers a storage failure (others are the write's own business).
    private func noteFailure(_ error: any Error) {
        guard let error = error as? SQLiteError, let kind = WriteTrouble(error) else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        condition.withLock { trouble = (kind, now) }
    }

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

    private func append(_ pending: PendingWrite) throws {
        condition.lock()
        defer { condition.unlock() }
        guard accepting else { throw DatabasePoolError.closed }
        queue.append(pending)
        condition.signal()
    }

    private func run() {
        while let group = nextGroup(), let writer {
            commit(group, on: writer)
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
        if let problem = fileWatch?.problem() {
            for pending in group { pending.finish(.failure(problem)) }
            return
        }
        /// Writes whose changes wait in the open transaction for the commit.
        var inTransaction: [PendingWrite] = []
        // A commit that wrote nothing (every write refused before it changed a row) proves nothing
        // about the disk: only one that changed rows clears a storage failure.
        let changesBefore = writer.totalChanges
        for pending in group {
            if !writer.isInTransaction {
                do {
                    try writer.execute(Database.TransactionKind.immediate.rawValue)
                } catch {
                    noteFailure(error)
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
                noteFailure(error)
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
            let flushStarted = DispatchTime.now().uptimeNanoseconds
            try writer.execute("COMMIT")
            let flushSeconds = Double(DispatchTime.now().uptimeNanoseconds - flushStarted) / 1e9
            // Counted before anyone hears of it: whoever is told their write landed sees it counted.
            let wrote = writer.totalChanges > changesBefore
            condition.withLock {
                commits += 1
                statistics.writesPerCommit.observe(Double(inTransaction.count))
                statistics.commitSeconds.observe(flushSeconds)
                if wrote { trouble = nil }
            }
            for pending in inTransaction { pending.finish(.success(())) }
        } catch {
            noteFailure(error)
            condition.withLock { statistics.failedCommits += 1 }
            try? writer.execute("ROLLBACK")
            for pending in inTransaction { pending.finish(.failure(error)) }
        }
    }

    /// What the commits so far were like, for /metrics.
    var commitStatistics: CommitStatistics { condition.withLock { statistics } }
}

/// The group commits of a database: how many writes shared each one and how long its COMMIT
/// (with `synchronous = FULL`, the flush to disk) took.
package struct CommitStatistics: Sendable, Equatable {
    package var writesPerCommit = Histogram(bounds: [1, 2, 4, 8, 16, 32, 64, 128, 256])
    package var commitSeconds = Histogram(bounds: Histogram.seconds)
    package var failedCommits: UInt64 = 0
}

/// Why the database's writes are failing, when the storage is the cause: what `/health` reports.
package enum WriteTrouble: Sendable, Equatable, CustomStringConvertible {
    /// No space left (`SQLITE_FULL`): reads go on; writes are refused with 507 until space returns.
    case diskFull
    /// The file or its file system cannot be written (read-only, an I/O error).
    case unwritable

    init?(_ error: SQLiteError) {
        if error.isDiskFull {
            self = .diskFull
        } else if error.isUnwritable {
            self = .unwritable
        } else {
            return nil
        }
    }

    package var description: String {
        switch self {
        case .diskFull: return "the disk is full: writes are refused until space is freed (reads go on)"
        case .unwritable: return "the database cannot be written (a read-only file or file system, or an I/O error): writes are refused (reads go on)"
        }
    }
}

/// A write waiting for its group: runs on the committer's thread; told once the group's fate is
/// known (exactly once).
class PendingWrite: @unchecked Sendable {
    func run(_ database: Database) throws {}
    func finish(_ outcome: Result<Void, any Error>) {}
}

/// A write whose caller waits on `done`.
private final class WaitedWrite<T>: PendingWrite, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private var body: ((Database) throws -> T)?
    /// Set on the committer's thread before `done` is signalled; read by the caller after.
    private var value: T?
    private var outcome: Result<Void, any Error> = .success(())

    init(_ body: @escaping (Database) throws -> T) {
        self.body = body
    }

    override func run(_ database: Database) throws {
        guard let body else { return }
        value = try body(database)
    }

    override func finish(_ outcome: Result<Void, any Error>) {
        self.outcome = outcome
        done.signal()
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

/// A write whose caller went on: its completion gets the value after the commit.
private final class HandedOverWrite<T: Sendable>: PendingWrite, @unchecked Sendable {
    private let body: @Sendable (Database) throws -> T
    private let completion: @Sendable (Result<T, any Error>) -> Void
    /// Touched only on the committer's thread.
    private var value: T?

    init(_ body: @escaping @Sendable (Database) throws -> T, completion: @escaping @Sendable (Result<T, any Error>) -> Void) {
        self.body = body
        self.completion = completion
    }

    override func run(_ database: Database) throws {
        value = try body(database)
    }

    override func finish(_ outcome: Result<Void, any Error>) {
        switch outcome {
        case .success:
            guard let value else { return completion(.failure(DatabasePoolError.closed)) }
            completion(.success(value))
        case .failure(let error):
            completion(.failure(error))
        }
    }
}
