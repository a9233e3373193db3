/// The life of one connection as a value: what it is doing, what its peer has done, and what its
/// socket should be watched for. Each thing `HTTPConnection` observes (the socket's readiness, a
/// read reaching the peer's end, a request parsed, a response ready, a write finished) goes in as
/// an event, and what to do next comes out as one `Action`, which the connection carries out with
/// system calls. Nothing here touches a socket, a clock or a loop, so every transition can be
/// tested event by event.
struct ConnectionStateMachine: Equatable {
    enum State: Equatable {
        /// TLS only: the handshake has not finished.
        case handshaking
        case reading
        /// A request is being answered; pipelined requests wait, in order.
        case processing
        case writing
        /// A streamed response: its head is out, its body goes out as the stream writes it, and
        /// the connection closes when either side ends it. Bytes the peer sends are dropped.
        case streaming
        /// A lingering close: the response is out, writing is shut down, and what the peer still
        /// sends is read and dropped for a moment.
        case draining
        case closed
    }

    /// What the socket is watched for.
    enum Interest: Equatable {
        case read
        case write
        case readAndWrite
        /// Watched for nothing: a request is being answered and pipelined ones wait in the socket.
        case paused
        /// Not watched at all, for good: the peer hung up (which epoll reports whatever the mask)
        /// or the connection is closed.
        case released
    }

    /// What epoll reported for the socket.
    struct Readiness: Equatable {
        var error = false
        var hangUp = false
        /// Bytes, or the peer's end, can be read.
        var readable = false
        var writable = false
    }

    enum HandshakeProgress: Equatable {
        case finished
        case wantsRead
        case wantsWrite
        case failed
    }

    enum FlushResult: Equatable {
        case sent
        case blocked
        case failed
    }

    /// How a response's body goes out.
    enum ResponseBody: Equatable {
        /// Whole, after its head.
        case complete
        /// It has a stream, but only the head goes out (HEAD, or a status without content): the
        /// connection still ends with it.
        case streamHeadOnly
        /// As the stream writes it, until the connection closes.
        case stream
    }

    enum Action: Equatable {
        case nothing
        case close
        case continueHandshake
        /// Read what the socket holds; then, if `thenFlush`, write what is queued.
        case read(thenFlush: Bool)
        /// Write what is queued.
        case flush
        /// The TLS port was sent plain HTTP: answer with a 400 it can read.
        case refusePlainHTTP
        /// Take the next complete request out of what has been read, if there is one.
        case processBuffered
        /// The response is out and the connection stays: forget it, and answer what is buffered.
        case resumeReading
        /// The response is out and the connection ends: shut down writing and linger.
        case shutDownWriting
        /// The head of a streamed response is queued: write it, then open the stream.
        case openStream
        /// The stream ended: tell it the connection takes nothing more, then write what is left.
        case endStreamAndFlush
    }

    private(set) var state: State
    private(set) var interest: Interest = .read
    /// The peer has sent FIN: no more bytes will come, though a response can still go out.
    private(set) var readClosed = false
    /// The peer is gone entirely: nothing can be written.
    private(set) var peerGone = false
    /// Whether the connection stays open once the response being written is out.
    private(set) var keepsAliveAfterWrite = true

    /// A TLS connection starts with the server's side of the handshake.
    init(handshaking: Bool) {
        state = handshaking ? .handshaking : .reading
    }

    /// Bytes read now are a request's: kept for the parser, not dropped.
    var takesRequestBytes: Bool { state == .reading }

    /// Nothing in flight: shutdown may close it now (a handshake not finished counts as nothing),
    /// and so may a newcomer when the server is full.
    func isIdle(hasPartialRequest: Bool, hasPendingOutput: Bool) -> Bool {
        state == .handshaking || (state == .reading && !hasPartialRequest && !hasPendingOutput)
    }

    /// The clock that runs now, given what the parser is receiving and whether bytes wait for the
    /// peer; nil once closed.
    func deadlinePhase(receiving: ConnectionDeadlines.Receiving, outputPending: Bool) -> ConnectionDeadlines.Phase? {
        switch state {
        case .handshaking: return .handshaking
        case .reading: return .reading(receiving: receiving)
        case .processing: return .processing
        case .writing: return .writing
        case .draining: return .draining
        case .streaming: return .streaming(blocked: outputPending)
        case .closed: return nil
        }
    }

    // MARK: Events

