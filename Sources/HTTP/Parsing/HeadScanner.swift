private let lineFeed = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")

/// Finds the lines of a request head as bytes arrive, remembering how far it has looked,
/// and enforces the request-line and header-section limits on the way.
struct HeadScanner: Sendable {
    enum Outcome {
        case needMore
        /// The request line first, then the header lines; `end` is just past the empty line.
        case complete(lines: [Range<Int>], end: Int)
    }

    private var position = 0
    private var lineStart = 0
    private var lines: [Range<Int>] = []
    private var headerBytes = 0
    private var skippedEmptyLines = 0

    /// The head starts at the buffer's first byte; positions are remembered between calls.
    mutating func scan(_ buffer: [UInt8], limits: HTTPLimits) throws(HTTPParseError) -> Outcome {
        try checkRequestLineStart(buffer)
        while position < buffer.count {
            guard let newline = buffer[position...].firstIndex(of: lineFeed) else {
                position = buffer.count
                break
            }
            position = newline + 1
            var lineEnd = newline
            if lineEnd > lineStart && buffer[lineEnd - 1] == carriageReturn { lineEnd -= 1 }
            let line = lineStart..<lineEnd
            let rawLength = position - lineStart
            lineStart = position
            if lines.isEmpty {
                // RFC 9112 §2.2: ignore a few empty lines before the request line.
                if line.isEmpty {
                    skippedEmptyLines += 1
                    guard skippedEmptyLines <= 8 else { throw HTTPParseError(.badRequest, "expected a request line") }
                    try checkRequestLineStart(buffer)
                    continue
                }
                // The request line's limit counts the line itself, not its CRLF.
                guard line.count <= limits.maxRequestLineBytes else {
                    throw HTTPParseError(.uriTooLong, "request line exceeds \(limits.maxRequestLineBytes) bytes")
                }
                lines.append(line)
            } else if line.isEmpty {
                return .complete(lines: lines, end: position)
            } else {
                headerBytes += rawLength
                guard headerBytes <= limits.maxHeaderBytes else {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "header section exceeds \(limits.maxHeaderBytes) bytes")
                }
                guard lines.count <= limits.maxHeaderCount else {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields")
                }
                lines.append(line)
            }
        }
        // A line still arriving counts against its limit already, so a peer cannot stream an endless one.
        var partial = position - lineStart
        // A lone CR may be the start of the line's terminator, which is not part of the line.
        if partial > 0 && buffer[buffer.count - 1] == carriageReturn { partial -= 1 }
        if lines.isEmpty {
            guard partial <= limits.maxRequestLineBytes else {
                throw HTTPParseError(.uriTooLong, "request line exceeds \(limits.maxRequestLineBytes) bytes")
            }
        } else if headerBytes + partial > limits.maxHeaderBytes {
            throw HTTPParseError(.requestHeaderFieldsTooLarge, "header section exceeds \(limits.maxHeaderBytes) bytes")
        }
        return .needMore
    }

    /// A request line starts with a method, a token: anything else (a TLS handshake sent to a
    /// plain port, binary noise) is refused at its first byte instead of waiting for a line end
    /// that may never come.
    private func checkRequestLineStart(_ buffer: [UInt8]) throws(HTTPParseError) {
        guard lines.isEmpty, lineStart < buffer.count else { return }
        let first = buffer[lineStart]
        guard first == carriageReturn || first == lineFeed || Token.isTokenByte(first) else {
            throw HTTPParseError(.badRequest, "not an HTTP request (is this a TLS connection to a plain HTTP port?)")
        }
    }

    /// Whether any byte of a request (other than the empty lines allowed before it) has arrived.
    func hasStarted(buffer: [UInt8], from origin: Int) -> Bool {
        if !lines.isEmpty { return true }
        let from = max(origin, lineStart)
        return buffer[from...].contains { $0 != lineFeed && $0 != carriageReturn }
    }
}
