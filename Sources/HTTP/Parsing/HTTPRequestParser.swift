/// An incremental HTTP/1.1 request parser (RFC 9112). Feed it bytes as they arrive, in any split,
/// and take complete requests out in order. Every limit in `HTTPLimits` is enforced while bytes
/// arrive, before anything unbounded is buffered. After an error the parser stays failed: the
/// connection answers with the error's status and closes.
package struct HTTPRequestParser: Sendable {
    package let limits: HTTPLimits

    private var input = InputBuffer()
    private var state: MessageState<RequestHead> = .head(HeadScanner())
    private var continuePending = false

    package init(limits: HTTPLimits = .default) {
        self.limits = limits
    }

    package mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        input.append(bytes)
    }

    /// True while part of a request has arrived but not all of it.
    package var hasPartialRequest: Bool {
        switch state {
        case .head(let scanner): return input.hasStartedHead(scanner)
        case .body: return true
        case .failed: return false
        }
    }

    /// Bytes the parser holds right now (what bounds a connection's memory, with the body limit).
    package var bufferedByteCount: Int { input.byteCount }

    /// True while the head of a request has been read and its body has not all arrived.
    package var isReadingBody: Bool {
        switch state {
        case .body: return true
        case .head, .failed: return false
        }
    }

    /// True while the body being read belongs to an anonymous request (no `Authorization` header):
    /// a server may give it less time.
    package var isReadingAnonymousBody: Bool {
        guard case .body(let head, _) = state else { return false }
        return head.isAnonymous
    }

    /// True once per request whose head asked for `Expect: 100-continue` while its body has not arrived:
    /// the connection should then send `100 Continue`.
    package mutating func takeContinueRequest() -> Bool {
        defer { continuePending = false }
        return continuePending
    }

    /// The next complete request, `nil` if more bytes are needed.
    package mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .head:
                let head: RequestHead
                do throws(HTTPParseError) {
                    guard let lines = try state.takeHeadLines(from: &input, limits: limits) else { return nil }
                    head = try RequestHead(lines: lines, buffer: input.bytes, limits: limits)
                } catch {
                    try fail(error)
                }
                if head.framing == .none {
                    state = .head(HeadScanner())
                    return try deliver(head, body: [])
                }
                state = .body(head, BodyReader(framing: head.framing))
                // Cleared below if the body is already here.
                continuePending = head.expectsContinue
            case .body(let head, _):
                let message: (head: RequestHead, body: [UInt8])?
                do {
                    message = try state.takeBody(from: &input, limits: head.bodyLimits, ended: false)
                } catch {
                    try fail(error)
                }
                guard let message else { return nil }
                continuePending = false
                return try deliver(message.head, body: message.body)
            }
        }
    }

    private mutating func deliver(_ head: RequestHead, body: [UInt8]) throws(HTTPParseError) -> HTTPRequest {
        do {
            return try HTTPRequest(method: head.method, target: head.target, version: head.version,
                                   headers: head.headers, body: body)
        } catch {
            try fail(error)
        }
    }

    private mutating func fail(_ error: HTTPParseError) throws(HTTPParseError) -> Never {
        state = .failed(error)
        input.removeAll()
        throw error
    }
}
