import FoundationEssentials

/// Where a request body holds a number no field of ours can take.
///
/// Foundation's decoder reports a number that is not a whole number, or too large for `Int`, as
/// "not valid JSON" with no field: `{"age": 25.5}` would be blamed on the whole body. Every number
/// in our request bodies is a whole one, so when the body does parse, the first number that is not
/// a whole `Int` is the one to name.
enum UnfitNumber {
    /// The path of the first such number (`playerIds.1`, `age`), "" for a bare number, or nil
    /// when the body is not JSON at all or holds no such number.
    static func path(in data: Data) -> String? {
        guard let root = try? JSONDecoder().decode(JSONShape.self, from: data) else { return nil }
        return path(in: root, at: [])
    }

    private static func path(in value: JSONShape, at path: [String]) -> String? {
        switch value {
        case .object(let members):
            for key in members.keys.sorted() {
                if let member = members[key], let found = Self.path(in: member, at: path + [key]) { return found }
            }
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = Self.path(in: element, at: path + [String(index)]) { return found }
            }
            return nil
        case .number(let isWholeInt):
            return isWholeInt ? nil : path.joined(separator: ".")
        case .other:
            return nil
        }
    }
}

/// A JSON value reduced to what `UnfitNumber` looks for: its structure and, for each number,
/// whether an `Int` field could take it.
private indirect enum JSONShape: Decodable {
    case object([String: JSONShape])
    case array([JSONShape])
    case number(isWholeInt: Bool)
    case other

    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            var members: [String: JSONShape] = [:]
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONShape.self, forKey: key)
            }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONShape] = []
            while !array.isAtEnd {
                elements.append(try array.decode(JSONShape.self))
            }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() || (try? single.decode(Bool.self)) != nil || (try? single.decode(String.self)) != nil {
                self = .other
            } else if (try? single.decode(Int.self)) != nil {
                self = .number(isWholeInt: true)
            } else {
                // 2^63 itself is a Double that Int cannot hold: the range check is on the open side.
                let double = try single.decode(Double.self)
                self = .number(isWholeInt: double.isFinite && double.rounded(.towardZero) == double
                                   && double >= -0x1p63 && double < 0x1p63)
            }
        }
    }
}
