/// An incremental HTTP/1.1 request parser (RFC 9112). Feed it bytes as they arrive, in any split,
/// and take complete requests out in order. Every limit in `HTTPLimits` is enforced while bytes
/// arrive, before anything unbounded is buffered. After an error the parser stays failed: the
/// connection answers with the error's status and closes.
public struct HTTPRequestParser: Sendable {
    public let limits: HTTPLimits

    private var input = InputBuffer()
    private var state: State = .head(HeadScanner())
    private var continuePending = false

    private enum State: Sendable {
        case head(HeadScanner)
        case body(RequestHead, BodyReader)
        case failed(HTTPParseError)
    }

    public init(limits: HTTPLimits = .default) {
        self.limits = limits
    }

    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        input.append(bytes)
    }

    /// True while part of a request has arrived but not all of it.
    public var hasPartialRequest: Bool {
        switch state {
        case .head(let scanner): return input.hasStartedHead(scanner)
        case .body: return true
        case .failed: return false
        }
    }

    /// Bytes the parser holds right now (what bounds a connection's memory, with the body limit).
    public var bufferedByteCount: Int { input.byteCount }

    /// True while the head of a request has been read and its body has not all arrived.
    public var isReadingBody: Bool {
        switch state {
        case .body: return true
        case .head, .failed: return false
        }
    }

    /// True once per request whose head asked for `Expect: 100-continue` while its body has not arrived:
    /// the connection should then send `100 Continue`.
    public mutating func takeContinueRequest() -> Bool {
        defer { continuePending = false }
        return continuePending
    }

    /// The next complete request, `nil` if more bytes are needed.
    public mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .head(var scanner):
                let head: RequestHead
                do throws(HTTPParseError) {
                    guard let lines = try input.takeHead(with: &scanner, limits: limits) else {
                        state = .head(scanner)
                        return nil
                    }
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
            case .body(let head, var reader):
                let body: [UInt8]?
                do {
                    body = try input.takeBody(with: &reader, limits: limits, ended: false)
                } catch {
                    try fail(error)
                }
                guard let body else {
                    state = .body(head, reader)
                    return nil
                }
                state = .head(HeadScanner())
                continuePending = false
                return try deliver(head, body: body)
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
