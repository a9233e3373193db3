import COpenSSL
import Foundation
import Glibc

/// A webhook receiver on 127.0.0.1 for tests of the server's outbound requests: a real HTTP/1.1
/// server, plain or over TLS, on a port of its own (port 0). It keeps every request it reads
/// (method, target, headers, body), in arrival order, and answers each as the test scripted:
/// by path, else by the order requests arrive, else 200 with an empty body. One thread per
/// connection, blocking sockets.
package final class ChannelReceiver: @unchecked Sendable {
    // @unchecked: everything that changes is behind `condition`; the SSL_CTX is not changed after `init`.

    package struct Header: Sendable, Equatable {
        package let name: String
        package let value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A request as it arrived.
    package struct Request: Sendable, Equatable {
        package let method: String
        /// The request line's target: path and query.
        package let target: String
        package let headers: [Header]
        package let body: [UInt8]

        /// The first value of a header, its name in any case.
        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The target without its query.
        package var path: String { String(target.prefix { $0 != "?" }) }

        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package indirect enum Answer: Sendable {
        /// A whole response; `Content-Length` (and `Connection: close` when the client asked for it) is added.
        case respond(status: Int, headers: [Header], body: [UInt8])
        /// Waits, then answers: a slow webhook.
        case delayed(Duration, then: Answer)
        /// Closes at once with a TCP reset (`SO_LINGER` 0) instead of answering.
        case reset
        /// Reads and never answers, until the client gives up and closes.
        case silence
        /// A head, then `bytes` of body sent as fast as the client takes them (never held whole),
        /// framed by `Content-Length` or, without `declaresLength`, by the connection's end.
        case large(status: Int, bytes: Int, declaresLength: Bool)

        /// A response with a text body.
        package static func status(_ status: Int, _ body: String = "", headers: [Header] = []) -> Answer {
            .respond(status: status, headers: headers, body: Array(body.utf8))
        }

        /// What a chat service says to a sender that is too fast.
        package static func tooManyRequests(retryAfter: String, body: String = "") -> Answer {
            .respond(status: 429, headers: [Header("Retry-After", retryAfter)], body: Array(body.utf8))
        }

        package static func redirect(to location: String, status: Int = 302) -> Answer {
            .respond(status: status, headers: [Header("Location", location)], body: [])
        }
    }

    package let port: Int
    package let usesTLS: Bool
    private let listener: LoopbackListener
    private let context: OpaquePointer?
    private let condition = NSCondition()
    private var recorded: [Request] = []
    private var answersByPath: [String: Answer] = [:]
    private var answersInOrder: [Answer] = []
    private var accepted = 0

    /// Plain HTTP.
    package convenience init() throws {
        try self.init(tls: nil)
    }

    /// HTTPS with this PEM certificate (chain) and key (`TestCertificates`' files).
    package convenience init(certificate: String, key: String) throws {
        try self.init(tls: (certificate, key))
    }

    private init(tls: (certificate: String, key: String)?) throws {
        // As gather-server does at start-up: OpenSSL writes with write(2), which raises SIGPIPE
        // on a peer that has gone (a client that gave up on a large body), and the default
        // action would end the whole test process. Plain sockets here send with MSG_NOSIGNAL.
        signal(SIGPIPE, SIG_IGN)
        if let tls {
            guard let method = TLS_server_method(), let context = SSL_CTX_new(method) else {
                throw TestCertificates.Failure(description: "SSL_CTX_new failed")
            }
            guard SSL_CTX_use_certificate_chain_file(context, tls.certificate) == 1,
                  SSL_CTX_use_PrivateKey_file(context, tls.key, SSL_FILETYPE_PEM) == 1 else {
                SSL_CTX_free(context)
                throw TestCertificates.Failure(description: "cannot load \(tls.certificate) and \(tls.key)")
            }
            self.context = context
        } else {
            context = nil
        }
        usesTLS = tls != nil
        do {
            listener = try LoopbackListener()
        } catch {
            if let context { SSL_CTX_free(context) }
            throw error
        }
        port = listener.port
        listener.accept { [self] connection in
            condition.withLock { accepted += 1 }
            serve(connection)
        }
    }

    deinit {
        if let context { SSL_CTX_free(context) }
    }

    /// `http://127.0.0.1:PORT` or `https://…`, without a slash.
    package var baseURL: String { "\(usesTLS ? "https" : "http")://127.0.0.1:\(port)" }

    /// Every request for `path` (its query aside) is answered so, from now on.
    package func answer(path: String, with answer: Answer) {
        condition.withLock { answersByPath[path] = answer }
    }

    /// The next requests (of paths without an answer of their own), one answer each, in order of arrival.
    package func answerInOrder(_ answers: [Answer]) {
        condition.withLock { answersInOrder += answers }
    }

    /// Every request read so far, in order of arrival.
    package var requests: [Request] { condition.withLock { recorded } }

    /// Connections accepted so far, TLS handshakes that failed included.
    package var connections: Int { condition.withLock { accepted } }

    /// Waits until `count` requests have arrived, or `timeout` has passed: the requests then.
    package func waitForRequests(count: Int, timeout: Duration = .seconds(5)) -> [Request] {
        let (seconds, attoseconds) = timeout.components
        let deadline = Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while recorded.count < count {
            guard condition.wait(until: deadline) else { break }
        }
        return recorded
    }

    /// Stops accepting: accept fails from now on, and its thread closes the listener. Open
    /// connections end when their clients close them.
    package func stop() {
        listener.stop()
    }

    private func serve(_ descriptor: Int32) {
        let link: Link
        if let context {
            guard let ssl = SSL_new(context) else {
                close(descriptor)
                return
            }
            guard SSL_set_fd(ssl, descriptor) == 1, SSL_accept(ssl) == 1 else {
                // The client refused the certificate (or spoke no TLS): nothing to read.
                ERR_clear_error()
                SSL_free(ssl)
                close(descriptor)
                return
            }
            link = Link(descriptor, ssl: ssl)
        } else {
            link = Link(descriptor, ssl: nil)
        }
        var buffer: [UInt8] = []
        while let request = ChannelReceiver.readRequest(link, buffer: &buffer) {
            let answer = condition.withLock { () -> Answer in
                recorded.append(request)
                condition.broadcast()
                if let answer = answersByPath[request.path] { return answer }
                return answersInOrder.isEmpty ? .status(200) : answersInOrder.removeFirst()
            }
            let closing = request.header("Connection")?.lowercased() == "close"
            guard ChannelReceiver.send(answer, over: link, closing: closing), !closing else { break }
        }
        link.close()
    }

    /// Carries `answer` out; whether the connection can serve another request.
    private static func send(_ answer: Answer, over link: Link, closing: Bool) -> Bool {
        switch answer {
        case let .respond(status, headers, body):
            var head = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n"
            for header in headers { head += "\(header.name): \(header.value)\r\n" }
            head += "Content-Length: \(body.count)\r\n"
            if closing { head += "Connection: close\r\n" }
            return link.write(Array((head + "\r\n").utf8) + body)
        case let .delayed(delay, then):
            // The delay is the behaviour under test (a slow webhook), not a way to wait for anything.
            let (seconds, attoseconds) = delay.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
            return send(then, over: link, closing: closing)
        case .reset:
            link.reset()
            return false
        case .silence:
            var scratch = [UInt8](repeating: 0, count: 4096)
            while link.read(into: &scratch) > 0 {}
            return false
        case let .large(status, bytes, declaresLength):
            let framing = declaresLength ? "Content-Length: \(bytes)\r\n" : "Connection: close\r\n"
            guard link.write(Array("HTTP/1.1 \(status) \(reasonPhrase(status))\r\n\(framing)\r\n".utf8)) else { return false }
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            var left = bytes
            while left > 0 {
                guard link.write(Array(chunk.prefix(left))) else { return false }
                left -= min(left, chunk.count)
            }
            return declaresLength
        }
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }

    /// The next whole request (a body framed by `Content-Length`), nil at the connection's end.
    private static func readRequest(_ link: Link, buffer: inout [UInt8]) -> Request? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while buffer.firstRange(of: end) == nil {
            guard buffer.count < 1024 * 1024 else { return nil }
            let count = link.read(into: &chunk)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
        guard let headEnd = buffer.firstRange(of: end) else { return nil }
        let lines = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(headEnd.upperBound)
        let words = lines[0].split(separator: " ")
        guard words.count == 3 else { return nil }
        let headers = lines.dropFirst().compactMap { line -> Header? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return Header(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        while buffer.count < length {
            let count = link.read(into: &chunk)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Request(method: String(words[0]), target: String(words[1]), headers: headers, body: body)
    }
}

/// One accepted connection, plain or through its TLS session.
private final class Link {
    private let descriptor: Int32
    private var ssl: OpaquePointer?
    private var released = false

    init(_ descriptor: Int32, ssl: OpaquePointer?) {
        self.descriptor = descriptor
        self.ssl = ssl
    }

    /// Bytes read into `buffer`; 0 or less at the end of the connection (or a failure).
    func read(into buffer: inout [UInt8]) -> Int {
        let capacity = buffer.count
        if let ssl {
            return buffer.withUnsafeMutableBytes { Int(SSL_read(ssl, $0.baseAddress, Int32(capacity))) }
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, capacity, 0) }
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Writes all of `bytes`; false if the peer has gone.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw -> Int in
                let rest = UnsafeRawBufferPointer(rebasing: raw[offset...])
                if let ssl { return Int(SSL_write(ssl, rest.baseAddress, Int32(clamping: rest.count))) }
                return Glibc.send(descriptor, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && ssl == nil && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Ends the connection with a reset: no close_notify, and the kernel sends RST, not FIN.
    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        release(shutdown: false)
    }

    func close() {
        release(shutdown: true)
    }

    private func release(shutdown: Bool) {
        // Once only: the number may already belong to another connection's socket.
        guard !released else { return }
        released = true
        if let ssl {
            if shutdown { _ = SSL_shutdown(ssl) }
            ERR_clear_error()
            SSL_free(ssl)
            self.ssl = nil
        }
        Glibc.close(descriptor)
    }
}
