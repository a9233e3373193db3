import Foundation
import Glibc

/// An HTTP server on 127.0.0.1 that answers each route as the test says, broken answers included:
/// silence, a response cut off, bytes that are not the JSON promised, an HTML error page, a huge
/// body. Real sockets, one thread per connection; for tests of how `gather` copes.
package final class MisbehavingServer: @unchecked Sendable {
    package enum Answer: Sendable {
        /// A well-formed response with a JSON body.
        case json(status: Int, String)
        /// Reads the request and never answers (until the client gives up and closes).
        case silence
        /// Promises 1,000 bytes of body, sends 10, closes.
        case cutOff
        /// A proxy's HTML error page.
        case html(status: Int, reasonPhrase: String)
        /// 200 with a body of this many bytes that is no JSON at all.
        case huge(bytes: Int)
        /// These bytes exactly (a head and what follows, an event stream say); then the connection
        /// closes, or with `holdOpen` stays open, silent, until the client closes it.
        case raw(String, holdOpen: Bool)
    }

    package let port: Int
    private let listener: LoopbackListener
    private let lock = NSLock()
    private var answers: [String: Answer] = [:]
    private var served: [String: Int] = [:]
    private var open = 0
    private var whenNoneOpen: [@Sendable () -> Void] = []

    /// Connections accepted and not yet closed.
    package var openConnections: Int { lock.withLock { open } }

    /// Calls `action` once no connection is open: at once if none is, else when the last one closes.
    package func whenNoConnectionIsOpen(_ action: @escaping @Sendable () -> Void) {
        let now = lock.withLock { () -> Bool in
            guard open > 0 else { return true }
            whenNoneOpen.append(action)
            return false
        }
        if now { action() }
    }

    /// On `port` (0: a free one): a given one stands in for a server that has just stopped there.
    package init(port requested: Int = 0) throws {
        listener = try LoopbackListener(port: requested)
        port = listener.port
        listener.accept { [self] connection in serve(connection) }
    }

    /// From now on, `method path` (without its query) is answered so.
    package func answer(_ method: String, _ path: String, with answer: Answer) {
        lock.withLock { answers["\(method) \(path)"] = answer }
    }

    /// How many requests for `method path` have been read.
    package func requests(_ method: String, _ path: String) -> Int {
        lock.withLock { served["\(method) \(path)"] ?? 0 }
    }

    /// Stops accepting: accept fails from now on, and its thread closes the listener.
    package func stop() {
        listener.stop()
    }

    private func serve(_ connection: Int32) {
        lock.withLock { open += 1 }
        defer {
            close(connection)
            let told = lock.withLock { () -> [@Sendable () -> Void] in
                open -= 1
                guard open == 0 else { return [] }
                defer { whenNoneOpen = [] }
                return whenNoneOpen
            }
            for action in told { action() }
        }
        var buffer: [UInt8] = []
        while let route = readRequest(connection, buffer: &buffer) {
            let answer = lock.withLock { () -> Answer in
                served[route, default: 0] += 1
                return answers[route] ?? .json(status: 404, #"{"error":true,"reason":"not found"}"#)
            }
            switch answer {
            case let .json(status, body):
                send(connection, head(status: status, phrase: status < 300 ? "OK" : "Error", type: "application/json", length: body.utf8.count) + body)
            case .silence:
                var byte: UInt8 = 0
                while recv(connection, &byte, 1, 0) > 0 {}
                return
            case .cutOff:
                send(connection, head(status: 200, phrase: "OK", type: "application/json", length: 1000) + #"[{"id":1,""#)
                return
            case let .html(status, phrase):
                let page = "<html><head><title>\(status) \(phrase)</title></head><body><h1>\(phrase)</h1></body></html>"
                send(connection, head(status: status, phrase: phrase, type: "text/html", length: page.utf8.count) + page)
                return
            case let .raw(text, holdOpen):
                send(connection, text)
                if holdOpen {
                    var byte: UInt8 = 0
                    while recv(connection, &byte, 1, 0) > 0 {}
                }
                return
            case let .huge(bytes):
                send(connection, head(status: 200, phrase: "OK", type: "application/json", length: bytes))
                let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
                var left = bytes
                while left > 0 {
                    let sent = chunk.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, min(left, chunk.count), Int32(MSG_NOSIGNAL)) }
                    guard sent > 0 else { return }
                    left -= sent
                }
            }
        }
    }

    /// The next request's "METHOD /path", its body read and dropped; nil at the end of the connection.
    private func readRequest(_ connection: Int32, buffer: inout [UInt8]) -> String? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while buffer.firstRange(of: end) == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
        guard let headEnd = buffer.firstRange(of: end)?.upperBound else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd)
        let lines = head.components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ")
        guard words.count == 3 else { return nil }
        let length = lines.dropFirst().compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        while buffer.count < length {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
        buffer.removeFirst(length)
        let path = words[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        return "\(words[0]) \(path)"
    }

    private func head(status: Int, phrase: String, type: String, length: Int) -> String {
        "HTTP/1.1 \(status) \(phrase)\r\nContent-Type: \(type)\r\nContent-Length: \(length)\r\n\r\n"
    }

    private func send(_ connection: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            bytes = bytes.dropFirst(sent)
        }
    }
}
