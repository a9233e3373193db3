/// The one reading of `Content-Length` (RFC 9110 §8.6), for requests and responses: every value
/// (repeated fields or a list) the same, and decimal digits only.
enum ContentLength {
    enum Problem: Error {
        case conflicting
        case malformed
        /// More than 18 digits: no size anyone accepts, and past what an `Int` holds.
        case tooLong
    }

    /// The length, nil without the field.
    static func value(in headers: HTTPHeaders) throws(Problem) -> Int? {
        guard headers.contains(name: "Content-Length") else { return nil }
        let values = headers.values(of: "Content-Length")
        guard let first = values.first, values.allSatisfy({ $0 == first }) else { throw .conflicting }
        guard first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { throw .malformed }
        guard first.utf8.count <= 18, let length = Int(first) else { throw .tooLong }
        return length
    }
}
