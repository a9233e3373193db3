/// Bytes compared with a literal: a stored enumeration read without a string made for it.
extension UnsafeBufferPointer where Element == UInt8 {
    package func equals(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { literal in
            guard literal.count == count else { return false }
            for index in 0..<count where self[index] != literal[index] { return false }
            return true
        }
    }
}
