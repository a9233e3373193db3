/// The clocks of one connection and what running out of each one means: the read, idle, write
/// and linger timeouts of `HTTPServerConfiguration`, on the monotonic clock (nanoseconds).
struct ConnectionDeadlines {
    /// The timeouts, once converted for every connection of a loop.
    struct Limits {
        let headerRead: UInt64
        let bodyRead: UInt64
        /// The body clock of an anonymous request: never longer than `bodyRead`.
        let anonymousBodyRead: UInt64
        let idle: UInt64
        let write: UInt64
        let linger: UInt64
        let streamKeepAlive: UInt64

        init(_ configuration: HTTPServerConfiguration) {
            headerRead = MonotonicClock.nanoseconds(configuration.headerReadTimeout)
            bodyRead = MonotonicClock.nanoseconds(configuration.bodyReadTimeout)
            anonymousBodyRead = min(bodyRead, MonotonicClock.nanoseconds(configuration.anonymousBodyReadTimeout))
            idle = MonotonicClock.nanoseconds(configuration.idleTimeout)
            write = MonotonicClock.nanoseconds(configuration.writeTimeout)
            linger = MonotonicClock.nanoseconds(configuration.lingerTimeout)
            streamKeepAlive = MonotonicClock.nanoseconds(configuration.streamKeepAliveInterval)
        }
    }

    /// What the connection must do when a deadline has passed.
    enum Expiry: Equatable {
        /// A request was arriving too slowly: answer 408, then close.
        case requestTimeout
        /// Idle, not reading its response, or done lingering: close.
        case close
        /// A streamed response has been quiet for a while: write its keep-alive bytes.
        case keepStreamAlive
    }

    /// What the connection is doing, as far as the clocks care.
    enum Phase {
        /// The TLS handshake, timed like a request head from the connection's first moment: a
        /// client that shakes hands slowly is cut off like one that sends its head slowly.
        case handshaking
        /// Waiting for a request, or receiving one (head, or the body of a request with or without
        /// an `Authorization` header).
        case reading(receiving: Receiving)
        /// A worker is answering: no clock runs, however long the handler takes.
        case processing
        case writing
        /// Lingering close: reading and dropping after a final response.
        case draining
        /// A streamed response, written as it comes: `blocked` while bytes wait for the peer.
        case streaming(blocked: Bool)
    }

    /// What part of a request is arriving, which decides the clock that runs.
    enum Receiving {
        /// Nothing yet (the idle clock), or the head.
        case head
        case body
        /// The body of a request without an `Authorization` header: the shorter body clock.
        case anonymousBody
    }

    /// When the request now arriving sent its first byte; nil between requests.
    private(set) var requestStartedAt: UInt64?
    private var lastActivity: UInt64
    private var drainUntil: UInt64 = 0

    init(now: UInt64) {
        lastActivity = now
    }

    /// Bytes moved either way.
    mutating func noteActivity(at now: UInt64) {
        lastActivity = now
    }

    /// Part of a request has arrived (the header and body clocks start with its first byte), or none has.
    mutating func noteRequestArriving(_ arriving: Bool, at now: UInt64) {
        if !arriving {
            requestStartedAt = nil
        } else if requestStartedAt == nil {
            requestStartedAt = now
        }
    }

    mutating func startDraining(at now: UInt64, limits: Limits) {
        drainUntil = now + limits.linger
    }

    func expiry(in phase: Phase, now: UInt64, limits: Limits) -> Expiry? {
        switch phase {
        case .handshaking:
            return now - (requestStartedAt ?? lastActivity) > limits.headerRead ? .close : nil
        case .reading(let receiving):
            if let started = requestStartedAt {
                let allowed = switch receiving {
                case .head: limits.headerRead
                case .body: limits.bodyRead
                case .anonymousBody: limits.anonymousBodyRead
                }
                return now - started > allowed ? .requestTimeout : nil
            }
            return now - lastActivity > limits.idle ? .close : nil
        case .writing:
            return now - lastActivity > limits.write ? .close : nil
        case .draining:
            return now > drainUntil ? .close : nil
        case .streaming(let blocked):
            if blocked { return now - lastActivity > limits.write ? .close : nil }
            return now - lastActivity > limits.streamKeepAlive ? .keepStreamAlive : nil
        case .processing:
            return nil
        }
    }
}
