import FoundationEssentials

/// One result row, read by column index. A value of the wrong type is a corrupt store: it throws.
package struct Row: Sendable, RowReading {
    package let values: [DatabaseValue]

    package func int(_ index: Int) throws -> Int {
        guard case .integer(let value) = values[index] else { throw RowError.unexpected(index, values[index]) }
        return Int(value)
    }

    package func optionalInt(_ index: Int) throws -> Int? {
        if case .null = values[index] { return nil }
        return try int(index)
    }

    package func string(_ index: Int) throws -> String {
        guard case .text(let value) = values[index] else { throw RowError.unexpected(index, values[index]) }
        return value
    }

    package func optionalString(_ index: Int) throws -> String? {
        if case .null = values[index] { return nil }
        return try string(index)
    }

    /// A REAL, or an INTEGER read as one.
    package func double(_ index: Int) throws -> Double {
        switch values[index] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw RowError.unexpected(index, values[index])
        }
    }

    package func blob(_ index: Int) throws -> [UInt8] {
        guard case .blob(let value) = values[index] else { throw RowError.unexpected(index, values[index]) }
        return value
    }
}

package enum RowError: Error, CustomStringConvertible {
    case unexpected(Int, DatabaseValue)

    package var description: String {
        switch self {
        case let .unexpected(index, value): return "unexpected value \(value) in column \(index)"
        }
    }
}
