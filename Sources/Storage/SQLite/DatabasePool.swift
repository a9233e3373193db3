import Foundation

/// The store's connections: one writer, used by one thread at a time, and a few read-only
/// connections that run concurrently with it thanks to WAL. Every call runs in a transaction.
///
/// Unchecked Sendable: each connection is reached only under `writerLock` or after being taken
/// out of `idleReaders` under `readersLock`, so no two threads ever use one connection at once.
public final class DatabasePool: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var readerCount: Int
        public var busyTimeoutMilliseconds: Int32

        public init(readerCount: Int = 4, busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds) {
            self.readerCount = readerCount
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        }
    }

    public let path: String
    /// The schema version the file had when it was opened (0 for a new file).
    public let migratedFrom: Int
    private var writer: Database?
    private let writerLock = NSLock()
    private var idleReaders: [Database] = []
    private var isClosed = false
    private let readersLock = NSLock()
    private let readerSlots: DispatchSemaphore
    private let usesReaders: Bool

    public static let inMemoryPath = ":memory:"

    /// Opens (creating the file, 0600, and its directory, 0700, if needed), checks the schema version and migrates.
    /// A database newer than this binary throws `MigrationError.databaseTooNew` before anything is written.
    public init(path: String, configuration: Configuration = Configuration(), migrator: Migrator = Schema.migrator) throws {
        self.path = path
        let isFile = path != DatabasePool.inMemoryPath && !path.isEmpty
        usesReaders = isFile && configuration.readerCount > 0
        if isFile {
            try DatabaseFile.createPrivately(path)
        }
        let writer = try Database(path: path, mode: .readWrite, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        try migrator.checkCompatible(writer)
        if isFile {
            // WAL lets readers work while the writer writes. synchronous=NORMAL is WAL's recommended
            // setting: a commit survives a crash of the process; a power cut may lose the last few
            // commits but never corrupts the file.
            _ = try writer.query("PRAGMA journal_mode = WAL")
            try writer.executeScript("PRAGMA synchronous = NORMAL")
        }
        try writer.executeScript("PRAGMA foreign_keys = ON")
        migratedFrom = try migrator.migrate(writer).from
        self.writer = writer

        let readerCount = usesReaders ? configuration.readerCount : 0
        readerSlots = DispatchSemaphore(value: readerCount)
        for _ in 0..<readerCount {
            let reader = try Database(path: path, mode: .readOnly, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
            try reader.executeScript("PRAGMA query_only = ON")
            idleReaders.append(reader)
        }
    }

    /// Runs `body` in an immediate (write) transaction on the single writer connection.
    @discardableResult
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        writerLock.lock()
        defer { writerLock.unlock() }
        guard let writer else { throw DatabasePoolError.closed }
        return try writer.transaction(.immediate) { try body(writer) }
    }

    /// Runs `body` in a read transaction: a consistent snapshot, concurrent with writes.
    @discardableResult
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard usesReaders else {
            // A memory database has one connection: reads share the writer.
            writerLock.lock()
            defer { writerLock.unlock() }
            guard let writer else { throw DatabasePoolError.closed }
            return try writer.transaction(.deferred) { try body(writer) }
        }
        readerSlots.wait()
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
        return try reader.transaction(.deferred) { try body(reader) }
    }

    /// Throws unless a read connection answers a trivial query.
    public func ping() throws {
        _ = try read { try $0.query("SELECT 1") }
    }

    /// Closes every connection (readers first, so the writer's close checkpoints the WAL).
    /// Later calls throw `DatabasePoolError.closed`.
    public func close() {
        readersLock.lock()
        isClosed = true
        idleReaders.removeAll()
        readersLock.unlock()
        writerLock.lock()
        writer = nil
        writerLock.unlock()
    }
}

public enum DatabasePoolError: Error, CustomStringConvertible {
    case closed

    public var description: String { "the database is closed" }
}
