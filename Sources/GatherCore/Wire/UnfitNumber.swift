import Foundation

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
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return path(in: root, at: [])
    }

    private static func path(in value: Any, at path: [String]) -> String? {
        switch value {
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                if let found = Self.path(in: object[key] as Any, at: path + [key]) { return found }
            }
            return nil
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = Self.path(in: element, at: path + [String(index)]) { return found }
            }
            return nil
        case let number as NSNumber where !(value is String):
            return isWholeInt(number) ? nil : path.joined(separator: ".")
        default:
            return nil
        }
    }

    private static func isWholeInt(_ number: NSNumber) -> Bool {
        // 2^63 itself is a Double that Int cannot hold: the range check is on the open side.
        let double = number.doubleValue
        return double.isFinite && double.rounded(.towardZero) == double && double >= -0x1p63 && double < 0x1p63
    }
}
