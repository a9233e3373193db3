/// Decodes a chunked body (RFC 9112 §7.1) as bytes arrive, keeping the decoded body within the
/// body limit and what is not data (chunk extensions and trailer fields, together) within the
/// header limit: the body limit alone counts decoded bytes, so `1;<1000 × a>` per byte would
/// otherwise make a connection read a thousand bytes for each one it counts.
struct ChunkedBodyDecoder: Sendable {
    private enum Phase: Sendable {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
    }

    private(set) var body: [UInt8] = []
    private var phase: Phase = .size
    /// Bytes of chunk extensions and trailer fields so far (with their line ends).
    private var nonDataBytes = 0

    /// The data decoded so far, handed over: the body limit then counts only what arrives after.
    mutating func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }

    /// The longest chunk-size line we accept, extensions included.
    static let maxSizeLineBytes = 1024

    /// Consumes what it can from `buffer` starting at `index`; true once the last chunk and trailers are read.
    mutating func decode(_ buffer: [UInt8], from index: inout Int, limits: HTTPLimits) throws(HTTPParseError) -> Bool {
        while true {
            switch phase {
            case .size:
                guard let line = try takeLine(buffer, from: &index, limit: ChunkedBodyDecoder.maxSizeLineBytes) else { return false }
                let (size, extensionBytes) = try ChunkedBodyDecoder.chunkSize(line)
                try countNonData(extensionBytes, limits: limits)
                if size == 0 {
                    phase = .trailers
                } else {
                    guard size <= limits.maxBodyBytes - body.count else {
                        throw HTTPParseError(.contentTooLarge, "body exceeds \(limits.maxBodyBytes) bytes")
                    }
                    phase = .data(remaining: size)
                }
            case .data(let remaining):
                let available = min(remaining, buffer.count - index)
                guard available > 0 else { return false }
                body.append(contentsOf: buffer[index..<(index + available)])
                index += available
                phase = remaining == available ? .dataEnd : .data(remaining: remaining - available)
            case .dataEnd:
                guard let line = try takeLine(buffer, from: &index, limit: 2) else { return false }
                guard line.isEmpty else { throw HTTPParseError(.badRequest, "chunk data not followed by CRLF") }
                phase = .size
            case .trailers:
                // Trailer fields are read and dropped: nothing in this API uses them.
                let allowance = max(limits.maxHeaderBytes - nonDataBytes, 2)
                guard let line = try takeLine(buffer, from: &index, limit: allowance, tooLong: tooMuchNonData(limits)) else {
                    return false
                }
                if line.isEmpty { return true }
                try countNonData(line.count + 2, limits: limits)
            }
        }
    }

    private mutating func countNonData(_ count: Int, limits: HTTPLimits) throws(HTTPParseError) {
        nonDataBytes += count
        guard nonDataBytes <= limits.maxHeaderBytes else { throw tooMuchNonData(limits) }
    }

    private func tooMuchNonData(_ limits: HTTPLimits) -> HTTPParseError {
        HTTPParseError(.requestHeaderFieldsTooLarge, "chunk extensions and trailers exceed \(limits.maxHeaderBytes) bytes")
    }

    /// The bytes of the next line without its CRLF (or bare LF), or nil if it has not fully arrived.
    private func takeLine(_ buffer: [UInt8], from index: inout Int, limit: Int,
                          tooLong: HTTPParseError = HTTPParseError(.badRequest, "malformed chunked body: line too long"))
        throws(HTTPParseError) -> ArraySlice<UInt8>? {
        let searchEnd = min(buffer.count, index + limit + 1)
        guard let newline = buffer[index..<searchEnd].firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.count - index > limit {
                throw tooLong
            }
            return nil
        }
        var end = newline
        if end > index && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[index..<end]
        index = newline + 1
        return line
    }

    /// The size a chunk-size line announces, and how many of its bytes are not the size: padding
    /// and extensions, counted with the line end when there are any.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (size: Int, extensionBytes: Int) {
        let sizePart = line.prefix { $0 != UInt8(ascii: ";") }
        // Whitespace may stand before the `;` of an extension (RFC 9112 §7.1.1's BWS), not before the size.
        let digits = OptionalWhitespace.trimEnd(sizePart[...])
        let extensionBytes = line.count > digits.count ? line.count - digits.count + 2 : 0
        guard !digits.isEmpty, digits.count <= 15 else {
            throw HTTPParseError(.badRequest, "malformed chunk size")
        }
        var size = 0
        for byte in digits {
            guard let value = PercentDecoding.hexValue(byte) else {
                throw HTTPParseError(.badRequest, "malformed chunk size")
            }
            size = size << 4 | Int(value)
        }
        return (size, extensionBytes)
    }
}
