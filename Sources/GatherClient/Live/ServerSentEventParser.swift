/// One event of a Server-Sent Events stream: its name (`message` unless named) and its data.
package struct ServerSentEvent: Hashable, Sendable {
    package var name: String
    package var data: String

    package init(name: String, data: String) {
        self.name = name
        self.data = data
    }
}

/// Reads a `text/event-stream` as its bytes arrive, in any split, as HTML's event stream
/// interpretation says (lines end with CRLF, LF or CR; `:` starts a comment; `data` lines join
/// with line feeds; a blank line dispatches; `retry` sets the reconnection time). A line or an
/// event longer than `maximumBytes` stops the stream: a server that never ends a line must not
/// fill the client's memory.
package struct ServerSentEventParser: Sendable {
    package struct Overflow: Error, Equatable {}

    package static let maximumBytes = 256 * 1024

    /// The wait before connecting again that the stream last asked for, in milliseconds.
    package private(set) var reconnectionMilliseconds: Int?

    private var line: [UInt8] = []
    private var eventName = ""
    private var data = ""
    private var hasData = false
    /// The last line ended with CR: an LF first in the next bytes belongs to it.
    private var afterCarriageReturn = false
    private var atStart = true

    package init() {}

    /// The events the bytes complete, in order.
    package mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws(Overflow) -> [ServerSentEvent] where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = try endLine() { events.append(event) }
            default:
                line.append(byte)
                guard line.count + data.utf8.count <= ServerSentEventParser.maximumBytes else { throw Overflow() }
            }
        }
        return events
    }

    private mutating func endLine() throws(Overflow) -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if atStart {
            atStart = false
            // A byte order mark may open the stream.
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        guard !line.isEmpty else { return dispatch() }
        guard line[0] != UInt8(ascii: ":") else { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var value = colon.map { line[($0 + 1)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch field {
        case "event":
            eventName = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data += "\n" }
            data += String(decoding: value, as: UTF8.self)
            hasData = true
        case "retry":
            if !value.isEmpty, value.count <= 9, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                reconnectionMilliseconds = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            // `id` and unknown fields: nothing here uses them.
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventName = ""
            data = ""
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(name: eventName.isEmpty ? "message" : eventName, data: data)
    }
}
