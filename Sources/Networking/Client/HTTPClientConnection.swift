import CLinux
import Glibc
import HTTP

/// A blocking HTTP/1.1 client connection, plain or over TLS, with a deadline on every operation.
/// Used by the terminal client, the health check and the tests. One thread at a time.
package final class HTTPClientConnection {
    package let host: String
    package let port: Int
    private var descriptor: Int32
    /// Set for https: every byte goes through it.
    private var tls: TLSSession?
    private var parser = HTTPResponseParser()
    private var peerClosed = false
    /// A final response read while waiting for an interim one.
    private var stashedResponse: ReceivedResponse?

    /// Connects to `host:port` (a name or a numeric address), waiting at most `timeout`.
    /// - Parameter receiveBufferSize: a kernel receive buffer (SO_RCVBUF) to ask for; small values
    ///   make a server meet a slow reader.
    /// With `tls`, the TLS handshake (and the certificate check) happens within the same `timeout`.
    package convenience init(host: String, port: Int, timeout: Duration, tls: TLSClientContext? = nil) throws {
        try self.init(host: host, port: port, timeout: timeout, receiveBufferSize: nil, tls: tls)
    }

    /// With a small receive buffer, so a test can make the server wait for its reader; from
    /// `localAddress` (127.0.0.2, say), so a test can be two clients on one machine.
    package init(host: String, port: Int, timeout: Duration, receiveBufferSize: Int?,
                               localAddress: String? = nil, tls: TLSClientContext? = nil) throws {
        self.host = host
        self.port = port
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        descriptor = try HTTPClientConnection.connect(host: host, port: port, timeout: timeout, receiveBufferSize: receiveBufferSize,
                                                      localAddress: localAddress)
        if let tls {
            do {
                try shakeHands(tls, until: deadline)
            } catch {
                close()
                throw error
            }
        }
    }

    /// Connects to one address already resolved (and checked by whoever resolved it), never
    /// resolving `host` again: `host` is only the name the TLS certificate must be for, sent as
    /// the server name, while the socket goes to `address`. The connection and the TLS handshake
    /// happen within `timeout`; responses are read within `limits`.
    init(connectingTo address: Socket.Address, host: String, port: Int, timeout: Duration, tls: TLSClientContext?,
         limits: HTTPLimits) throws {
        self.host = host
        self.port = port
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        parser = HTTPResponseParser(limits: limits)
        descriptor = try HTTPClientConnection.connect(to: address, until: deadline)
        if let tls {
            do {
                try shakeHands(tls, until: deadline)
            } catch {
                close()
                throw error
            }
        }
    }

    /// Runs the TLS handshake to its end, waiting on the socket as it asks.
    private func shakeHands(_ context: TLSClientContext, until deadline: UInt64) throws {
        let session = try TLSSession.connecting(descriptor, host: host, context: context)
        tls = session
        while true {
            let step: TLSSession.Progress
            do {
                step = try session.handshake()
            } catch {
                throw TLSError.classify(error, verifyResult: session.verifyResult, host: host)
            }
            switch step {
            case .done, .bytes: return
            case .wantRead: try wait(for: Int16(POLLIN), until: deadline)
            case .wantWrite: try wait(for: Int16(POLLOUT), until: deadline)
            case .closed:
                // Closed mid-handshake: a failed certificate check on the other side, or not TLS at all.
                throw TLSError.classify(TLSError.handshakeFailed("the server closed the connection during the handshake"),
                                        verifyResult: session.verifyResult, host: host)
            }
        }
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    package var isOpen: Bool { descriptor >= 0 && !peerClosed }

    /// Whether a request can go out on this connection now: open, and the server has neither
    /// closed it while idle nor sent anything unasked (checked without waiting).
    package var isReusable: Bool {
        guard isOpen else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&entry, 1, 0) != 0 else { return true }
        // Over TLS the server may send records of its own (session tickets) after the handshake:
        // those are read and are no reason to drop the connection; data or a close is.
        guard let tls else { return false }
        var scratch = [UInt8](repeating: 0, count: 512)
        let progress = try? scratch.withUnsafeMutableBytes { try tls.read(into: $0) }
        return progress == .wantRead
    }

    package func close() {
        tls = nil
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    /// Sends a request and waits for its response.
    package func send(method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                     timeout: Duration) throws -> ReceivedResponse {
        let bytes = try HTTPRequestSerializer.serialize(method: method, target: target, host: "\(host):\(port)",
                                                       headers: headers, body: body)
        try write(bytes, timeout: timeout)
        expectResponse(to: method)
        return try readResponse(timeout: timeout)
    }

    /// Sends a request whose answer is read as it arrives (an event stream): returns its head
    /// (with an empty body) once that has arrived; the body then comes from `readArrivedBody`.
    package func open(method: HTTPMethod = .get, target: String, headers: HTTPHeaders = HTTPHeaders(),
                      timeout: Duration) throws -> ReceivedResponse {
        let bytes = try HTTPRequestSerializer.serialize(method: method, target: target, host: "\(host):\(port)",
                                                       headers: headers, body: [])
        try write(bytes, timeout: timeout)
        expectResponse(to: method)
        return try readHead(timeout: timeout)
    }

    /// After a request went out through `write` and `expectResponse`: the next response's head
    /// (with an empty body) once it has arrived, its body then read with `readArrivedBody`, so
    /// a caller can bound the body by what it will keep rather than by what the server sends.
    package func readHead(timeout: Duration) throws -> ReceivedResponse {
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        while true {
            if let head = try parser.nextHead() { return head }
            guard !peerClosed else { throw HTTPClientError.connectionClosed }
            try readSome(until: deadline)
        }
    }

    /// After `open`: the body's bytes that arrive within `timeout` (`HTTPClientError.timedOut`
    /// if none do), or nil once the body has ended. Whatever has already arrived comes at once.
    package func readArrivedBody(timeout: Duration) throws -> [UInt8]? {
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        while true {
            guard let arrived = try parser.nextArrivedBody() else { return nil }
            if !arrived.bytes.isEmpty || arrived.isComplete {
                // The end comes as nil on the next call, after the last bytes.
                return arrived.bytes.isEmpty ? nil : arrived.bytes
            }
            guard !peerClosed else { throw HTTPClientError.connectionClosed }
            try readSome(until: deadline)
        }
    }

    /// Tells the reader that a request with `method` went out through `write` (HEAD answers have no body).
    package func expectResponse(to method: HTTPMethod) {
        parser.expectResponse(to: method)
    }

    /// Writes raw bytes, all of them, within `timeout`.
    package func write(_ bytes: [UInt8], timeout: Duration) throws {
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        var offset = 0
        while offset < bytes.count {
            let result = try bytes.withUnsafeBytes { try send(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case .bytes(let count): offset += count
            case .wantRead: try wait(for: Int16(POLLIN), until: deadline)
            case .wantWrite, .done: try wait(for: Int16(POLLOUT), until: deadline)
            case .closed: throw HTTPClientError.connectionClosed
            }
        }
    }

    /// One write, plain or through TLS.
    private func send(_ buffer: UnsafeRawBufferPointer) throws -> TLSSession.Progress {
        if let tls { return try tls.write(buffer) }
        switch try Socket.write(descriptor, buffer) {
        case .bytes(let count): return .bytes(count)
        case .wouldBlock: return .wantWrite
        case .endOfStream: return .closed
        }
    }

    /// One read, plain or through TLS.
    private func receive(_ buffer: UnsafeMutableRawBufferPointer) throws -> TLSSession.Progress {
        if let tls { return try tls.read(into: buffer) }
        switch try Socket.read(descriptor, into: buffer) {
        case .bytes(let count): return .bytes(count)
        case .wouldBlock: return .wantRead
        case .endOfStream: return .closed
        }
    }

    /// The next response, waiting at most `timeout`.
    package func readResponse(timeout: Duration) throws -> ReceivedResponse {
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        if let stashed = stashedResponse {
            stashedResponse = nil
            return stashed
        }
        while true {
            if let response = try parser.nextResponse() { return response }
            guard !peerClosed else { throw HTTPClientError.connectionClosed }
            try readSome(until: deadline)
        }
    }

    /// After sending a head with `Expect: 100-continue`: waits for the interim answer and returns its status.
    package func waitForInterimResponse(timeout: Duration) throws -> Int {
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        let seen = parser.interimStatuses.count
        while true {
            if stashedResponse == nil, let response = try parser.nextResponse() {
                stashedResponse = response
            }
            if parser.interimStatuses.count > seen { return parser.interimStatuses[seen] }
            // A final answer instead (e.g. 413): readResponse returns it.
            if stashedResponse != nil { throw HTTPClientError.finalResponseInsteadOfContinue }
            guard !peerClosed else { throw HTTPClientError.connectionClosed }
            try readSome(until: deadline)
        }
    }

    /// Waits until the server closes the connection; false if it is still open at the deadline.
    /// Bytes that arrive meanwhile are kept for `readResponse`.
    package func waitForClose(timeout: Duration) throws -> Bool {
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        while !peerClosed {
            do {
                try readSome(until: deadline)
            } catch HTTPClientError.timedOut {
                return false
            } catch let error as SystemError where error.code == ECONNRESET {
                peerClosed = true
            }
        }
        return true
    }

    private func readSome(until deadline: UInt64) throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let result = try chunk.withUnsafeMutableBytes { try receive($0) }
            switch result {
            case .bytes(let count):
                parser.append(chunk[0..<count])
                return
            case .closed:
                peerClosed = true
                parser.finish()
                return
            case .wantRead, .done:
                try wait(for: Int16(POLLIN), until: deadline)
            case .wantWrite:
                try wait(for: Int16(POLLOUT), until: deadline)
            }
        }
    }

    private func wait(for events: Int16, until deadline: UInt64) throws {
        try HTTPClientConnection.poll(descriptor, events: events, until: deadline)
    }

    private static func poll(_ fd: Int32, events: Int16, until deadline: UInt64) throws {
        while true {
            let now = MonotonicClock.now()
            guard now < deadline else { throw HTTPClientError.timedOut }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let milliseconds = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            let result = Glibc.poll(&entry, 1, milliseconds)
            if result > 0 { return }
            if result < 0 && errno != EINTR { throw SystemError("poll") }
        }
    }

    /// One address, no other tried: the caller chose it, and decides what to do if it fails.
    private static func connect(to address: Socket.Address, until deadline: UInt64) throws -> Int32 {
        var failure: any Error = HTTPClientError.connectionRefused
        guard let fd = try complete(try address.makeSocket(), to: address, until: deadline, failure: &failure) else { throw failure }
        return fd
    }

    /// Connects the non-blocking `fd` to `address` by `deadline`: `fd` once connected; nil, with
    /// `fd` closed and why in `failure`, when the address refused or failed (another may be
    /// tried); thrown when time ran out (no other address would have any).
    private static func complete(_ fd: Int32, to address: Socket.Address, until deadline: UInt64, failure: inout any Error) throws -> Int32? {
        if address.withSocketAddress({ Glibc.connect(fd, $0, $1) }) == 0 {
            Socket.setNoDelay(fd)
            return fd
        }
        guard errno == EINPROGRESS else {
            failure = errno == ECONNREFUSED ? HTTPClientError.connectionRefused : SystemError("connect")
            Glibc.close(fd)
            return nil
        }
        do {
            try poll(fd, events: Int16(POLLOUT), until: deadline)
        } catch {
            Glibc.close(fd)
            throw error
        }
        var socketError: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length)
        guard socketError == 0 else {
            failure = socketError == ECONNREFUSED ? HTTPClientError.connectionRefused : SystemError("connect", code: socketError)
            Glibc.close(fd)
            return nil
        }
        Socket.setNoDelay(fd)
        return fd
    }

    private static func connect(host: String, port: Int, timeout: Duration, receiveBufferSize: Int?,
                                localAddress: String?) throws -> Int32 {
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(timeout)
        var lastError: any Error = HTTPClientError.connectionRefused
        let localAddresses = try localAddress.map { try Socket.resolve(host: $0, port: 0, passive: false) }
        for address in try Socket.resolve(host: host, port: port, passive: false) {
            let fd: Int32
            do { fd = try address.makeSocket() } catch { lastError = error; continue }
            if let localAddresses {
                let local = localAddresses.first { $0.family == address.family }
                guard let local, local.withSocketAddress({ bind(fd, $0, $1) }) == 0 else {
                    lastError = local == nil ? SystemError("bind", code: EAFNOSUPPORT) : SystemError("bind")
                    Glibc.close(fd)
                    continue
                }
            }
            if var size = receiveBufferSize.map(Int32.init(clamping:)) {
                // Before connect, so the TCP window is negotiated with it.
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            if let connected = try complete(fd, to: address, until: deadline, failure: &lastError) { return connected }
        }
        throw lastError
    }
}

package enum HTTPClientError: Error, Equatable, CustomStringConvertible {
    case timedOut
    case connectionRefused
    case connectionClosed
    case finalResponseInsteadOfContinue

    package var description: String {
        switch self {
        case .timedOut: return "the server did not answer in time"
        case .connectionRefused: return "connection refused: is the server running?"
        case .connectionClosed: return "the server closed the connection"
        case .finalResponseInsteadOfContinue: return "the server answered before the body was sent"
        }
    }
}
