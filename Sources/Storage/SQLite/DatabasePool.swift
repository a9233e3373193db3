import Dispatch
import FoundationEssentials
import Glibc
import Locking
import Synchronization

/// The store's connections: one writer and a few read-only connections that run concurrently
/// with it thanks to WAL. Every call runs in a transaction.
///
/// A file database commits durably: `synchronous = FULL` flushes the WAL to disk at every commit,
/// so a write that returned survives a power cut, not only a crash of the process. Writes go
/// through a `GroupCommitter`: those that arrive together share one transaction and one flush,
/// each returning only after it, each in its own savepoint (one failing does not fail the others).
///
/// Unchecked Sendable: the writer is used by the committer's thread only (or, for a memory
/// database, under `writerLock`); a reader is used only after being taken out of `idleReaders`
/// under `readersLock`, so no two threads ever use one connection at once.
package final class DatabasePool: DatabaseReading, @unchecked Sendable {
    package struct Configuration: Sendable {
        package var readerCount: Int
        package var busyTimeoutMilliseconds: Int32
        /// Whether the writer checkpoints the WAL by itself (SQLite's automatic checkpoint, every
        /// 1000 pages); false leaves checkpoints to a replicator that makes them (Litestream).
        package var checkpointsItself: Bool
        /// Whether an older file is copied as it was before it is migrated (`MigrationCopy`);
        /// false for a copy that is itself thrown away (a restore's trial).
        package var keepsCopyBeforeMigrating: Bool

        package init(readerCount: Int = 4, busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds,
                     checkpointsItself: Bool = true, keepsCopyBeforeMigrating: Bool = true) {
            self.readerCount = readerCount
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.checkpointsItself = checkpointsItself
            self.keepsCopyBeforeMigrating = keepsCopyBeforeMigrating
        }
    }

    package let path: String
    /// Nil for a memory database.
    private let fileWatch: DatabaseFileWatch?
    /// The schema version the file had when it was opened (0 for a new file).
    package let migratedFrom: Int
    /// The writer of a memory database, used under `writerLock` by reads and writes alike.
    private var writer: Database?
    private let writerLock = Lock()
    /// The thread holding `writerLock` (0: none): a write or read inside one of its writes runs in
    /// it, as on the committer's thread, instead of waiting for the lock it holds itself.
    private let writerHolder = Atomic<UInt>(0)
    /// A file database's writer, on its own thread.
    private let committer: GroupCommitter?
    private var idleReaders: [Database] = []
    /// Given out by `dedicatedReader`, closed with the pool.
    private var dedicatedReaders: [DedicatedReader] = []
    private var isClosed = false
    private let readersLock = Lock()
    private let readerSlots: DispatchSemaphore
    private let usesReaders: Bool

    package static let inMemoryPath = ":memory:"
    /// How much of the file each reader maps at most (address space, not memory: pages are the
    /// page cache's, shared).
    static let readerMapBytes = 256 * 1024 * 1024

    /// Opens (creating the file, 0600, and its directory, 0700, if needed), checks the schema
    /// version and migrates, a copy of an older file kept first (`MigrationCopy`).
    /// A database newer than this binary throws `MigrationError.databaseTooNew` before anything is written.
    package init(path: String, configuration: Configuration = Configuration(), migrator: Migrator = Schema.migrator) throws {
        self.path = path
        let isFile = path != DatabasePool.inMemoryPath && !path.isEmpty
        usesReaders = isFile && configuration.readerCount > 0
        if isFile {
            try DatabaseFile.createPrivately(path)
        }
        let writer = try Database(path: path, mode: .readWrite, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        try migrator.checkCompatible(writer)
        if isFile {
            // WAL lets readers work while the writer writes. synchronous=FULL flushes the WAL at
            // each commit: an acknowledged result survives a power cut. Group commit pays that
            // flush once for all the writes that arrive together.
            _ = try writer.query("PRAGMA journal_mode = WAL")
            try writer.executeScript("PRAGMA synchronous = FULL")
            if !configuration.checkpointsItself { try writer.executeScript("PRAGMA wal_autocheckpoint = 0") }
        }
        try writer.executeScript("PRAGMA foreign_keys = ON")
        // An older schema: a checked copy as it is, before anything is changed (`MigrationCopy`).
        let version = try writer.userVersion()
        if isFile && configuration.keepsCopyBeforeMigrating && version > 0 && version < migrator.latestVersion {
            try MigrationCopy.take(of: path, version: version, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        }
        migratedFrom = try migrator.migrate(writer).from
        if isFile {
            fileWatch = DatabaseFileWatch(path: path)
            committer = try GroupCommitter(writer: writer, fileWatch: fileWatch)
        } else {
            fileWatch = nil
            committer = nil
            self.writer = writer
        }

        let readerCount = usesReaders ? configuration.readerCount : 0
        readerSlots = DispatchSemaphore(value: readerCount)
        for _ in 0..<readerCount {
            let reader = try Database(path: path, mode: .readOnly, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
            try reader.executeScript("PRAGMA query_only = ON")
            // Pages read through a memory map instead of copied in: after every commit a reader
            // starts its next transaction with an empty page cache, and reads follow writes all day.
            _ = try reader.query("PRAGMA mmap_size = \(DatabasePool.readerMapBytes)")
            idleReaders.append(reader)
        }
    }

    /// Runs `body` in a write transaction on the single writer connection; returns once it is
    /// committed (for a file, flushed to disk). Inside a write, it runs at once in a savepoint of
    /// that write's transaction, committed with it.
    @discardableResult
    package func write<T>(_ body: (Database) throws -> T) throws -> T {
        ReadNesting.checkNotInsideRead("a write")
        if let committer { return try committer.write(body) }
        return try withMemoryWriter { writer, nested in
            nested ? try writer.nestedWrite(body) : try writer.transaction(.immediate) { try body(writer) }
        }
    }

    /// Hands `body` to the next group of writes and returns at once: `completion` gets its value
    /// once the group is committed (flushed), or its error, on the committer's thread. For a
    /// caller that must not wait (an event loop). A memory database runs it here and now.
    package func enqueueWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T,
                                          completion: @escaping @Sendable (Result<T, any Error>) -> Void) {
        guard let committer else {
            completion(Result { try write(body) })
            return
        }
        do {
            try committer.enqueue(body, completion: completion)
        } catch {
            completion(.failure(error))
        }
    }

    /// Runs `body` in a read transaction: a consistent snapshot, concurrent with writes. Inside a
    /// write (on the committer's thread), it reads the group's own changes on the writer.
    @discardableResult
    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        try read(within: nil, body)
    }

    /// `read`, interrupted once `budget` has passed (`ReadBudgetExceeded`), waiting for a free
    /// connection included: for reads whose cost a client chooses.
    package func read<T>(within budget: Duration?, _ body: (Database) throws -> T) throws -> T {
        if let committer, committer.isCurrentThread { return try committer.readHere(body) }
        guard usesReaders else {
            // Without read connections (a memory database, a maintenance command), reads take
            // their turn on the writer.
            if let committer { return try committer.write(body) }
            return try withMemoryWriter { writer, nested in
                nested ? try body(writer) : try writer.transaction(.deferred) { try body(writer) }
            }
        }
        return try ReadNesting.read("a read") { try readOnReader(within: budget.map(ReadDeadline.init(after:)), body) }
    }

    /// `read` on one of the read connections, waiting for one until `deadline`.
    private func readOnReader<T>(within deadline: ReadDeadline?, _ body: (Database) throws -> T) throws -> T {
        if let deadline {
            guard readerSlots.wait(timeout: deadline.dispatchTime) == .success else {
                throw ReadBudgetExceeded(budget: deadline.budget)
            }
        } else {
            readerSlots.wait()
        }
        readersLock.lock()
        let reader = idleReaders.popLast()
        readersLock.unlock()
        defer {
            if let reader {
                readersLock.lock()
                if !isClosed { idleReaders.append(reader) }
                readersLock.unlock()
            }
            readerSlots.signal()
        }
        guard let reader else { throw DatabasePoolError.closed }
        guard let deadline else { return try reader.transaction(.deferred) { try body(reader) } }
        return try reader.within(deadline) { try reader.transaction(.deferred) { try body(reader) } }
    }

    /// The memory database's one connection, taken under `writerLock`; `nested` when this thread
    /// already holds it (a write's handler writing or reading again).
    private func withMemoryWriter<T>(_ body: (Database, _ nested: Bool) throws -> T) throws -> T {
        if writerHolder.load(ordering: .acquiring) == UInt(pthread_self()) {
            guard let writer else { throw DatabasePoolError.closed }
            return try body(writer, true)
        }
        writerLock.lock()
        writerHolder.store(UInt(pthread_self()), ordering: .releasing)
        defer {
            writerHolder.store(0, ordering: .releasing)
            writerLock.unlock()
        }
        guard let writer else { throw DatabasePoolError.closed }
        return try body(writer, false)
    }

    /// A read-only connection for one thread alone (an event loop's), whose reads never wait and
    /// stop at `budget`: see `DedicatedReader`. A database without read connections (a memory
    /// database, used by tests) has none to give: its reads take their short turn on the writer.
    package func dedicatedReader(budget: Duration) throws -> any DatabaseReading {
        guard usesReaders else { return self }
        return try openDedicatedReader(budget: budget)
    }

    /// The same for an event loop, which must never wait: nil for a database without read
    /// connections (a memory database's reads wait for its writer).
    package func loopReader(budget: Duration) throws -> DedicatedReader? {
        guard usesReaders else { return nil }
        return try openDedicatedReader(budget: budget)
    }

    private func openDedicatedReader(budget: Duration) throws -> DedicatedReader {
        let reader = try DedicatedReader(path: path, budget: budget, fileWatch: fileWatch, committer: committer)
        readersLock.lock()
        defer { readersLock.unlock() }
        guard !isClosed else { throw DatabasePoolError.closed }
        dedicatedReaders.append(reader)
        return reader
    }

    /// Throws unless a read connection answers a trivial query and the file at `path` is still
    /// the one opened, writable (`DatabaseFileProblem`).
    package func ping() throws {
        if let problem = fileWatch?.problem() { throw problem }
        _ = try read { try $0.query("SELECT 1") }
    }

    /// Why writes fail now, when the storage is the cause (a full disk, an unwritable file); nil
    /// while they land, and once one has landed again.
    package var writeTrouble: WriteTrouble? { committer?.writeTrouble }

    /// The group commits so far (nil for a memory database, which has none).
    package var commitStatistics: CommitStatistics? { committer?.commitStatistics }

    /// Closes every connection (readers first, so the writer's close checkpoints the WAL).
    /// Later calls throw `DatabasePoolError.closed`.
    package func close() {
        readersLock.lock()
        isClosed = true
        idleReaders.removeAll()
        let dedicated = dedicatedReaders
        dedicatedReaders.removeAll()
        readersLock.unlock()
        for reader in dedicated { reader.close() }
        committer?.stop()
        writerLock.lock()
        writer = nil
        writerLock.unlock()
    }

    /// Transactions the committer has committed (each one group of writes); 0 for a memory database.
    package var groupCommitCount: Int { committer?.commitCount ?? 0 }

    /// Writes waiting for the group being committed to finish; 0 for a memory database.
    package var waitingWriteCount: Int { committer?.waitingCount ?? 0 }
}

package enum DatabasePoolError: Error, CustomStringConvertible {
    case closed

    package var description: String { "the database is closed" }
}
