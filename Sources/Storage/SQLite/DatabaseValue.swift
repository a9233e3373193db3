import FoundationEssentials

/// A value as SQLite stores it.
package enum DatabaseValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Values that can be bound to a statement parameter. Every query binds its inputs this way:
/// no SQL is ever assembled from values.
package protocol DatabaseValueConvertible {
    var databaseValue: DatabaseValue { get }
}

extension Int: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(self) }
}

extension Double: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .real(self) }
}

extension String: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(self) }
}

extension Bool: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
    package var databaseValue: DatabaseValue { .blob(self) }
}

/// UUIDs are stored as their canonical upper-case text, the form the API writes.
extension UUID: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(canonicalText) }
}

/// Dates are stored as whole milliseconds since 1970.
extension Date: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(Int64((timeIntervalSince1970 * 1000).rounded())) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}

extension DatabaseValue: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { self }
}
