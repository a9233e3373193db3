import CLinux
import Glibc
import HTTP

/// One client connection, driven by its event loop. What it is doing and what it does next is
/// decided by its `ConnectionStateMachine`; this class carries the machine's actions out with
/// system calls (reads, writes, epoll, TLS) and feeds back what they found. Only its loop's thread
/// touches it. Over TLS every byte goes through its `TLSSession`.
final class HTTPConnection: EventHandler {
    let descriptor: Int32
    let serial: UInt64
    /// The peer's address, read once at accept.
    let peer: String
    /// What it is counted under in `ServerShared.connectionsPerAddress`; nil when not counted per address.
    let address: String?
    private unowned let owner: ServerLoop
    private var machine: ConnectionStateMachine
    private var parser: HTTPRequestParser
    private var output = PendingOutput()
    private var exchange: Exchange?
    private var deadlines: ConnectionDeadlines
    /// Set on an HTTPS port.
    private var tls: TLSSession?
    /// The first byte has been looked at (a TLS port answers plain HTTP with a clear 400).
    private var sniffed = false
    /// What epoll watches for now, kept in step with `machine.interest`: changed only when they
    /// differ, one system call saved twice per request.
    private var watched = ConnectionStateMachine.Interest.read
    /// Nil before `register` and once the loop stops watching (the peer gone, or closed).
    private var registration: EventRegistration?
    /// Set while `processBuffered` runs: a request answered on the loop finishes within it, and
    /// the next pipelined request is then taken by the same loop rather than by recursion.
    private var processingBuffered = false
    private var moreBuffered = false
    /// While streaming: the body's source, told when the connection closes, and its writer.
    private var stream: (any HTTPBodyStream)?
    private var streamWriter: ConnectionStreamWriter?
    /// The newest "latest state" write held while the peer is behind (`writeLatest`): queued once
    /// what is before it has gone, replaced by a newer one until then.
    private var heldLatest: [UInt8]?
    /// Its place in the loop's `IdleConnections`, changed by that list alone.
    var isListedIdle = false
    var idlePrevious: HTTPConnection?
    var idleNext: HTTPConnection?

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
        self.machine = ConnectionStateMachine(handshaking: tls != nil)
        if let tls {
            self.tls = try TLSSession.accepting(descriptor, context: tls)
            deadlines.noteRequestArriving(true, at: MonotonicClock.now())
        }
    }

    /// Nothing in flight: shutdown may close it now (a handshake not finished counts as nothing), and
    /// so may a newcomer when the server is full (`IdleConnections`).
    var isIdle: Bool {
        machine.isIdle(hasPartialRequest: parser.hasPartialRequest, hasPendingOutput: !output.isEmpty)
    }

    private var isClosed: Bool { machine.state == .closed }

    func register() throws {
        registration = try owner.loop.register(descriptor, events: Self.epollEvents(for: .read), handler: self)
        watched = .read
    }

    private static func epollEvents(for interest: ConnectionStateMachine.Interest) -> UInt32 {
        let read = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        switch interest {
        case .read: return read
        case .write: return EPOLLOUT.rawValue
        case .readAndWrite: return read | EPOLLOUT.rawValue
        case .paused, .released: return 0
        }
    }

    // MARK: Carrying out the machine's actions

    /// Brings epoll in step with what the machine wants watched, then does what it says.
    private func perform(_ action: ConnectionStateMachine.Action) {
        watchAsWanted()
        switch action {
        case .nothing: break
        case .close: close()
        case .continueHandshake: continueHandshake()
        case .read(let thenFlush):
            readAvailable()
            if thenFlush, !isClosed { flush() }
        case .flush: flush()
        case .refusePlainHTTP:
            tls = nil
            respondToUnreadableRequest(status: .badRequest, reason: "this port speaks HTTPS: use an https:// address")
        case .processBuffered: processBuffered()
        case .resumeReading:
            exchange = nil
            deadlines.noteActivity(at: MonotonicClock.now())
            // Pipelined requests already buffered are answered now; bytes still in the socket
            // are reported by epoll now that reading is on again.
            processBuffered()
        case .shutDownWriting:
            // Closing with unread data would reset the connection and could destroy the response
            // before the peer reads it: half-close, and read what still comes for a moment.
            exchange = nil
            tls?.shutdown()
            shutdown(descriptor, Int32(SHUT_WR))
            deadlines.startDraining(at: MonotonicClock.now(), limits: owner.deadlineLimits)
        case .openStream: openStream()
        case .endStreamAndFlush:
            endStream()
            flush()
        }
    }

    private func watchAsWanted() {
        let wanted = machine.interest
        guard wanted != watched, let registration else { return }
        watched = wanted
        if wanted == .released {
            owner.loop.deregister(registration)
            self.registration = nil
        } else {
            owner.loop.modify(registration, events: Self.epollEvents(for: wanted))
        }
    }

    // MARK: Events

    func handle(events: UInt32) {
        // Each way in from the loop (events, a response, a tick, shutdown) ends by telling the loop
        // whether the connection is now idle.
        defer { owner.noteIdleness(of: self) }
        let readiness = ConnectionStateMachine.Readiness(
            error: events & EPOLLERR.rawValue != 0,
            hangUp: events & EPOLLHUP.rawValue != 0,
            readable: events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0,
            writable: events & EPOLLOUT.rawValue != 0)
        perform(machine.socketReady(readiness))
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
                perform(machine.plainHTTPOnTLSPort())
                return
            }
        }
        let progress: ConnectionStateMachine.HandshakeProgress
        do {
            switch try tls.handshake() {
            case .done, .bytes: progress = .finished
            case .wantRead: progress = .wantsRead
            case .wantWrite: progress = .wantsWrite
            case .closed: progress = .failed
            }
        } catch {
            progress = .failed
        }
        if progress != .failed { deadlines.noteActivity(at: MonotonicClock.now()) }
        if progress == .finished { deadlines.noteRequestArriving(false, at: MonotonicClock.now()) }
        perform(machine.handshake(progress))
    }

    /// One read, plain or through TLS (while draining or streaming, the bytes are dropped unread by TLS).
    private func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> Socket.IOResult {
        guard let tls, machine.state != .draining && machine.state != .streaming else {
            return try Socket.read(descriptor, into: buffer)
        }
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
        var peerFinished = false
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
                if machine.takesRequestBytes {
                    parser.append(UnsafeRawBufferPointer(rebasing: owner.readBuffer[0..<count]))
                }
                if count == owner.readBuffer.count { continue reading }
            case .wouldBlock:
                break
            case .endOfStream:
                peerFinished = true
            }
            break reading
        }
        perform(machine.readPaused(peerFinished: peerFinished))
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
        guard machine.state == .reading else { return }
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
            guard !isClosed else { return }
        }
        deadlines.noteRequestArriving(parser.hasPartialRequest, at: MonotonicClock.now())
        perform(machine.noCompleteRequest())
    }

    private func begin(_ incoming: HTTPRequest) {
        var request = incoming
        request.client = client(of: request)
        perform(machine.requestBegan())
        // Out of the idle list now: a request answered during this turn makes the connection idle
        // again before the turn ends, and it must then go to the back of the list, not keep its place.
        owner.leaveIdleList(self)
        deadlines.noteRequestArriving(false, at: MonotonicClock.now())
        let id = owner.shared.nextRequestID()
        exchange = Exchange(id: id, method: request.method.rawValue, path: request.path,
                            isHead: request.method == .head, keepAlive: request.keepAlive, isHTTP10: request.version == .http1_0,
                            startedAt: MonotonicClock.now(), client: request.client)
        guard let response = owner.answer(request, for: self, requestID: id) else {
            perform(machine.answerDeferred())
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
        guard machine.state == .processing, let exchange, exchange.id == requestID else { return }
        send(response, exchange: exchange, keepAlive: keepAlive && exchange.keepAlive && !owner.isShuttingDown)
    }

    private func respondToUnreadableRequest(status: HTTPStatus, reason: String) {
        let exchange = Exchange(id: owner.shared.nextRequestID(), method: "-", path: "-", isHead: false,
                                keepAlive: false, startedAt: deadlines.requestStartedAt ?? MonotonicClock.now(), client: peer)
        self.exchange = exchange
        send(owner.shared.errorResponse(status, reason), exchange: exchange, keepAlive: false)
    }

    private func send(_ response: HTTPResponse, exchange: Exchange, keepAlive: Bool) {
        owner.log(exchange.logEntry(status: response.status.code, route: response.route, account: response.account, now: MonotonicClock.now()))
        let body: ConnectionStateMachine.ResponseBody
        switch response.stream {
        case nil: body = .complete
        case .some where exchange.isHead || response.status.forbidsContent: body = .streamHeadOnly
        case .some: body = .stream
        }
        let action = machine.responseReady(keepAlive: keepAlive, body: body)
        if action == .flush || action == .openStream {
            // A large body goes out from its own buffer after the head: a cached roster of
            // thousands is not copied for each answer.
            let buffers = HTTPResponseSerializer.buffers(response, isHead: exchange.isHead, keepAlive: machine.keepsAliveAfterWrite,
                                                         forHTTP10: exchange.isHTTP10, date: owner.currentDate())
            output.append(buffers.first)
            if let body = buffers.body { output.append(body) }
            deadlines.noteActivity(at: MonotonicClock.now())
        }
        if action == .openStream { stream = response.stream }
        perform(action)
    }

    // MARK: Streaming

    /// The head is queued: from now on the body is what the stream writes. The socket's kernel
    /// send buffer is bounded first: left to grow, it reached megabytes for a peer that never reads.
    private func openStream() {
        guard let stream else { return }
        Socket.limitSendBuffer(descriptor, to: owner.shared.configuration.streamSendBufferBytes)
        let writer = ConnectionStreamWriter(home: LoopBound(owner, on: owner.loop), descriptor: descriptor, serial: serial)
        streamWriter = writer
        exchange = nil
        flush()
        guard machine.state == .streaming else { return }
        stream.opened(writer)
    }

    /// Bytes of the stream's body, on the loop's thread. What the peer has not taken counts toward
    /// the cut-off: what waits here, and what the kernel holds unsent in the socket.
    func streamWrite(_ bytes: [UInt8], latest: Bool = false) {
        if latest && !output.isEmpty {
            // The peer is behind: this replaces the state held for it, and goes out once what is before it has.
            heldLatest = bytes
            return
        }
        let unsent = output.count + (heldLatest?.count ?? 0) + Socket.unsentBytes(descriptor)
        let action = machine.streamWrote(backlog: unsent + bytes.count, limit: owner.shared.configuration.maxStreamBacklogBytes)
        if action == .flush { output.append(bytes) }
        perform(action)
    }

    /// The stream ended its body: what is queued goes out, then the connection closes.
    func finishStream() {
        perform(machine.streamFinished())
    }

    /// Tells the stream its connection takes nothing more (once).
    private func endStream() {
        guard let stream, let streamWriter else { return }
        self.stream = nil
        self.streamWriter = nil
        heldLatest = nil
        streamWriter.end()
        stream.closed(streamWriter)
    }

    private func flush() {
        let progress = output.write(with: send, wrote: { deadlines.noteActivity(at: MonotonicClock.now()) })
        switch progress {
        case .failed: perform(machine.flushed(.failed))
        case .blocked: perform(machine.flushed(.blocked))
        case .sent:
            perform(machine.flushed(.sent))
            // Caught up: the state held back while the peer was behind goes out now.
            if let held = heldLatest, machine.state == .streaming {
                heldLatest = nil
                streamWrite(held)
            }
        }
    }

    // MARK: Timers and shutdown

    /// Called about every tick: enforces the read, idle, write and linger timeouts.
    func checkTimeouts(now: UInt64, limits: ConnectionDeadlines.Limits) {
        defer { owner.noteIdleness(of: self) }
        let receiving: ConnectionDeadlines.Receiving = parser.isReadingAnonymousBody ? .anonymousBody : parser.isReadingBody ? .body : .head
        guard let phase = machine.deadlinePhase(receiving: receiving, outputPending: !output.isEmpty) else { return }
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
        if machine.state == .reading { readAvailable() }
        perform(machine.shutdownBegan(idle: isIdle))
    }

    func close() {
        guard machine.close() else { return }
        watchAsWanted()
        tls = nil
        Glibc.close(descriptor)
        owner.connectionClosed(self)
        endStream()
    }
}
