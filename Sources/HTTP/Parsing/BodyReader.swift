/// How a message's body is delimited (RFC 9112 §6.3).
enum BodyFraming: Sendable, Equatable {
    case none
    case length(Int)
    case chunked
    /// Responses only: the body is whatever arrives before the connection ends.
    case untilClose
}

/// Reads one message body as bytes arrive, whatever its framing. Shared by the request and
/// response parsers.
struct BodyReader: Sendable {
    private let framing: BodyFraming
    private var chunks = ChunkedBodyDecoder()
    /// Bytes of a body with a length handed out so far by `readArrived`.
    private var delivered = 0

    init(framing: BodyFraming) {
        self.framing = framing
    }

    /// The whole body once it has arrived, consuming it from `buffer` at `start`; nil while more is needed.
    /// `ended` says the connection has closed: a body framed by close is then complete, any other is cut short.
    mutating func read(_ buffer: [UInt8], from start: inout Int, limits: HTTPLimits, ended: Bool) throws(HTTPParseError) -> [UInt8]? {
        switch framing {
        case .none:
            return []
        case .length(let length):
            guard buffer.count - start >= length else {
                if ended { throw HTTPParseError(.badRequest, "connection closed before the body was complete") }
                return nil
            }
            defer { start += length }
            return Array(buffer[start..<(start + length)])
        case .chunked:
            guard try chunks.decode(buffer, from: &start, limits: limits) else {
                if ended { throw HTTPParseError(.badRequest, "connection closed before the body was complete") }
                return nil
            }
            return chunks.body
        case .untilClose:
            guard buffer.count - start <= limits.maxBodyBytes else {
                throw HTTPParseError(.contentTooLarge, "body exceeds \(limits.maxBodyBytes) bytes")
            }
            guard ended else { return nil }
            defer { start = buffer.count }
            return Array(buffer[start...])
        }
    }

    /// What has arrived of the body since the last call, consumed from `buffer` at `start`, and
    /// whether the body is complete with it: for a body read as it arrives (an event stream)
    /// rather than whole. Nothing is kept here, so a body that never ends costs no memory.
    mutating func readArrived(_ buffer: [UInt8], from start: inout Int, limits: HTTPLimits,
                              ended: Bool) throws(HTTPParseError) -> (bytes: [UInt8], isComplete: Bool) {
        switch framing {
        case .none:
            return ([], true)
        case .length(let length):
            let count = min(length - delivered, buffer.count - start)
            defer { start += count }
            delivered += count
            if delivered < length && ended { throw HTTPParseError(.badRequest, "connection closed before the body was complete") }
            return (Array(buffer[start..<(start + count)]), delivered == length)
        case .chunked:
            let complete = try chunks.decode(buffer, from: &start, limits: limits)
            if !complete && ended { throw HTTPParseError(.badRequest, "connection closed before the body was complete") }
            return (chunks.takeBody(), complete)
        case .untilClose:
            defer { start = buffer.count }
            return (Array(buffer[start...]), ended)
        }
    }
}
