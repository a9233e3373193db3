import CLinux
import Glibc
import HTTP

/// One client connection, driven by its event loop: (handshaking →) reading → processing →
/// writing → reading…, ending in draining (a lingering close) or closed; a streamed response
/// (`HTTPBodyStream`) keeps it streaming until it closes. Only its loop's thread touches it. Over
/// TLS every byte goes through its `TLSSession`.
final class HTTPConnection: EventHandler {
    enum State {
        /// TLS only: the handshake has not finished.
        case handshaking
        case reading
        case processing
        case writing
        /// A streamed response: its head is out, its body goes out as the stream writes it, and
        /// the connection closes when either side ends it. Bytes the peer sends are dropped.
        case streaming
        case draining
        case closed
    }

    let descriptor: Int32
    let serial: UInt64
    /// The peer's address, read once at accept.
    let peer: String
    /// What it is counted under in `ServerShared.connectionsPerAddress`; nil when not counted per address.
    let address: String?
    private unowned let owner: ServerLoop
    private var parser: HTTPRequestParser
    private(set) var state: State = .reading
    private var output = PendingOutput()
    private var exchange: Exchange?
    private var keepAliveAfterWrite = true
    /// The peer has sent FIN: no more bytes will come, though a response can still go out.
    private var readClosed = false
    /// The peer is gone entirely: nothing can be written.
    private var peerGone = false
    private var deadlines: ConnectionDeadlines
    /// Set on an HTTPS port.
    private var tls: TLSSession?
    /// The first byte has been looked at (a TLS port answers plain HTTP with a clear 400).
    private var sniffed = false
    /// The events epoll watches for now: changed only when they differ, one system call saved
    /// twice per request.
    private var watched = HTTPConnection.readEvents
    /// Nil before `register` and once the loop stops watching (the peer gone, or closed).
    private var registration: EventRegistration?
    /// Set while `processBuffered` runs: a request answered on the loop finishes within it, and
    /// the next pipelined request is then taken by the same loop rather than by recursion.
    private var processingBuffered = false
    private var moreBuffered = false
    /// While streaming: the body's source, told when the connection closes, and its writer.
    private var stream: (any HTTPBodyStream)?
    private var streamWriter: ConnectionStreamWriter?
    /// Its place in the loop's `IdleConnections`, changed by that list alone.
    var isListedIdle = false
    var idlePrevious: HTTPConnection?
    var idleNext: HTTPConnection?

    private static let readEvents = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
    private static let writeEvents = EPOLLOUT.rawValue

    /// With `tls`, the connection starts with the server's side of a TLS handshake.
    init(descriptor: Int32, serial: UInt64, peer: String, address: String?, owner: ServerLoop, limits: HTTPLimits,
         tls: TLSServerContext?) throws {
        self.descriptor = descriptor
        self.serial = serial
        self.owner = owner
        self.parser = HTTPRequestParser(limits: limits)
        self.deadlines = ConnectionDeadlines(now: MonotonicClock.now())
        self.peer = peer
        self.address = address
        if let tls {
            self.tls = try TLSSession.accepting(descriptor, context: tls)
            state = .handshaking
            deadlines.noteRequestArriving(true, at: MonotonicClock.now())
        }
    }

    /// Nothing in flight: shutdown may close it now (a handshake not finished counts as nothing), and
    /// so may a newcomer when the server is full (`IdleConnections`).
    var isIdle: Bool {
        state == .handshaking || (state == .reading && !parser.hasPartialRequest && output.isEmpty)
    }

    func register() throws {
        registration = try owner.loop.register(descriptor, events: HTTPConnection.readEvents, handler: self)
        watched = HTTPConnection.readEvents
    }

    private func watch(_ events: UInt32) {
        guard events != watched, let registration else { return }
        watched = events
        owner.loop.modify(registration, events: events)
    }

    /// Stops the loop's events for this connection (once).
    private func unwatch() {
        guard let registration else { return }
        owner.loop.deregister(registration)
        self.registration = nil
    }

