/// A response as a client reads it.
package struct ReceivedResponse: Sendable {
    package var status: Int
    package var reasonPhrase: String
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var body: [UInt8]

    /// The body as UTF-8 text (for messages and tests).
    package var text: String { String(decoding: body, as: UTF8.self) }

    /// Whether the server keeps the connection open after this response.
    package var keepAlive: Bool {
        if headers.containsToken("close", in: HTTPHeaders.Name.connection) { return false }
        return version == .http1_1 || headers.containsToken("keep-alive", in: HTTPHeaders.Name.connection)
    }
}

/// Part of a body read as it arrives (`HTTPResponseParser.nextArrivedBody`).
package struct ArrivedBody: Sendable, Equatable {
    /// The bytes that arrived since the last part; possibly none.
    package var bytes: [UInt8]
    /// The body ended with these bytes.
    package var isComplete: Bool

    package init(bytes: [UInt8], isComplete: Bool) {
        self.bytes = bytes
        self.isComplete = isComplete
    }
}

/// An incremental HTTP/1.1 response parser (RFC 9112 §6.3), the client-side twin of
/// `HTTPRequestParser`: bytes in any split, responses out in order. Interim 1xx responses are
/// skipped, up to `maxInterimResponses` before each final one. A body framed by the connection's
/// end completes on `finish()`.
package struct HTTPResponseParser: Sendable {
    package let limits: HTTPLimits
    private var input = InputBuffer()
    private var state: MessageState<ResponseHead> = .head(HeadScanner())
    /// Methods of the requests sent, oldest first: a response to HEAD has no body.
    private var pendingMethods: [HTTPMethod] = []
    private var ended = false
    /// Statuses of the interim (1xx) responses seen so far, e.g. 100 for `Expect: 100-continue`.
    package private(set) var interimStatuses: [Int] = []
    /// Interim responses a final one may follow. A peer that sends them without end would
    /// otherwise keep the reader (and this list) busy until its deadline; real servers send one
    /// or two (100 Continue, 103 Early Hints).
    package static let maxInterimResponses = 8
    private var interimsBeforeFinal = 0

    private struct ResponseHead: Sendable {
        let status: Int
        let reasonPhrase: String
        let version: HTTPVersion
        let headers: HTTPHeaders
    }

    package init(limits: HTTPLimits = HTTPLimits(maxBodyBytes: 64 * 1024 * 1024)) {
        self.limits = limits
    }

    /// Tells the parser a request was sent, so it knows whether the matching response has a body.
    package mutating func expectResponse(to method: HTTPMethod) {
        pendingMethods.append(method)
    }

    package mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        input.append(bytes)
    }

    /// The connection reached its end: a body read until close is complete.
    package mutating func finish() {
        ended = true
    }

    package mutating func nextResponse() throws(HTTPParseError) -> ReceivedResponse? {
        guard try readHead() != nil else { return nil }
        let message: (head: ResponseHead, body: [UInt8])?
        do { message = try state.takeBody(from: &input, limits: limits, ended: ended) } catch { try fail(error) }
        guard let (head, body) = message else { return nil }
        return ReceivedResponse(status: head.status, reasonPhrase: head.reasonPhrase, version: head.version,
                                headers: head.headers, body: body)
    }

    /// For a response read as it arrives (an event stream) rather than whole: its head as soon as
    /// that has arrived, with an empty `body`; nil while more bytes are needed. The body then comes
    /// piece by piece from `nextArrivedBody()`, and until it is complete this returns the same head.
    package mutating func nextHead() throws(HTTPParseError) -> ReceivedResponse? {
        guard let head = try readHead() else { return nil }
        return ReceivedResponse(status: head.status, reasonPhrase: head.reasonPhrase, version: head.version,
                                headers: head.headers, body: [])
    }

    /// After `nextHead()`: the body bytes that have arrived since the last call (possibly none),
    /// and whether the body is now complete; nil when no response has its head read.
    package mutating func nextArrivedBody() throws(HTTPParseError) -> ArrivedBody? {
        let arrived: (bytes: [UInt8], isComplete: Bool)?
        do { arrived = try state.takeArrivedBody(from: &input, limits: limits, ended: ended) } catch { try fail(error) }
        return arrived.map { ArrivedBody(bytes: $0.bytes, isComplete: $0.isComplete) }
    }

    /// The head of the response being read: parsed when it has all arrived (interim ones
    /// skipped), and the parser then reading its body; nil while more bytes are needed.
    private mutating func readHead() throws(HTTPParseError) -> ResponseHead? {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .body(let head, _):
                return head
            case .head:
                let head: ResponseHead
                do throws(HTTPParseError) {
                    guard let lines = try state.takeHeadLines(from: &input, limits: limits) else {
                        if ended && !input.isEmpty { throw HTTPParseError(.badRequest, "connection closed mid-response") }
                        return nil
                    }
                    head = try HTTPResponseParser.parseHead(lines, buffer: input.bytes)
                } catch {
                    try fail(error)
                }
                if head.status >= 100 && head.status < 200 {
                    interimsBeforeFinal += 1
                    if interimsBeforeFinal > HTTPResponseParser.maxInterimResponses {
                        try fail(HTTPParseError(.badRequest, "more than \(HTTPResponseParser.maxInterimResponses) interim (1xx) responses"))
                    }
                    interimStatuses.append(head.status)
                    state = .head(HeadScanner())
                    continue
                }
                interimsBeforeFinal = 0
                let method = pendingMethods.isEmpty ? .get : pendingMethods.removeFirst()
                do {
                    let framing = try HTTPResponseParser.framing(of: head, method: method, limits: limits)
                    state = .body(head, BodyReader(framing: framing))
                } catch {
                    try fail(error)
                }
            }
        }
    }

    private mutating func fail(_ error: HTTPParseError) throws(HTTPParseError) -> Never {
        state = .failed(error)
        throw error
    }

    private static func parseHead(_ lines: [Range<Int>], buffer: [UInt8]) throws(HTTPParseError) -> ResponseHead {
        guard let statusLine = lines.first else { throw HTTPParseError(.badRequest, "missing status line") }
        let parts = buffer[statusLine].split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].starts(with: Array("HTTP/1.".utf8)), parts[0].count == 8,
              parts[1].count == 3, parts[1].allSatisfy(isDigit),
              let status = Int(String(decoding: parts[1], as: UTF8.self)), (100...599).contains(status) else {
            throw HTTPParseError(.badRequest, "malformed status line")
        }
        let version: HTTPVersion = parts[0].last == UInt8(ascii: "0") ? .http1_0 : .http1_1
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            let field = try HeaderField.parse(buffer[line])
            headers.add(name: field.name, value: field.value)
        }
        let reason = parts.count > 2 ? String(decoding: parts[2], as: UTF8.self) : ""
        return ResponseHead(status: status, reasonPhrase: reason, version: version, headers: headers)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func framing(of head: ResponseHead, method: HTTPMethod, limits: HTTPLimits) throws(HTTPParseError) -> BodyFraming {
        if method == .head || head.status == 204 || head.status == 304 {
            return .none
        }
        if head.headers.contains(name: HTTPHeaders.Name.transferEncoding) {
            guard head.headers.values(of: HTTPHeaders.Name.transferEncoding).last?.lowercased() == "chunked" else {
                return .untilClose
            }
            return .chunked
        }
        let length: Int?
        do {
            length = try ContentLength.value(in: head.headers)
        } catch {
            throw HTTPParseError(.badRequest, "malformed Content-Length in response")
        }
        if let length {
            guard length <= limits.maxBodyBytes else {
                throw HTTPParseError(.contentTooLarge, "response body exceeds \(limits.maxBodyBytes) bytes")
            }
            return .length(length)
        }
        return .untilClose
    }
}
