/// Bytes received and not yet consumed, and the two ways a parser consumes them: a head (found by a
/// `HeadScanner`) and a body (read by a `BodyReader`). Shared by the request and response parsers.
struct InputBuffer: Sendable {
    private(set) var bytes: [UInt8] = []
    /// The first byte not yet consumed.
    private(set) var start = 0

    mutating func append<Bytes: Sequence>(_ more: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: more)
    }

    var isEmpty: Bool { start == bytes.count }

    /// The lines of a complete head, consumed, as ranges into `bytes` (valid until the next call);
    /// nil while the head is still arriving. Consumed bytes of earlier messages are dropped first,
    /// so the buffer never grows with a connection's history.
    mutating func takeHead(with scanner: inout HeadScanner, limits: HTTPLimits) throws(HTTPParseError) -> [Range<Int>]? {
        if start > 0 {
            bytes.removeSubrange(0..<start)
            start = 0
        }
        guard case let .complete(lines, end) = try scanner.scan(bytes, limits: limits) else { return nil }
        start = end
        return lines
    }

    /// The whole body once it has arrived, consumed; nil while more is needed. What a chunked
    /// body has consumed so far is dropped as it goes, so the buffer holds only bytes not yet
    /// decoded, not the whole wire form of the body beside its decoded copy.
    mutating func takeBody(with reader: inout BodyReader, limits: HTTPLimits, ended: Bool) throws(HTTPParseError) -> [UInt8]? {
        let body = try reader.read(bytes, from: &start, limits: limits, ended: ended)
        if body == nil && start > 0 {
            bytes.removeSubrange(0..<start)
            start = 0
        }
        return body
    }

    /// What has arrived of the body, consumed and dropped at once (see `BodyReader.readArrived`),
    /// so a body that never ends never grows the buffer.
    mutating func takeArrivedBody(with reader: inout BodyReader, limits: HTTPLimits,
                                  ended: Bool) throws(HTTPParseError) -> (bytes: [UInt8], isComplete: Bool) {
        let arrived = try reader.readArrived(bytes, from: &start, limits: limits, ended: ended)
        if start > 0 {
            bytes.removeSubrange(0..<start)
            start = 0
        }
        return arrived
    }

    /// Bytes held: received and not yet consumed, plus consumed ones not yet dropped.
    var byteCount: Int { bytes.count }

    /// Whether anything other than the empty lines allowed before a head has arrived.
    func hasStartedHead(_ scanner: HeadScanner) -> Bool {
        scanner.hasStarted(buffer: bytes, from: start)
    }

    mutating func removeAll() {
        bytes = []
        start = 0
    }
}
