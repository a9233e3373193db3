/// Where a parser is in its current message, shared by the request and response parsers.
enum MessageState<Head: Sendable>: Sendable {
    case head(HeadScanner)
    case body(Head, BodyReader)
    /// After an error the parser stays failed: the connection answers or gives up, then closes.
    case failed(HTTPParseError)

    /// In `.head`: the lines of the head once it has all arrived (see `InputBuffer.takeHead`);
    /// nil while more bytes are needed.
    mutating func takeHeadLines(from input: inout InputBuffer, limits: HTTPLimits) throws(HTTPParseError) -> [Range<Int>]? {
        guard case .head(var scanner) = self else { return nil }
        defer { if case .head = self { self = .head(scanner) } }
        return try input.takeHead(with: &scanner, limits: limits)
    }

    /// In `.body`: the head and the whole body once the body has arrived, the state then back at
    /// a new head; nil while more bytes are needed.
    mutating func takeBody(from input: inout InputBuffer, limits: HTTPLimits,
                           ended: Bool) throws(HTTPParseError) -> (head: Head, body: [UInt8])? {
        guard case .body(let head, var reader) = self else { return nil }
        guard let body = try input.takeBody(with: &reader, limits: limits, ended: ended) else {
            self = .body(head, reader)
            return nil
        }
        self = .head(HeadScanner())
        return (head, body)
    }

    /// In `.body`: what has arrived of the body since the last call and whether it is complete
    /// (the state then back at a new head); nil in any other state.
    mutating func takeArrivedBody(from input: inout InputBuffer, limits: HTTPLimits,
                                  ended: Bool) throws(HTTPParseError) -> (bytes: [UInt8], isComplete: Bool)? {
        guard case .body(let head, var reader) = self else { return nil }
        let arrived = try input.takeArrivedBody(with: &reader, limits: limits, ended: ended)
        self = arrived.isComplete ? .head(HeadScanner()) : .body(head, reader)
        return arrived
    }
}
