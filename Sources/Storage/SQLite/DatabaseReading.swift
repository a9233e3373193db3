/// Reads, and nothing else: what code that must never write (or never wait, on an event loop) is
/// given instead of the whole pool.
package protocol DatabaseReading: Sendable {
    /// Runs `body` in a read transaction: a consistent snapshot.
    func read<T>(_ body: (Database) throws -> T) throws -> T
    /// Throws unless the database answers a trivial query and its file is still the one opened,
    /// writable (`DatabaseFileProblem`).
    func ping() throws
    /// Why the database's writes fail now, when the storage is the cause (`WriteTrouble`).
    var writeTrouble: WriteTrouble? { get }
}