    // MARK: Events

    func handle(events: UInt32) {
        // Each way in from the loop (events, a response, a tick, shutdown) ends by telling the loop
        // whether the connection is now idle.
        defer { owner.noteIdleness(of: self) }
        if events & EPOLLERR.rawValue != 0 {
            close()
            return
        }
        if state == .handshaking {
            continueHandshake()
            return
        }
        if events & EPOLLHUP.rawValue != 0 {
            switch state {
            case .processing:
                // Level-triggered HUP would fire until the response is ready: stop listening and remember.
                peerGone = true
                unwatch()
                return
            case .writing, .streaming:
                close()
                return
            case .handshaking, .reading, .draining, .closed:
                break
            }
        }
        if events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue) != 0,
           state == .reading || state == .draining || state == .streaming {
            readAvailable()
        }
        if events & EPOLLOUT.rawValue != 0, state != .closed {
            flush()
        }
    }

    // MARK: TLS

    /// Runs the handshake as far as the socket allows.
    private func continueHandshake() {
        guard let tls else { return }
        if !sniffed {
            // Every TLS connection opens with a handshake record (content type 22); anything else
            // is most likely plain HTTP sent to the HTTPS port, which deserves an answer it can read.
            var first: UInt8 = 0
            let count = recv(descriptor, &first, 1, Int32(MSG_PEEK))
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
                close()
                return
            }
            guard count == 1 else { return }
            sniffed = true
            if first != 22 {
                refusePlainHTTP()
                return
            }
        }
        let progress: TLSSession.Progress
        do {
            progress = try tls.handshake()
        } catch {
            close()
            return
        }
        deadlines.noteActivity(at: MonotonicClock.now())
        switch progress {
        case .done, .bytes:
            state = .reading
            deadlines.noteRequestArriving(false, at: MonotonicClock.now())
            watch(HTTPConnection.readEvents)
            // The first request may have come with the handshake's last flight.
            readAvailable()
        case .wantRead:
            watch(HTTPConnection.readEvents)
        case .wantWrite:
            watch(HTTPConnection.writeEvents)
        case .closed:
            close()
        }
    }

    /// Plain HTTP on the HTTPS port: a plain 400 that says so, then close.
    private func refusePlainHTTP() {
        tls = nil
        state = .reading
        watch(HTTPConnection.readEvents)
        respondToUnreadableRequest(status: .badRequest, reason: "this port speaks HTTPS: use an https:// address")
    }

    /// One read, plain or through TLS (while draining, the bytes are dropped unread by TLS).
    private func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> Socket.IOResult {
        guard let tls, state != .draining && state != .streaming else { return try Socket.read(descriptor, into: buffer) }
        switch try tls.read(into: buffer) {
        case .bytes(let count): return .bytes(count)
        // With renegotiation off, a read waits on reading; a TLS 1.3 key update's reply is written
        // by the next write.
        case .wantRead, .wantWrite, .done: return .wouldBlock
        case .closed: return .endOfStream
        }
    }

    /// One write, plain or through TLS.
    private func send(_ buffer: UnsafeRawBufferPointer) throws -> Socket.IOResult {
        guard let tls else { return try Socket.write(descriptor, buffer) }
        switch try tls.write(buffer) {
        case .bytes(let count): return .bytes(count)
        case .wantRead, .wantWrite, .done: return .wouldBlock
        case .closed: return .endOfStream
        }
    }

    // MARK: Reading

    private func readAvailable() {
        // A bounded number of reads per wake-up keeps one busy peer from starving the others;
        // level-triggered epoll reports the rest on the next turn.
        reading: for _ in 0..<4 {
            let result: Socket.IOResult
            do {
                result = try receive(into: owner.readBuffer)
            } catch {
                close()
                return
            }
            switch result {
            case .bytes(let count):
                deadlines.noteActivity(at: MonotonicClock.now())
                if state == .reading {
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
        if state == .draining || state == .streaming {
            // A streaming peer that closes its side has left: nothing more goes to it.
            if readClosed { close() }
            return
        }
        processBuffered()
    }

    /// Takes the next complete request out of the parser, if any, and starts answering it; again
    /// while requests answered on the loop leave more waiting.
    private func processBuffered() {
        guard !processingBuffered else {
            moreBuffered = true
            return
        }
        processingBuffered = true
        defer { processingBuffered = false }
        repeat {
            moreBuffered = false
            processNextBuffered()
        } while moreBuffered
    }

    private func processNextBuffered() {
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
            output.append(HTTPResponseSerializer.continueResponse)
            flush()
            guard state != .closed else { return }
        }
        deadlines.noteRequestArriving(parser.hasPartialRequest, at: MonotonicClock.now())
        if readClosed {
            // No request can complete now; anything partial is abandoned by the peer.
            close()
        }
    }

    private func begin(_ incoming: HTTPRequest) {
        var request = incoming
        request.client = client(of: request)
        state = .processing
        // Out of the idle list now: a request answered during this turn makes the connection idle
        // again before the turn ends, and it must then go to the back of the list, not keep its place.
        owner.leaveIdleList(self)
        deadlines.noteRequestArriving(false, at: MonotonicClock.now())
        let id = owner.shared.nextRequestID()
        exchange = Exchange(id: id, method: request.method.rawValue, path: request.path,
                            isHead: request.method == .head, keepAlive: request.keepAlive, isHTTP10: request.version == .http1_0,
                            startedAt: MonotonicClock.now(), client: request.client)
        guard let response = owner.answer(request, for: self, requestID: id) else {
            // Stop reading while this request is answered: pipelined requests wait in the socket, in order.
            watch(0)
            return
        }
        complete(with: response, requestID: id)
    }

    /// Who the request is from: the peer, or the client a trusted proxy names.
    private func client(of request: HTTPRequest) -> String {
        guard owner.shared.configuration.trustProxyHeaders else { return peer }
        return ForwardedClient.client(of: request.headers, peer: peer)
    }

    /// The response to request `requestID`, on the loop thread; ignored unless that request is
    /// the one waiting. `keepAlive: false` closes the connection after it.
    func complete(with response: HTTPResponse, requestID: UInt64, keepAlive: Bool = true) {
        defer { owner.noteIdleness(of: self) }
        guard state == .processing, let exchange, exchange.id == requestID else { return }
        send(response, exchange: exchange, keepAlive: keepAlive && exchange.keepAlive && !owner.isShuttingDown)
    }

    private func respondToUnreadableRequest(status: HTTPStatus, reason: String) {
        let exchange = Exchange(id: owner.shared.nextRequestID(), method: "-", path: "-", isHead: false,
                                keepAlive: false, startedAt: deadlines.requestStartedAt ?? MonotonicClock.now(), client: peer)
        self.exchange = exchange
        send(owner.shared.errorResponse(status, reason), exchange: exchange, keepAlive: false)
    }

    private func send(_ response: HTTPResponse, exchange: Exchange, keepAlive: Bool) {
        owner.log(exchange.logEntry(status: response.status.code, now: MonotonicClock.now()))
        if peerGone {
            close()
            return
        }
        // A streamed body ends with its connection; so does the head of one, answering HEAD.
        let keepAlive = keepAlive && response.stream == nil
        keepAliveAfterWrite = keepAlive
        output.append(HTTPResponseSerializer.serialize(response, isHead: exchange.isHead, keepAlive: keepAlive,
                                                      forHTTP10: exchange.isHTTP10, date: owner.currentDate()))
        deadlines.noteActivity(at: MonotonicClock.now())
        if let stream = response.stream, !exchange.isHead, !response.status.forbidsContent {
            startStreaming(stream)
            return
        }
        state = .writing
        flush()
    }

    // MARK: Streaming

    /// The head is queued: from now on the body is what the stream writes.
    private func startStreaming(_ stream: any HTTPBodyStream) {
        let writer = ConnectionStreamWriter(home: LoopBound(owner, on: owner.loop), descriptor: descriptor, serial: serial)
        self.stream = stream
        streamWriter = writer
        exchange = nil
        state = .streaming
        flush()
        guard state == .streaming else { return }
        stream.opened(writer)
    }

    /// Bytes of the stream's body, on the loop's thread. A peer that lets too many wait is cut off.
    func streamWrite(_ bytes: [UInt8]) {
        guard state == .streaming else { return }
        guard output.count + bytes.count <= owner.shared.configuration.maxStreamBacklogBytes else {
            close()
            return
        }
        output.append(bytes)
        flush()
    }

    /// The stream ended its body: what is queued goes out, then the connection closes.
    func finishStream() {
        guard state == .streaming else { return }
        state = .writing
        keepAliveAfterWrite = false
        endStream()
        flush()
    }

    /// Tells the stream its connection takes nothing more (once).
    private func endStream() {
        guard let stream, let streamWriter else { return }
        self.stream = nil
        self.streamWriter = nil
        streamWriter.end()
        stream.closed(streamWriter)
    }

    private func flush() {
        switch output.write(with: send, wrote: { deadlines.noteActivity(at: MonotonicClock.now()) }) {
        case .failed:
            close()
            return
        case .blocked:
            let reading = state == .reading || state == .streaming ? HTTPConnection.readEvents : 0
            watch(HTTPConnection.writeEvents | reading)
            return
        case .sent:
            break
        }
        switch state {
        case .writing:
            finishedWriting()
        case .reading, .streaming:
            watch(HTTPConnection.readEvents)
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
        deadlines.noteActivity(at: MonotonicClock.now())
        watch(HTTPConnection.readEvents)
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
        tls?.shutdown()
        shutdown(descriptor, Int32(SHUT_WR))
        state = .draining
        deadlines.startDraining(at: MonotonicClock.now(), limits: owner.deadlineLimits)
        watch(HTTPConnection.readEvents)
    }

    // MARK: Timers and shutdown

    /// Called about every tick: enforces the read, idle, write and linger timeouts.
    func checkTimeouts(now: UInt64, limits: ConnectionDeadlines.Limits) {
        defer { owner.noteIdleness(of: self) }
        let phase: ConnectionDeadlines.Phase
        switch state {
        case .handshaking: phase = .handshaking
        case .reading:
            phase = .reading(receiving: parser.isReadingAnonymousBody ? .anonymousBody : parser.isReadingBody ? .body : .head)
        case .processing: phase = .processing
        case .writing: phase = .writing
        case .draining: phase = .draining
        case .streaming: phase = .streaming(blocked: !output.isEmpty)
        case .closed: return
        }
        switch deadlines.expiry(in: phase, now: now, limits: limits) {
        case .requestTimeout: respondToUnreadableRequest(status: .requestTimeout, reason: "request not received in time")
        case .close: close()
        case .keepStreamAlive:
            deadlines.noteActivity(at: now)
            if let bytes = stream?.keepAliveBytes, !bytes.isEmpty { streamWrite(bytes) }
        case nil: break
        }
    }

    /// Shutdown has begun: an idle connection closes now; a busy one closes after its response.
    /// Bytes already in the socket count: a request the peer sent before the shutdown, not yet
    /// read by this loop, is taken in and answered rather than reset.
    func closeIfIdle() {
        defer { owner.noteIdleness(of: self) }
        if state == .reading { readAvailable() }
        // A stream never finishes by itself: the stop ends it.
        if isIdle || state == .streaming { close() }
    }

    func close() {
        guard state != .closed else { return }
        state = .closed
        unwatch()
        tls = nil
        Glibc.close(descriptor)
        owner.connectionClosed(self)
        endStream()
    }
}
