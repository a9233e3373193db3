import Storage

/// The database as a handler on a worker (or the committer's thread) has it: reads that may wait
/// for a read connection, each stopped at `readBudget` (503 then), and writes that wait for their
/// group commit. Code on an event loop gets `LoopReads` instead, which has no way to wait.
struct WorkerDatabase: DatabaseReading {
    let pool: DatabasePool
    let readBudget: Duration

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.read(within: readBudget, body)
    }

    @discardableResult
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.write(body)
    }

    func ping() throws {
        try pool.ping()
    }

    var writeTrouble: WriteTrouble? { pool.writeTrouble }
}

/// What a quick route's handler reads with: on the event loop, that loop's own connection
/// (`DedicatedReader`: no connection, lock or writer to wait for, stopped at its budget); when the
/// loop gave the request up, on a worker, the workers' database. Nothing else can be one: a
/// `DatabasePool`, whose reads may wait, never reaches a loop handler.
struct LoopReads: DatabaseReading {
    private enum Source {
        case loop(DedicatedReader)
        case worker(WorkerDatabase)
    }

    private let source: Source

    /// On the event loop.
    static func loop(_ reader: DedicatedReader) -> LoopReads { LoopReads(source: .loop(reader)) }

    /// On a worker, for a quick read the loop handed over.
    static func worker(_ database: WorkerDatabase) -> LoopReads { LoopReads(source: .worker(database)) }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        switch source {
        case .loop(let reader): return try reader.read(body)
        case .worker(let database): return try database.read(body)
        }
    }

    func ping() throws {
        switch source {
        case .loop(let reader): try reader.ping()
        case .worker(let database): try database.ping()
        }
    }

    var writeTrouble: WriteTrouble? {
        switch source {
        case .loop(let reader): return reader.writeTrouble
        case .worker(let database): return database.writeTrouble
        }
    }
}
