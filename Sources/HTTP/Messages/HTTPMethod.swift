/// A request method. Methods are case-sensitive tokens (RFC 9110 §9.1); unknown ones are kept as they are.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    package static let get = HTTPMethod(rawValue: "GET")
    package static let head = HTTPMethod(rawValue: "HEAD")
    package static let post = HTTPMethod(rawValue: "POST")
    package static let put = HTTPMethod(rawValue: "PUT")
    package static let delete = HTTPMethod(rawValue: "DELETE")
    package static let patch = HTTPMethod(rawValue: "PATCH")
    package static let options = HTTPMethod(rawValue: "OPTIONS")

    package var description: String { rawValue }
}
