/// Writes a request head and body as bytes, for the client: `Host` and the body's framing are its
/// own, so a caller cannot send them twice or contradict them.
package enum HTTPRequestSerializer {
    /// A header the caller gave that would break the message: a line break or NUL in it would
    /// start a header (or a request) of its own.
    package struct InvalidHeader: Error, Equatable, CustomStringConvertible {
        package let name: String
        package var description: String { "the \(name) header holds a line break or NUL" }
    }

    /// - Parameter host: the `Host` value, `host:port`.
    package static func serialize(method: HTTPMethod, target: String, host: String, headers: HTTPHeaders,
                                 body: [UInt8]) throws(InvalidHeader) -> [UInt8] {
        var head = "\(method.rawValue) \(target) HTTP/1.1\r\n\(HTTPHeaders.Name.host): \(host)\r\n"
        for (name, value) in headers where !isFramingHeader(name) {
            guard !(name + value).utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw InvalidHeader(name: name)
            }
            head += "\(name): \(value)\r\n"
        }
        // POST and PUT say their length even when empty, so no server has to guess (RFC 9110 §8.6).
        if !body.isEmpty || method == .post || method == .put {
            head += "\(HTTPHeaders.Name.contentLength): \(body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    private static let framingHeaders = [HTTPHeaders.Name.host, HTTPHeaders.Name.contentLength, HTTPHeaders.Name.transferEncoding]

    private static func isFramingHeader(_ name: String) -> Bool {
        framingHeaders.contains { HTTPHeaders.sameName(name, $0) }
    }
}
