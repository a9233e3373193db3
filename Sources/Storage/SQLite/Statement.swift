import CSQLite

/// A prepared statement. Owned by one `Database`; reset after every use so it can be reused.
///
/// A use begins with `begin()`: a statement still running (the same SQL run again from inside
/// a `map` of it) is refused, since binding it anew would restart the outer run under its feet;
/// one left busy by anything else is reset first, so it never resumes an old run.
final class Statement {
    let handle: OpaquePointer
    private unowned let database: Database
    let sql: String
    /// Between `begin()` and the reset that ends the use.
    private var isRunning = false

    init(database: Database, sql: String) throws {
        self.database = database
        self.sql = sql
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw SQLiteError(code: code, connection: database.handle)
        }
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Runs the statement with `arguments` bound in order and returns every row.
    func query(_ arguments: [any DatabaseValueConvertible]) throws -> [Row] {
        try begin()
        defer { reset() }
        try bind(arguments)
        var rows: [Row] = []
        while try step() {
            rows.append(currentRow())
        }
        return rows
    }

    /// Runs the statement and turns each row, read in place, into a value.
    func map<T>(_ arguments: [any DatabaseValueConvertible], _ transform: (StatementRow) throws -> T) throws -> [T] {
        var values: [T] = []
        try forEach(arguments) { values.append(try transform($0)) }
        return values
    }

    /// Runs the statement and gives each row, read in place, to `body`: for rows used as they
    /// come, with no array of values made.
    func forEach(_ arguments: [any DatabaseValueConvertible], _ body: (StatementRow) throws -> Void) throws {
        try begin()
        defer { reset() }
        try bind(arguments)
        let row = StatementRow(handle: handle)
        while try step() {
            try body(row)
        }
    }

    /// Runs a statement that returns no rows.
    func execute(_ arguments: [any DatabaseValueConvertible]) throws {
        try begin()
        defer { reset() }
        try bind(arguments)
        while try step() {}
    }

    private func begin() throws {
        guard !isRunning else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "a statement run again while it is still running: \(sql)")
        }
        if sqlite3_stmt_busy(handle) != 0 {
            sqlite3_reset(handle)
        }
        isRunning = true
    }

    private func bind(_ arguments: [any DatabaseValueConvertible]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard arguments.count == expected else {
            throw SQLiteError(code: SQLITE_RANGE, message: "\(arguments.count) arguments for \(expected) parameters in: \(sql)")
        }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch argument.databaseValue {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let value):
                code = sqlite3_bind_int64(handle, index, value)
            case .real(let value):
                code = sqlite3_bind_double(handle, index, value)
            case .text(let value):
                // The byte count, not -1: with -1 SQLite stops at the first NUL, so `a\0b` would bind as `a`.
                code = value.withCString { sqlite3_bind_text(handle, index, $0, Int32(value.utf8.count), csqlite_transient()) }
            case .blob(let value):
                code = value.withUnsafeBytes { bytes in
                    sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
                }
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: database.handle) }
        }
    }

    private func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: sqlite3_extended_errcode(database.handle), connection: database.handle)
        }
    }

    private func currentRow() -> Row {
        let count = sqlite3_column_count(handle)
        var values: [DatabaseValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER:
                values.append(.integer(sqlite3_column_int64(handle, column)))
            case SQLITE_FLOAT:
                values.append(.real(sqlite3_column_double(handle, column)))
            case SQLITE_TEXT:
                let bytes = sqlite3_column_text(handle, column)
                let length = Int(sqlite3_column_bytes(handle, column))
                let text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
                values.append(.text(text))
            case SQLITE_BLOB:
                let length = Int(sqlite3_column_bytes(handle, column))
                if let pointer = sqlite3_column_blob(handle, column), length > 0 {
                    values.append(.blob(Array(UnsafeRawBufferPointer(start: pointer, count: length))))
                } else {
                    values.append(.blob([]))
                }
            default:
                values.append(.null)
            }
        }
        return Row(values: values)
    }

    private func reset() {
        isRunning = false
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
