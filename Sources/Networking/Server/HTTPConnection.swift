import CLinux
import Glibc
import HTTP

/// One client connection, driven by its event loop: reading → processing → writing → reading…,
/// ending in draining (a lingering close) or closed. Only its loop's thread touches it.
final class HTTPConnection: EventHandler {
    enum State {
        case reading
        case processing
        case writing
        case draining
        case closed
    }

    /// What the access log and the response framing need to know about the request being answered.
    private struct Exchange {
        let id: UInt64
        let method: String
        let path: String
        let isHead: Bool
        let keepAlive: Bool
        let startedAt: UInt64
        let client: String
    }

    let descriptor: Int32
    let serial: UInt64
    /// The peer's address, read once at accept.
    let peer: String
    private unowned let owner: ServerLoop
    private var parser: HTTPRequestParser
    private(set) var state: State = .reading
    private var output: [UInt8] = []
    private var outputOffset = 0
    private var exchange: Exchange?
    private var keepAliveAfterWrite = true
    /// The peer has sent FIN: no more bytes will come, though a response can still go out.
    private var readClosed = false
    /// The peer is gone entirely: nothing can be written.
    private var peerGone = false
    private var requestStartedAt: UInt64?
    private var lastActivity: UInt64
    private var drainDeadline: UInt64 = 0

    private static let readEvents = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
    private static let writeEvents = EPOLLOUT.rawValue

    init(descriptor: Int32, serial: UInt64, owner: ServerLoop, limits: HTTPLimits) {
        self.descriptor = descriptor
        self.serial = serial
        self.owner = owner
        self.parser = HTTPRequestParser(limits: limits)
        self.lastActivity = MonotonicClock.now()
        self.peer = Socket.peerAddress(descriptor)
    }

    var isIdle: Bool { state == .reading && !parser.hasPartialRequest && outputOffset >= output.count }

    func register() throws {
        try owner.loop.register(descriptor, events: HTTPConnection.readEvents, handler: self)
    }

    // MARK: Events

