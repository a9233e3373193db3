import CSQLite

/// Settings of the SQLite library for the whole process, made once before the first connection
/// opens (SQLite takes them only before it initialises itself).
enum SQLiteLibrary {
    /// Memory statistics off (`SQLITE_CONFIG_MEMSTATUS`): kept on, every allocation and release
    /// on every connection takes one process-wide mutex, which the event loops' readers and the
    /// writer would all queue on. Nothing here reads the statistics. The result code, for tests:
    /// `SQLITE_MISUSE` if something in the process had started SQLite first.
    static let configured: Int32 = csqlite_turn_off_memory_statistics()
}
