/// Writes a response head and body as bytes, adding the framing headers the server owns.
public enum HTTPResponseSerializer {
    /// - Parameters:
    ///   - isHead: the request was HEAD: headers as for GET, no body.
    ///   - keepAlive: false adds `Connection: close`.
    ///   - forHTTP10: the request was HTTP/1.0, whose connections close after each response unless
    ///     the response says `Connection: keep-alive` (RFC 9112 §C.2.2): a kept connection says so.
    ///   - date: the `Date` value, an IMF-fixdate (see `HTTPDate`).
    public static func serialize(_ response: HTTPResponse, isHead: Bool, keepAlive: Bool, forHTTP10: Bool = false,
                                 date: String) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)\r\n"
        for (name, value) in response.headers where !isFramingHeader(name) {
            head += "\(name): \(value)\r\n"
        }
        head += "\(HTTPHeaders.Name.date): \(date)\r\n"
        if !response.status.forbidsContent {
            head += "\(HTTPHeaders.Name.contentLength): \(response.body.count)\r\n"
        }
        if !keepAlive {
            head += "\(HTTPHeaders.Name.connection): close\r\n"
        } else if forHTTP10 {
            head += "\(HTTPHeaders.Name.connection): keep-alive\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if !isHead && !response.status.forbidsContent {
            bytes.append(contentsOf: response.body)
        }
        return bytes
    }

    /// The interim response to `Expect: 100-continue`.
    public static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private static let framingHeaders = [HTTPHeaders.Name.contentLength, HTTPHeaders.Name.date,
                                          HTTPHeaders.Name.connection, HTTPHeaders.Name.transferEncoding]

    private static func isFramingHeader(_ name: String) -> Bool {
        framingHeaders.contains { HTTPHeaders.sameName(name, $0) }
    }
}
