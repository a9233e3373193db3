import Glibc

/// One share page's event stream as its bytes arrive, read the way a browser's `EventSource` reads
/// it: an HTTP response head, then a Server-Sent Events body (`text/event-stream`) of `field: value`
/// lines, each event ended by a blank line. A line split between reads waits for its end.
///
/// Thousands of events arrive at once and the moment each is read is what is measured, so reading
/// costs next to nothing: lines are found with memchr in the bytes as they came, and copied only
/// when one is split between reads; no string is made for an event.
struct EventStreamReader {
    /// The status line, when it is not 200: the server refused the stream (a cap, a wrong link).
    private(set) var refusal: String?
    /// The start of a line whose end has not arrived yet.
    private var partial: [UInt8] = []
    private var sawStatusLine = false
    private var inBody = false
    /// The event being read: its `event:` name and `data:` line.
    private var name: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false

    private static let okStatus = Array("HTTP/1.1 200 ".utf8)
    private static let eventField = Array("event: ".utf8)
    private static let dataField = Array("data: ".utf8)

    /// Reads `bytes`, calling `event` with the name and data of each event they complete. Retry
    /// hints and keep-alive comments carry no data and are not events.
    mutating func read(_ bytes: UnsafeRawBufferPointer, event: ([UInt8], [UInt8]) -> Void) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count, refusal == nil {
            guard let newline = memchr(base + start, 0x0A, bytes.count - start) else {
                partial.append(contentsOf: bytes[start...])
                return
            }
            let end = base.distance(to: UnsafeRawPointer(newline))
            if partial.isEmpty {
                take(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), event: event)
            } else {
                partial.append(contentsOf: bytes[start..<end])
                let line = partial
                line.withUnsafeBytes { take($0, event: event) }
                partial.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
    }

    /// One line, without its `\n` (a `\r` before it is dropped too: the head's lines have one).
    private mutating func take(_ raw: UnsafeRawBufferPointer, event: ([UInt8], [UInt8]) -> Void) {
        let line = raw.last == 0x0D ? UnsafeRawBufferPointer(rebasing: raw.dropLast()) : raw
        guard inBody else {
            if !sawStatusLine {
                sawStatusLine = true
                if !line.starts(with: EventStreamReader.okStatus) { refusal = String(decoding: line, as: UTF8.self) }
            } else if line.isEmpty {
                inBody = true
            }
            return
        }
        if line.isEmpty {
            if hasData { event(name, data) }
            name.removeAll(keepingCapacity: true)
            data.removeAll(keepingCapacity: true)
            hasData = false
        } else if line.starts(with: EventStreamReader.eventField) {
            name.removeAll(keepingCapacity: true)
            name.append(contentsOf: line.dropFirst(EventStreamReader.eventField.count))
        } else if line.starts(with: EventStreamReader.dataField) {
            data.removeAll(keepingCapacity: true)
            data.append(contentsOf: line.dropFirst(EventStreamReader.dataField.count))
            hasData = true
        }
    }
}
