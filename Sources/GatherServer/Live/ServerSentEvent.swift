
/// One Server-Sent Event as it goes on the wire (HTML's `text/event-stream`): a name and one line
/// of data (JSON has no raw line breaks), ended by a blank line.
enum ServerSentEvent {
    static func bytes(event name: StaticString, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 32)
        bytes.append(contentsOf: Array("event: ".utf8))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: Array("\ndata: ".utf8))
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: Array("\n\n".utf8))
        return bytes
    }

    /// A comment line: ignored by every reader, it keeps the connection and proxies awake.
    static let keepAlive = Array(": keep-alive\n\n".utf8)

    /// How long a browser waits before it connects again after losing the stream.
    static let retry = Array("retry: 3000\n\n".utf8)
}
