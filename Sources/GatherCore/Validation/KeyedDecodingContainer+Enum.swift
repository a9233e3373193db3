extension KeyedDecodingContainer {
    /// Decodes a string-backed enum, naming the allowed values when the string is not one of them.
    func decodeEnumIfPresent<E: RawRepresentable & CaseIterable>(_ type: E.Type, forKey key: Key) throws -> E?
    where E.RawValue == String {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = E(rawValue: raw) else {
            let allowed = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ValidationError(field: key.stringValue, message: "must be one of \(allowed)")
        }
        return value
    }
}
