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

/// What a handler answered on an event loop reads with: the loop's own connection.
typealias LoopReads = any DatabaseReading
