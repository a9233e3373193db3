/// Header fields in arrival order. Names compare case-insensitively (RFC 9110 §5.1).
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    package private(set) var fields: [(name: String, value: String)] = []

    /// The field names this project reads or writes, spelled once.
    package enum Name {
        package static let allow = "Allow"
        package static let authorization = "Authorization"
        package static let connection = "Connection"
        package static let contentLength = "Content-Length"
        package static let contentType = "Content-Type"
        package static let cacheControl = "Cache-Control"
        package static let etag = "ETag"
        package static let ifNoneMatch = "If-None-Match"
        package static let ifMatch = "If-Match"
        package static let date = "Date"
        package static let expect = "Expect"
        package static let host = "Host"
        package static let link = "Link"
        package static let location = "Location"
        package static let retryAfter = "Retry-After"
        package static let transferEncoding = "Transfer-Encoding"
        package static let userAgent = "User-Agent"
        package static let wwwAuthenticate = "WWW-Authenticate"
        package static let xForwardedFor = "X-Forwarded-For"
    }

    package init() {}

    package init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name: name, value: value) }
    }

    /// Room for `count` fields, so that adding them does not grow the storage again and again.
    package mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    package mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    /// Replaces every field of that name with one field.
    package mutating func set(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    package mutating func remove(name: String) {
        fields.removeAll { HTTPHeaders.sameName($0.name, name) }
    }

    /// The first value of a field.
    package subscript(name: String) -> String? {
        fields.first { HTTPHeaders.sameName($0.name, name) }?.value
    }

    /// Every value of a field, with comma-separated lists split and trimmed (RFC 9110 §5.3).
    package func values(of name: String) -> [String] {
        var values: [String] = []
        for field in fields where HTTPHeaders.sameName(field.name, name) {
            let utf8 = field.value.utf8
            // Most values are one element, already trimmed by the parser (`Content-Length: 42`):
            // taken as they are, without the splitting and trimming that made a lookup cost as
            // much as the rest of a request's head.
            if let first = utf8.first, let last = utf8.last, !OptionalWhitespace.isWhitespace(first),
               !OptionalWhitespace.isWhitespace(last), !utf8.contains(UInt8(ascii: ",")) {
                values.append(field.value)
                continue
            }
            for element in field.value.split(separator: ",") {
                let trimmed = OptionalWhitespace.trim(String(element))
                if !trimmed.isEmpty { values.append(trimmed) }
            }
        }
        return values
    }

    package func contains(name: String) -> Bool { self[name] != nil }

    /// How many fields have that name.
    package func count(of name: String) -> Int {
        var count = 0
        for field in fields where HTTPHeaders.sameName(field.name, name) { count += 1 }
        return count
    }

    /// Whether a list-valued field (`Connection`, `Expect`…) holds a token, ignoring case.
    package func containsToken(_ token: String, in name: String) -> Bool {
        values(of: name).contains { $0.lowercased() == token.lowercased() }
    }

    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// ASCII case-insensitive, without allocating: field names are tokens (RFC 9110 §5.1), and this
    /// runs for every field on every lookup of every request.
    static func sameName(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { first in
            b.withUTF8 { second in
                // By index: faster here than `ASCIICaseless.equal`'s iterators (bench-check +0.3 %).
                for index in 0..<first.count where ASCIICaseless.lowercased(first[index]) != ASCIICaseless.lowercased(second[index]) {
                    return false
                }
                return true
            }
        }
    }
}
