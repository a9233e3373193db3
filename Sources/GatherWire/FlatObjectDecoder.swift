/// Runs a type's own `init(from:)` over a `FlatJSONObject`, so the fast way in needs no second
/// copy of any type's decoding rules.
///
/// It answers only what it can answer as `JSONDecoder` would: strings, integers, booleans and
/// null by key. Anything else (a nested container, a date, a value of another type than the one
/// asked for) throws `FlatObjectDecoder.NotFlat`; so does any error at all, in effect, because
/// `WireFormat.decode` then decodes the body again with `JSONDecoder`, which names the error.
struct FlatObjectDecoder: Decoder {
    /// This decoder cannot answer; `JSONDecoder` will.
    struct NotFlat: Error {}

    let object: FlatJSONObject
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Members(object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw NotFlat()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw NotFlat()
    }

    private struct Members<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: FlatJSONObject
        var codingPath: [any CodingKey] { [] }

        var allKeys: [Key] {
            object.members.keys.compactMap { Key(stringValue: $0) }
        }

        func contains(_ key: Key) -> Bool {
            object.members[key.stringValue] != nil
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard let value = object.members[key.stringValue] else { throw NotFlat() }
            return value == .null
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            guard case .bool(let value) = object.members[key.stringValue] else { throw NotFlat() }
            return value
        }

        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            guard case .string(let value) = object.members[key.stringValue] else { throw NotFlat() }
            return value
        }

        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            guard case .integer(let value) = object.members[key.stringValue] else { throw NotFlat() }
            return value
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            // Our body types ask for these three through the generic entry too (`decodeIfPresent`).
            if T.self == String.self, let value = try decode(String.self, forKey: key) as? T { return value }
            if T.self == Int.self, let value = try decode(Int.self, forKey: key) as? T { return value }
            if T.self == Bool.self, let value = try decode(Bool.self, forKey: key) as? T { return value }
            throw NotFlat()
        }

        // The standard library's own `decodeIfPresent` asks `contains`, then `decodeNil`, then the
        // generic `decode`: three lookups of the key and a dynamic cast, for every optional field.
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            try isAbsentOrNull(key) ? nil : decode(type, forKey: key)
        }

        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
            try isAbsentOrNull(key) ? nil : decode(type, forKey: key)
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
            try isAbsentOrNull(key) ? nil : decode(type, forKey: key)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            try isAbsentOrNull(key) ? nil : decode(type, forKey: key)
        }

        /// Where `JSONDecoder`'s `decodeIfPresent` answers nil, whatever the type asked for.
        private func isAbsentOrNull(_ key: Key) -> Bool {
            (object.members[key.stringValue] ?? .null) == .null
        }

        // Numbers of other widths, and floating point, are not in our request bodies: let the
        // general decoder answer them, with its own range and rounding rules.
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw NotFlat() }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw NotFlat() }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw NotFlat() }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw NotFlat() }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw NotFlat() }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { throw NotFlat() }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw NotFlat() }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw NotFlat() }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw NotFlat() }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw NotFlat() }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw NotFlat() }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                   forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw NotFlat()
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw NotFlat()
        }

        func superDecoder() throws -> any Decoder { throw NotFlat() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw NotFlat() }
    }
}
