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
    /// A text column's bytes given to `parse`, nil if NULL: a value read from text without a
    /// string made for it where the row allows (a roster's skills and positions).
    func optionalText<Value>(_ index: Int, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?) throws -> Value?
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
/// receives it (`Database.map`).
package struct StatementRow: RowReading {
    let handle: OpaquePointer

    package func int(_ index: Int) throws -> Int {
        let column = Int32(index)
        guard sqlite3_column_type(handle, column) == SQLITE_INTEGER else { throw RowError.unexpected(index, value(column)) }
        return Int(sqlite3_column_int64(handle, column))
    }

    // The optional reads ask for the column's type once (a roster asks for four a player).
    package func optionalInt(_ index: Int) throws -> Int? {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return Int(sqlite3_column_int64(handle, column))
        default: throw RowError.unexpected(index, value(column))
        }
    }

    package func string(_ index: Int) throws -> String {
        let column = Int32(index)
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT else { throw RowError.unexpected(index, value(column)) }
        return text(column)
    }

    package func optionalString(_ index: Int) throws -> String? {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT: return text(column)
        default: throw RowError.unexpected(index, value(column))
        }
    }

    package func optionalText<Value>(_ index: Int, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?) throws -> Value? {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT:
            guard let bytes = sqlite3_column_text(handle, column) else { return parse(UnsafeBufferPointer(start: nil, count: 0)) }
            return parse(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
        default: throw RowError.unexpected(index, value(column))
        }
    }

    private func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    /// The column as a value, for an error's description.
    func value(_ column: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return .text(text(column))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(handle, column))
            guard let pointer = sqlite3_column_blob(handle, column), length > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: length)))
        default: return .null
        }
    }
}
