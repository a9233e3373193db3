import CSQLite
import FoundationEssentials

/// Reads a result row by column index; the same checks whether the row was copied out (`Row`) or
/// is read in place from the statement (`StatementRow`). A value of the wrong type is a corrupt
/// store: it throws.
package protocol RowReading {
    func int(_ index: Int) throws -> Int
    func optionalInt(_ index: Int) throws -> Int?
    func string(_ index: Int) throws -> String
    func optionalString(_ index: Int) throws -> String?
}

extension RowReading {
    package func uuid(_ index: Int) throws -> UUID {
        let text = try string(index)
        guard let uuid = UUID(canonicalText: text) else { throw RowError.unexpected(index, .text(text)) }
        return uuid
    }

    /// Stored as milliseconds since 1970.
    package func date(_ index: Int) throws -> Date {
        Date(timeIntervalSince1970: Double(try int(index)) / 1000)
    }

    package func optionalDate(_ index: Int) throws -> Date? {
        try optionalInt(index).map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }
}

/// The current row of a statement being stepped, read in place: no copy of the row into values
/// first, which was most of the cost of listing a roster. Valid only inside the closure that
/// receives it (`Database.map`, `Database.forEach`).
///
/// Each read asks for the column's value once (`sqlite3_column_value`) and reads its type and
/// contents from it: every `sqlite3_column_*` call looks the column up again and checks for a
/// failed allocation on the way out, which cost half of SQLite's part of a roster. The value is
/// "unprotected" (no mutex held for it); our connections are opened without mutexes and used by
/// one thread at a time, where SQLite makes no difference between the two.
package struct StatementRow: RowReading {
    let handle: OpaquePointer

    package func int(_ index: Int) throws -> Int {
        let value = column(index)
        guard sqlite3_value_type(value) == SQLITE_INTEGER else { throw RowError.unexpected(index, StatementRow.value(value)) }
        return Int(sqlite3_value_int64(value))
    }

    // The optional reads ask for the column's type once (a roster asks for four a player).
    package func optionalInt(_ index: Int) throws -> Int? {
        let value = column(index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return Int(sqlite3_value_int64(value))
        default: throw RowError.unexpected(index, StatementRow.value(value))
        }
    }

    package func string(_ index: Int) throws -> String {
        let value = column(index)
        guard sqlite3_value_type(value) == SQLITE_TEXT else { throw RowError.unexpected(index, StatementRow.value(value)) }
        return StatementRow.text(value)
    }

    package func optionalString(_ index: Int) throws -> String? {
        let value = column(index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT: return StatementRow.text(value)
        default: throw RowError.unexpected(index, StatementRow.value(value))
        }
    }

    /// A text column's bytes given to `parse`, nil if NULL: a value read from text without a
    /// string made for it (a roster's skills and positions).
    package func optionalText<Value>(_ index: Int, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?) throws -> Value? {
        let value = column(index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT: return parse(StatementRow.bytes(value))
        default: throw RowError.unexpected(index, StatementRow.value(value))
        }
    }

    /// A text column's bytes, valid until the statement steps on: text read without a string
    /// made for it (a roster's names, written straight into its JSON).
    package func textBytes(_ index: Int) throws -> UnsafeBufferPointer<UInt8> {
        let value = column(index)
        guard sqlite3_value_type(value) == SQLITE_TEXT else { throw RowError.unexpected(index, StatementRow.value(value)) }
        return StatementRow.bytes(value)
    }

    package func optionalTextBytes(_ index: Int) throws -> UnsafeBufferPointer<UInt8>? {
        let value = column(index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT: return StatementRow.bytes(value)
        default: throw RowError.unexpected(index, StatementRow.value(value))
        }
    }

    /// The column's value in the current row. Out of range (our SQL is constant, so never), SQLite
    /// gives a NULL value, which the typed reads refuse or read as absent.
    private func column(_ index: Int) -> OpaquePointer {
        // Never nil: SQLite answers a failed allocation, as a column out of range, with a NULL value.
        guard let value = sqlite3_column_value(handle, Int32(index)) else { preconditionFailure("SQLite gave no value for column \(index)") }
        return value
    }

    /// A text value's bytes (UTF-8), valid until the statement steps again.
    private static func bytes(_ value: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
        // The pointer first: reading it may convert the value, and the count is of what it points to.
        guard let text = sqlite3_value_text(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
    }

    private static func text(_ value: OpaquePointer) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The value, for an error's description.
    private static func value(_ value: OpaquePointer) -> DatabaseValue {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT: return .text(text(value))
        case SQLITE_BLOB:
            let length = Int(sqlite3_value_bytes(value))
            guard let pointer = sqlite3_value_blob(value), length > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: length)))
        default: return .null
        }
    }
}
