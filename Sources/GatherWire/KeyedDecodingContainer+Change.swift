extension KeyedDecodingContainer {
    /// A field of a change (`PATCH`) that may set a value, clear it with `null`, or be left out:
    /// nil when the key is absent, `.some(nil)` for `null`, else what `read` makes of the value.
    package func decodeChange<T>(forKey key: Key, _ read: () throws -> T?) throws -> T?? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .some(nil) }
        return .some(try read())
    }
}
