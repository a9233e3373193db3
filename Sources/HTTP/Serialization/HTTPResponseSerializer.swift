/// Writes a response head and body as bytes, adding the framing headers the server owns.
package enum HTTPResponseSerializer {
    /// - Parameters:
    ///   - isHead: the request was HEAD: headers as for GET, no body.
    ///   - keepAlive: false adds `Connection: close`, as does a streamed body, which the close ends.
    ///   - forHTTP10: the request was HTTP/1.0, whose connections close after each response unless
    ///     the response says `Connection: keep-alive` (RFC 9112 §C.2.2): a kept connection says so.
    ///   - date: the `Date` value, an IMF-fixdate (see `HTTPDate`).
    package static func serialize(_ response: HTTPResponse, isHead: Bool, keepAlive: Bool, forHTTP10: Bool = false,
                                 date: String) -> [UInt8] {
        let body = sendsBody(response, isHead: isHead)
        var bytes = head(response, keepAlive: keepAlive, forHTTP10: forHTTP10, date: date, room: body ? response.body.count : 0)
        if body {
            bytes.append(contentsOf: response.body)
        }
        return bytes
    }

    /// A body this large is sent from its own buffer after the head (`head`), not copied behind
    /// it: a copy costs more than the second write.
    package static let separateBodyBytes = 64 * 1024

    /// What a connection sends: `first`, then `body` if there is one. As `serialize` writes it,
    /// except that a body of `separateBodyBytes` or more comes apart from its head, in its own
    /// buffer, not copied. Two fields rather than an array: no allocation for it per answer.
    package struct Buffers {
        package let first: [UInt8]
        package let body: [UInt8]?
    }

    package static func buffers(_ response: HTTPResponse, isHead: Bool, keepAlive: Bool, forHTTP10: Bool = false,
                                date: String) -> Buffers {
        guard sendsBody(response, isHead: isHead), response.body.count >= separateBodyBytes else {
            return Buffers(first: serialize(response, isHead: isHead, keepAlive: keepAlive, forHTTP10: forHTTP10, date: date), body: nil)
        }
        return Buffers(first: head(response, keepAlive: keepAlive, forHTTP10: forHTTP10, date: date), body: response.body)
    }

    /// Whether `response.body` follows the head: not for HEAD, not for a status without content,
    /// not for a streamed body (its stream writes it).
    package static func sendsBody(_ response: HTTPResponse, isHead: Bool) -> Bool {
        !isHead && !response.status.forbidsContent && response.stream == nil
    }

    /// The head alone, as `serialize` writes it (the same for HEAD as for GET): for a body sent
    /// from its own buffer after it. `room`: bytes to reserve beyond the head.
    package static func head(_ response: HTTPResponse, keepAlive: Bool, forHTTP10: Bool = false, date: String, room: Int = 0) -> [UInt8] {
        // Written as bytes, not through string interpolation: this runs for every response.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160 + room)
        bytes.append(contentsOf: statusLinePrefix)
        bytes.append(contentsOf: String(response.status.code).utf8)
        bytes.append(space)
        bytes.append(contentsOf: response.status.reasonPhrase.utf8)
        bytes.append(contentsOf: lineEnd)
        for (name, value) in response.headers where !isFramingHeader(name) {
            appendField(name, value, to: &bytes)
        }
        appendField(HTTPHeaders.Name.date, date, to: &bytes)
        // A streamed body has no length: it ends when the connection closes (RFC 9112 §6.3).
        if !response.status.forbidsContent && response.stream == nil {
            appendField(HTTPHeaders.Name.contentLength, String(response.body.count), to: &bytes)
        }
        if !keepAlive || response.stream != nil {
            appendField(HTTPHeaders.Name.connection, "close", to: &bytes)
        } else if forHTTP10 {
            appendField(HTTPHeaders.Name.connection, "keep-alive", to: &bytes)
        }
        bytes.append(contentsOf: lineEnd)
        return bytes
    }

    private static let statusLinePrefix = Array("HTTP/1.1 ".utf8)
    private static let lineEnd = Array("\r\n".utf8)
    private static let fieldSeparator = Array(": ".utf8)
    private static let space = UInt8(ascii: " ")

    private static func appendField(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: fieldSeparator)
        bytes.append(contentsOf: value.utf8)
        bytes.append(contentsOf: lineEnd)
    }

    /// The interim response to `Expect: 100-continue`.
    package static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private static let framingHeaders = [HTTPHeaders.Name.contentLength, HTTPHeaders.Name.date,
                                          HTTPHeaders.Name.connection, HTTPHeaders.Name.transferEncoding]

    private static func isFramingHeader(_ name: String) -> Bool {
        framingHeaders.contains { HTTPHeaders.sameName(name, $0) }
    }
}