    /// epoll reported the socket.
    mutating func socketReady(_ readiness: Readiness) -> Action {
        if readiness.error { return .close }
        if state == .handshaking { return .continueHandshake }
        if readiness.hangUp {
            switch state {
            case .processing:
                // A hang-up is reported until it is no longer watched: stop watching, remember,
                // and close when the response is ready.
                peerGone = true
                want(.released)
                return .nothing
            case .writing, .streaming:
                return .close
            case .handshaking, .reading, .draining, .closed:
                break
            }
        }
        let reads = (readiness.readable || readiness.hangUp) && (state == .reading || state == .draining || state == .streaming)
        let flushes = readiness.writable && state != .closed
        if reads { return .read(thenFlush: flushes) }
        return flushes ? .flush : .nothing
    }

    /// The first byte on a TLS port was not a TLS handshake's.
    mutating func plainHTTPOnTLSPort() -> Action {
        guard state == .handshaking else { return .nothing }
        state = .reading
        want(.read)
        return .refusePlainHTTP
    }

    mutating func handshake(_ progress: HandshakeProgress) -> Action {
        guard state == .handshaking else { return .nothing }
        switch progress {
        case .finished:
            state = .reading
            want(.read)
            // The first request may have come with the handshake's last flight.
            return .read(thenFlush: false)
        case .wantsRead:
            want(.read)
            return .nothing
        case .wantsWrite:
            want(.write)
            return .nothing
        case .failed:
            return .close
        }
    }

    /// Reading stopped for this turn; `peerFinished` when it reached the peer's end.
    mutating func readPaused(peerFinished: Bool) -> Action {
        if peerFinished { readClosed = true }
        switch state {
        case .draining, .streaming:
            // A streaming peer that closes its side has left: nothing more goes to it.
            return readClosed ? .close : .nothing
        case .reading:
            return .processBuffered
        case .handshaking, .processing, .writing, .closed:
            return .nothing
        }
    }

    /// What has been read holds no complete request.
    mutating func noCompleteRequest() -> Action {
        // No request can complete after the peer's end; anything partial is abandoned.
        readClosed && state == .reading ? .close : .nothing
    }

    /// A complete request was taken out of what has been read.
    mutating func requestBegan() -> Action {
        guard state == .reading else { return .nothing }
        state = .processing
        return .nothing
    }

    /// The request is answered later (on a worker, or by a start on the loop): stop reading, so
    /// that pipelined requests wait in the socket, in order.
    mutating func answerDeferred() -> Action {
        guard state == .processing else { return .nothing }
        want(.paused)
        return .nothing
    }

    /// A response is ready for the request being answered, or for one that could not be read
    /// (while reading). `keepAlive` is what the request and the server allow.
    mutating func responseReady(keepAlive: Bool, body: ResponseBody) -> Action {
        guard state == .processing || state == .reading else { return .nothing }
        if peerGone { return .close }
        // A streamed body ends with its connection; so does the head of one.
        keepsAliveAfterWrite = keepAlive && body == .complete
        if body == .stream {
            state = .streaming
            return .openStream
        }
        state = .writing
        return .flush
    }

    /// The stream has bytes for its body; `backlog` counts those and the ones already waiting.
    /// `.flush` means they are taken: queued, then written.
    mutating func streamWrote(backlog: Int, limit: Int) -> Action {
        guard state == .streaming else { return .nothing }
        // A peer that lets too many wait is cut off.
        return backlog <= limit ? .flush : .close
    }

    /// The stream ended its body: what is queued goes out, then the connection closes.
    mutating func streamFinished() -> Action {
        guard state == .streaming else { return .nothing }
        state = .writing
        keepsAliveAfterWrite = false
        return .endStreamAndFlush
    }

    /// A write of what is queued ended.
    mutating func flushed(_ result: FlushResult) -> Action {
        switch result {
        case .failed:
            return .close
        case .blocked:
            want(state == .reading || state == .streaming ? .readAndWrite : .write)
            return .nothing
        case .sent:
            switch state {
            case .writing:
                return finishedWriting()
            case .reading, .streaming:
                want(.read)
                return .nothing
            case .handshaking, .processing, .draining, .closed:
                return .nothing
            }
        }
    }

    private mutating func finishedWriting() -> Action {
        if keepsAliveAfterWrite {
            state = .reading
            want(.read)
            return .resumeReading
        }
        // Lingering waits for the peer's end; it has come already.
        if readClosed { return .close }
        state = .draining
        want(.read)
        return .shutDownWriting
    }

    /// Shutdown has begun: an idle connection closes now, and so does a stream, which never
    /// finishes by itself; a busy one closes after its response.
    mutating func shutdownBegan(idle: Bool) -> Action {
        idle || state == .streaming ? .close : .nothing
    }

    /// The connection closes; false if it was closed already.
    mutating func close() -> Bool {
        guard state != .closed else { return false }
        state = .closed
        want(.released)
        return true
    }

    /// Once released, a socket is never watched again.
    private mutating func want(_ interest: Interest) {
        guard self.interest != .released else { return }
        self.interest = interest
    }
}
