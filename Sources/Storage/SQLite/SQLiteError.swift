import CSQLite

/// A failure reported by SQLite, with its primary result code and message.
package struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (e.g. SQLITE_CONSTRAINT_UNIQUE).
    package let code: Int32
    package let message: String

    package init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    init(code: Int32, connection: OpaquePointer?) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error"
        self.init(code: code, message: message)
    }

    package var primaryCode: Int32 { code & 0xFF }

    /// Another connection (or process) holds the lock longer than the busy timeout.
    package var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The disk (or the file size limit) is full: nothing could be written.
    package var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    /// The file cannot be written at all: a read-only file system or file, or an I/O error.
    package var isUnwritable: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_IOERR || primaryCode == SQLITE_CANTOPEN }
    package var isUniqueViolation: Bool { code == SQLiteError.constraintUnique || code == SQLiteError.constraintPrimaryKey }

    // Extended codes are C macros built with shifts, which Swift does not import (sqlite3.h).
    static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
    static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)

    package var description: String { "SQLite error \(code): \(message)" }
}