    func handle(events: UInt32) {
        if events & EPOLLERR.rawValue != 0 {
            close()
            return
        }
        if events & EPOLLHUP.rawValue != 0 {
            switch state {
            case .processing:
                // Level-triggered HUP would fire until the response is ready: stop listening and remember.
                peerGone = true
                owner.loop.deregister(descriptor)
                return
            case .writing:
                close()
                return
            case .reading, .draining, .closed:
                break
            }
        }
        if events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue) != 0,
           state == .reading || state == .draining {
            readAvailable()
        }
        if events & EPOLLOUT.rawValue != 0, state != .closed {
            flush()
        }
    }

    private func readAvailable() {
        // A bounded number of reads per wake-up keeps one busy peer from starving the others;
        // level-triggered epoll reports the rest on the next turn.
        reading: for _ in 0..<4 {
            let result: Socket.IOResult
            do {
                result = try Socket.read(descriptor, into: owner.readBuffer)
            } catch {
                close()
                return
            }
            switch result {
            case .bytes(let count):
                lastActivity = MonotonicClock.now()
                if state != .draining {
                    parser.append(UnsafeRawBufferPointer(rebasing: owner.readBuffer[0..<count]))
                }
                if count == owner.readBuffer.count { continue reading }
            case .wouldBlock:
                break
            case .endOfStream:
                readClosed = true
            }
            break reading
        }
        if state == .draining {
            if readClosed { close() }
            return
        }
        processBuffered()
    }

    /// Takes the next complete request out of the parser, if any, and starts answering it.
    private func processBuffered() {
        guard state == .reading else { return }
        let request: HTTPRequest?
        do {
            request = try parser.nextRequest()
        } catch {
            respondToUnreadableRequest(status: error.status, reason: error.reason)
            return
        }
        if let request {
            begin(request)
            return
        }
        if parser.takeContinueRequest() {
            output.append(contentsOf: HTTPResponseSerializer.continueResponse)
            flush()
            guard state != .closed else { return }
        }
        if parser.hasPartialRequest {
            if requestStartedAt == nil { requestStartedAt = MonotonicClock.now() }
        } else {
            requestStartedAt = nil
        }
        if readClosed {
            // No request can complete now; anything partial is abandoned by the peer.
            close()
        }
    }

    private func begin(_ incoming: HTTPRequest) {
        var request = incoming
        request.client = client(of: request)
        state = .processing
        requestStartedAt = nil
        let id = owner.shared.nextRequestID()
        exchange = Exchange(id: id, method: request.method.rawValue, path: request.path,
                            isHead: request.method == .head, keepAlive: request.keepAlive,
                            startedAt: MonotonicClock.now(), client: request.client)
        // Stop reading while this request is answered: pipelined requests wait in the socket, in order.
        owner.loop.modify(descriptor, events: 0)
        owner.dispatch(request, to: self)
    }

    /// Who the request is from: the peer, or the client a trusted proxy names.
    private func client(of request: HTTPRequest) -> String {
        guard owner.shared.configuration.trustProxyHeaders else { return peer }
        return ForwardedClient.client(of: request.headers, peer: peer)
    }

    /// Called on the loop thread when the worker has the response.
    func complete(with response: HTTPResponse) {
        guard state == .processing, let exchange else { return }
        send(response, exchange: exchange, keepAlive: exchange.keepAlive && !owner.isShuttingDown)
    }

    private func respondToUnreadableRequest(status: HTTPStatus, reason: String) {
        let exchange = Exchange(id: owner.shared.nextRequestID(), method: "-", path: "-", isHead: false,
                                keepAlive: false, startedAt: requestStartedAt ?? MonotonicClock.now(), client: peer)
        self.exchange = exchange
        send(owner.shared.responder.errorResponse(status, reason: reason), exchange: exchange, keepAlive: false)
    }

    private func send(_ response: HTTPResponse, exchange: Exchange, keepAlive: Bool) {
        owner.log(AccessLogEntry(requestID: exchange.id, method: exchange.method, path: exchange.path,
                                 status: response.status.code,
                                 duration: .nanoseconds(Int64(MonotonicClock.now() - exchange.startedAt)),
                                 client: exchange.client))
        if peerGone {
            close()
            return
        }
        keepAliveAfterWrite = keepAlive
        output.append(contentsOf: HTTPResponseSerializer.serialize(response, isHead: exchange.isHead,
                                                                  keepAlive: keepAlive, date: owner.currentDate()))
        state = .writing
        lastActivity = MonotonicClock.now()
        flush()
    }

    private func flush() {
        while outputOffset < output.count {
            let result: Socket.IOResult
            do {
                result = try output.withUnsafeBytes { bytes in
                    try Socket.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[outputOffset...]))
                }
            } catch {
                close()
                return
            }
            switch result {
            case .bytes(let count):
                outputOffset += count
                lastActivity = MonotonicClock.now()
            case .wouldBlock, .endOfStream:
                let reading = state == .reading ? HTTPConnection.readEvents : 0
                owner.loop.modify(descriptor, events: HTTPConnection.writeEvents | reading)
                return
            }
        }
        output.removeAll(keepingCapacity: output.count <= 64 * 1024)
        outputOffset = 0
        switch state {
        case .writing:
            finishedWriting()
        case .reading:
            owner.loop.modify(descriptor, events: HTTPConnection.readEvents)
        default:
            break
        }
    }

    private func finishedWriting() {
        exchange = nil
        guard keepAliveAfterWrite else {
            beginDraining()
            return
        }
        state = .reading
        lastActivity = MonotonicClock.now()
        owner.loop.modify(descriptor, events: HTTPConnection.readEvents)
        // Pipelined requests already buffered are answered now; bytes still in the socket
        // are reported by epoll now that reading is on again.
        processBuffered()
    }

    /// Half-closes and reads what the peer still sends for a moment: closing with unread data would
    /// reset the connection and could destroy the response before the peer reads it.
    private func beginDraining() {
        if readClosed {
            close()
            return
        }
        shutdown(descriptor, Int32(SHUT_WR))
        state = .draining
        drainDeadline = MonotonicClock.now() + owner.lingerNanoseconds
        owner.loop.modify(descriptor, events: HTTPConnection.readEvents)
    }

    // MARK: Timers and shutdown

    /// Called about every tick: enforces the read, idle, write and linger timeouts.
    func checkTimeouts(now: UInt64, timeouts: ServerLoop.Timeouts) {
        switch state {
        case .reading:
            if let started = requestStartedAt {
                let limit = parser.isReadingBody ? timeouts.bodyRead : timeouts.headerRead
                if now - started > limit {
                    respondToUnreadableRequest(status: .requestTimeout, reason: "request not received in time")
                }
            } else if now - lastActivity > timeouts.idle {
                close()
            }
        case .writing:
            if now - lastActivity > timeouts.write { close() }
        case .draining:
            if now > drainDeadline { close() }
        case .processing, .closed:
            break
        }
    }

    /// Shutdown has begun: an idle connection closes now; a busy one closes after its response.
    /// Bytes already in the socket count: a request the peer sent before the shutdown, not yet
    /// read by this loop, is taken in and answered rather than reset.
    func closeIfIdle() {
        if state == .reading { readAvailable() }
        if isIdle { close() }
    }

    func close() {
        guard state != .closed else { return }
        state = .closed
        owner.loop.deregister(descriptor)
        Glibc.close(descriptor)
        owner.connectionClosed(self)
    }
}
