import FoundationEssentials
import GatherText

/// The one definition of how values travel as JSON between server, client and scripts.
package enum WireFormat {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in try InternetDate.encode(date, to: encoder) }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in try InternetDate.decode(from: decoder) }
        return decoder
    }

    package static func encode<T: Encodable>(_ value: T) -> Data {
        do {
            return try encoder().encode(value)
        } catch {
            // Our own wire types contain only strings, numbers, dates and UUIDs: encoding cannot fail.
            preconditionFailure("encoding \(T.self) failed: \(error)")
        }
    }

    /// Decodes a request body, turning every failure into a `ValidationError` that names the field.
    /// A flat object (the usual body) is read by `FlatJSONObject`; anything else, and any body that
    /// fails there, by `JSONDecoder`, so the result and every error are the same either way.
    /// A body that stacks more accents than any text may is refused before either (`StackedAccents`),
    /// and so is one that gives a key twice in an object (`DuplicateKeys`).
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ValidationError) -> T {
        try decode(type, from: data, asData: { data })
    }

    /// As `decode(_:from:)` for a `Data`; a flat body is read in place, without a copy.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(ValidationError) -> T {
        try decode(type, from: bytes, asData: { Data(bytes) })
    }

    private static func decode<T: Decodable>(_ type: T.Type, from bytes: some ContiguousBytes,
                                             asData: () -> Data) throws(ValidationError) -> T {
        // The screen comes first: a type's own checks compare values with its enums' names, as
        // slow as hashing them. A flat object has no key twice (its reader gives up on one, its
        // keys compared as `DuplicateKeys` compares them), so only a body it does not take is
        // scanned for one: a quarter of the decoding of a player.
        let (refusal, flat) = bytes.withUnsafeBytes { buffer -> (ValidationError?, T?) in
            if StackedAccents.exceedLimit(in: buffer) { return (stackedAccents, nil) }
            if let object = FlatJSONObject.parse(buffer) { return (nil, decodeFlat(type, from: object)) }
            if let key = DuplicateKeys.first(in: buffer) { return (duplicateKey(key), nil) }
            return (nil, nil)
        }
        if let refusal { throw refusal }
        if let flat { return flat }
        return try decodeWithFoundation(type, from: asData())
    }

    /// A key given twice in one object: which of the two is meant depends on who reads it.
    static func duplicateKey(_ key: String) -> ValidationError {
        // A key may be anything a client sent: the reason shows its start only.
        let shown = key.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(key.unicodeScalars.prefix(40))) + "…" : key
        return ValidationError(field: nil, message: "the key \"\(shown)\" appears twice in one object of the body")
    }

    static let stackedAccents = ValidationError(
        field: nil, message: "text in the body must not stack more than \(CombiningRun.limit) accents on one letter")

    /// The value, when the body is a flat object that `T` decodes from without any error.
    static func decodeFlat<T: Decodable>(_ type: T.Type, from object: FlatJSONObject) -> T? {
        try? T(from: FlatObjectDecoder(object: object))
    }

    static func decodeWithFoundation<T: Decodable>(_ type: T.Type, from data: Data) throws(ValidationError) -> T {
        do {
            return try decoder().decode(type, from: data)
        } catch let error as ValidationError {
            throw error
        } catch let error as DecodingError {
            throw validationError(for: error, body: data)
        } catch {
            throw ValidationError(field: nil, message: "body is not valid JSON")
        }
    }

    static func validationError(for error: DecodingError, body data: Data? = nil) -> ValidationError {
        switch error {
        case let .keyNotFound(key, _):
            return ValidationError(field: key.stringValue, message: "is required")
        case let .valueNotFound(_, context):
            guard let field = fieldName(context.codingPath) else {
                return ValidationError(field: nil, message: "body must be a JSON object")
            }
            return ValidationError(field: field, message: "must not be null")
        case let .typeMismatch(type, context):
            guard let field = fieldName(context.codingPath) else {
                return ValidationError(field: nil, message: "body must be a JSON object")
            }
            return ValidationError(field: field, message: "must be \(typeDescription(type))")
        case let .dataCorrupted(context):
            guard let field = fieldName(context.codingPath) else {
                if let data, let path = UnfitNumber.path(in: data) {
                    return ValidationError(field: path.isEmpty ? nil : path, message: "must be a whole number")
                }
                return ValidationError(field: nil, message: "body is not valid JSON")
            }
            if context.underlyingError is InternetDate.NotADate {
                return ValidationError(field: field, message: InternetDate.NotADate.expectation)
            }
            return ValidationError(field: field, message: "is not a valid value")
        @unknown default:
            return ValidationError(field: nil, message: "body is not valid JSON")
        }
    }

    private static func fieldName(_ path: [any CodingKey]) -> String? {
        guard !path.isEmpty else { return nil }
        return path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func typeDescription(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        case is Double.Type: return "a number"
        default:
            // Our Swift type names mean nothing to a caller: say what JSON it wanted.
            let name = String(describing: type)
            if name.hasPrefix("Dictionary<") { return "an object" }
            if name.hasPrefix("Array<") { return "a list" }
            return "of type \(name)"
        }
    }
}

/// The error body of every 4xx/5xx answer, in the original backend's shape.
package struct ErrorBody: Hashable, Sendable, Codable {
    package var error: Bool
    package var reason: String
    /// The players a refusal is about, when it is about some (an addition to the original shape).
    package var playerIDs: [Int]?

    package init(reason: String, playerIDs: [Int]? = nil) {
        self.error = true
        self.reason = reason
        self.playerIDs = playerIDs
    }

    enum CodingKeys: String, CodingKey { case error, reason, playerIDs = "playerIds" }
}

/// The body of `GET /health`.
package struct HealthStatus: Hashable, Sendable, Codable {
    package var status: String
    /// Why the server is unavailable, when it knows (absent while healthy).
    package var reason: String?
    package init(status: String, reason: String? = nil) {
        self.status = status
        self.reason = reason
    }
}

extension ErrorBody: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("error") { $0.bool(error) }
            if let playerIDs { object.field("playerIds") { $0.array(playerIDs) } }
            object.field("reason") { $0.string(reason) }
        }
    }
}

extension HealthStatus: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            if let reason { object.field("reason") { $0.string(reason) } }
            object.field("status") { $0.string(status) }
        }
    }
}
