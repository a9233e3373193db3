import GatherText

extension KeyedDecodingContainer {
    /// Decodes a string-backed enum, naming the allowed values when the string is not one of them.
    package func decodeEnumIfPresent<E: RawRepresentable & CaseIterable>(_ type: E.Type, forKey key: Key) throws -> E?
    where E.RawValue == String {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = E(rawValue: raw) else {
            let allowed = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ValidationError(field: key.stringValue, message: "must be one of \(allowed)")
        }
        return value
    }
}

extension KeyedDecodingContainer {
    /// Decodes an integer field. The JSON decoder reports a fractional or out-of-range number with
    /// an internal error that names no field; the document itself was already parsed by then, so
    /// any failure here is about this value.
    package func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch {
            throw ValidationError(field: key.stringValue, message: "must be a whole number")
        }
    }
}
