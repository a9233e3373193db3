import CSQLite

/// One SQLite connection. Not thread-safe: a `DatabasePool` hands it to one thread at a time.
/// Prepared statements are cached by their SQL text and reused.
package final class Database {
    package enum Mode {
        case readWrite
        case readOnly
    }

    let handle: OpaquePointer
    package let path: String
    private var statements: [String: Statement] = [:]

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    package static let defaultBusyTimeoutMilliseconds: Int32 = 5_000

    package init(path: String, mode: Mode = .readWrite,
                busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds) throws {
        _ = SQLiteLibrary.configured
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// A cached prepared statement for `sql`.
    func statement(_ sql: String) throws -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    package func query(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws -> [Row] {
        try statement(sql).query(arguments)
    }

    /// Each row, read where it lies, turned into a value: for the reads that return many rows.
    package func map<T>(_ sql: String, _ arguments: any DatabaseValueConvertible..., transform: (StatementRow) throws -> T) throws -> [T] {
        try statement(sql).map(arguments, transform)
    }

    /// Each row, read in place, given to `body` as it comes (valid only during the call).
    package func forEach(_ sql: String, _ arguments: any DatabaseValueConvertible..., body: (StatementRow) throws -> Void) throws {
        try statement(sql).forEach(arguments, body)
    }

    package func execute(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws {
        try statement(sql).execute(arguments)
    }

    /// Runs a script of constant statements (schema, pragmas). Never used with values.
    package func executeScript(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "script failed"
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text)
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes(handle)) }
    /// Rows changed by every statement since the connection opened.
    package var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    package enum TransactionKind: String {
        /// Takes the write lock at once, so a transaction never fails half-way on a lock upgrade.
        case immediate = "BEGIN IMMEDIATE"
        /// A read snapshot that lasts until the end of the transaction.
        case deferred = "BEGIN DEFERRED"
    }

    /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
    /// BEGIN and COMMIT are prepared once, like every other statement: parsing them again for
    /// every request was a tenth of the cost of a small read.
    package func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try execute(kind.rawValue)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK")
            }
            throw error
        }
    }

    /// Inside a write transaction: `body` in a savepoint of it, rolled back alone if it throws,
    /// committed with the transaction otherwise.
    func nestedWrite<T>(_ body: (Database) throws -> T) throws -> T {
        try execute("SAVEPOINT nested_write")
        do {
            let value = try body(self)
            try execute("RELEASE nested_write")
            return value
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK TO nested_write")
                try? execute("RELEASE nested_write")
            }
            throw error
        }
    }

    /// The value of `PRAGMA user_version`, the schema version.
    package func userVersion() throws -> Int {
        try query("PRAGMA user_version").first?.int(0) ?? 0
    }
}
