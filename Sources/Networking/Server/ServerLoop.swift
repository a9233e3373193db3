import CLinux
import Glibc
import HTTP
import Locking

/// The server's share of one event loop: the listener registration, the connections accepted on
/// this loop, their timeouts, and shutdown. Only the loop's thread touches it.
final class ServerLoop: EventHandler {
    /// Unowned: the loop holds this as the handler of the listener, and the server holds the loop.
    unowned let loop: EventLoop
    let shared: ServerShared
    /// This loop's place among the server's loops (`ConnectionBalancer`'s numbering).
    let index: Int
    /// Every loop of the server, this one included, to hand accepted connections to. Set before
    /// any loop runs; emptied by `closeAll` (the loops refer to each other).
    var peers: [LoopBound<ServerLoop>] = []
    private let listener: Int32
    /// Nil while this loop does not accept (paused, or shutting down).
    private var listenerRegistration: EventRegistration?
    private var listening: Bool { listenerRegistration != nil }
    private var connections: [Int32: HTTPConnection] = [:]
    /// The idle ones among them, longest idle first.
    private var idleConnections = IdleConnections()
    /// The count other loops last saw (`IdleConnectionCounts`).
    private var publishedIdleCount = 0
    private var nextSerial: UInt64 = 0
    private(set) var isShuttingDown = false
    /// The grace period is over and every connection was closed: none is taken any more.
    private var closedAll = false
    let readBuffer: UnsafeMutableRawBufferPointer
    let deadlineLimits: ConnectionDeadlines.Limits
    /// Held open so that when descriptors run out (EMFILE) one can be freed to accept and shed a peer.
    private var reserveDescriptor: Int32
    private var cachedDate = ""
    /// Set while accepting is paused for lack of descriptors.
    private var acceptPausedUntil: UInt64?
    private var cachedDateSecond = -1

    init(loop: EventLoop, shared: ServerShared, listener: Int32, index: Int) {
        self.loop = loop
        self.shared = shared
        self.index = index
        self.listener = listener
        self.readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        self.deadlineLimits = ConnectionDeadlines.Limits(shared.configuration)
        self.reserveDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    deinit {
        readBuffer.deallocate()
        if reserveDescriptor >= 0 { Glibc.close(reserveDescriptor) }
    }

    private func stopListening() {
        guard let listenerRegistration else { return }
        loop.deregister(listenerRegistration)
        self.listenerRegistration = nil
    }

    /// Registers the shared listener on this loop. EPOLLEXCLUSIVE wakes one loop per new connection.
    func startListening() throws {
        listenerRegistration = try loop.register(listener, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue, handler: self)
        loop.onTick = { [unowned self] in tick() }
    }

    // MARK: Accepting

    func handle(events: UInt32) {
        acceptConnections()
    }

    /// A connection accepted by one loop on its way to the loop that serves it, with what it was
    /// counted under: released exactly once, when it closes or if it is never served.
    struct Accepted: Sendable {
        let descriptor: Int32
        let peer: String
        /// Its place in `ServerShared.connectionsPerAddress`; nil when not counted per address.
        let address: String?
        /// Counted over the connection cap: the loop that takes it closes an idle connection first.
        let replacesIdle: Bool
    }

    private func acceptConnections() {
        // Bounded per wake-up so a flood of connections does not starve the existing ones.
        for _ in 0..<64 where listening {
            let fd = clinux_accept4(listener, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO:
                    continue
                case EMFILE, ENFILE:
                    shedOneConnection()
                    return
                default:
                    // EAGAIN (nothing left) and transient kernel shortages (ENOBUFS, ENOMEM): try next wake-up.
                    return
                }
            }
            admit(fd)
        }
    }

    /// Counts a new connection and hands it to the loop that serves it, or refuses it: over its
    /// address's cap always; over the server's cap unless some loop has an idle connection to give up.
    ///
    /// The server being full, the accepting loop does not wait for a place: it counts the newcomer
    /// over the cap and hands it to a loop that has published idle connections (itself first, with no
    /// hand-over), and that loop closes one of them before serving it, which brings the count back.
    /// Each loop only ever closes its own connections, so no lock spans the loops; if that loop's idle
    /// connections all got busy meanwhile, it refuses the newcomer as the cap would have.
    private func admit(_ fd: Int32) {
        let peer = Socket.peerAddress(fd)
        let address = shared.addressKey(of: peer)
        if let address, !shared.connectionsPerAddress.take(address) {
            shared.countRefusal(forAddress: true)
            refuse(fd, reason: "too many connections from this address, try again")
            return
        }
        let accepted: Accepted
        let target: Int
        if shared.reserveConnectionSlot() {
            accepted = Accepted(descriptor: fd, peer: peer, address: address, replacesIdle: false)
            target = shared.balancer.assign(acceptedBy: index)
        } else if let loopWithIdle = shared.idleCounts.loopWithIdleConnections(preferring: index) {
            shared.reserveConnectionSlotOverCap()
            accepted = Accepted(descriptor: fd, peer: peer, address: address, replacesIdle: true)
            target = loopWithIdle
            shared.balancer.assign(to: target)
        } else {
            if let address { shared.connectionsPerAddress.give(address) }
            shared.countRefusal(forAddress: false)
            refuse(fd, reason: "too many connections, try again")
            return
        }
        if target == index {
            adopt(accepted)
        } else if !peers.indices.contains(target) || !peers[target].execute({ $0.adopt(accepted) }) {
            // That loop has ended (the server is stopping).
            Glibc.close(fd)
            release(countedOn: target, address: address)
        }
    }

    /// Serves a connection accepted here or by another loop, already counted for this one. One
    /// that arrives after shutdown began was accepted before: it is treated as the connections
    /// open then were (`closeIfIdle`: a request already sent is answered). Once everything has
    /// been closed, it is closed too.
    func adopt(_ accepted: Accepted) {
        let fd = accepted.descriptor
        guard !closedAll else {
            Glibc.close(fd)
            release(countedOn: index, address: accepted.address)
            return
        }
        if accepted.replacesIdle && !closeIdleConnectionForNewcomer() {
            // Every idle connection here got busy or closed since it was counted: the server is full,
            // and the refusal counts as one at the cap.
            shared.countRefusal(forAddress: false)
            refuse(fd, reason: "too many connections, try again")
            release(countedOn: index, address: accepted.address)
            return
        }
        Socket.setNoDelay(fd)
        nextSerial += 1
        do {
            let connection = try HTTPConnection(descriptor: fd, serial: nextSerial, peer: accepted.peer, address: accepted.address,
                                                owner: self, limits: shared.configuration.limits,
                                                tls: shared.configuration.tls?.context)
            try connection.register()
            connections[fd] = connection
            noteIdleness(of: connection)
            if isShuttingDown { connection.closeIfIdle() }
        } catch {
            Glibc.close(fd)
            release(countedOn: index, address: accepted.address)
        }
    }

    /// A connection counted for `loop` (and for `address`) is gone: its places under the caps and
    /// on that loop are free.
    private func release(countedOn loop: Int, address: String?) {
        shared.releaseConnectionSlot()
        shared.balancer.closed(on: loop)
        if let address { shared.connectionsPerAddress.give(address) }
    }

    // MARK: Idle connections

    /// How many of the longest idle connections are weighed when one must go.
    private static let reclaimCandidates = 8

    /// Keeps `idleConnections` true to the connection's state; every entry point of a connection
    /// ends here, so the list follows each change. Also tells the other loops how many this has.
    func noteIdleness(of connection: HTTPConnection) {
        let idle = connection.isIdle
        if idle != connection.isListedIdle {
            if idle {
                idleConnections.append(connection)
            } else {
                idleConnections.remove(connection)
            }
        }
        guard idleConnections.count != publishedIdleCount else { return }
        publishedIdleCount = idleConnections.count
        shared.idleCounts.publish(publishedIdleCount, on: index)
    }

    /// A request of `connection` begins: it leaves the idle list, to join it again at the back
    /// once answered, even within this turn. Other loops hear of it only at the end of the turn
    /// (`noteIdleness`), so a request answered at once never shows them one idle connection fewer.
    func leaveIdleList(_ connection: HTTPConnection) {
        idleConnections.remove(connection)
    }

    /// The server is full and a newcomer waits: closes one of the connections idle longest, the
    /// one whose address holds most connections among them (so that the address crowding the server
    /// gives up its connections first), the longest idle of those. False if none is idle.
    ///
    /// An idle keep-alive connection may be closed at any moment (RFC 9112 §9.5); its client opens
    /// another when it next has a request, and is then served like any newcomer.
    private func closeIdleConnectionForNewcomer() -> Bool {
        let candidates = idleConnections.longestIdle(ServerLoop.reclaimCandidates)
        guard var chosen = candidates.first else { return false }
        let addresses = candidates.compactMap(\.address)
        if addresses.count == candidates.count {
            let held = shared.connectionsPerAddress.counts(of: addresses)
            var most = -1
            for (candidate, count) in zip(candidates, held) where count > most {
                chosen = candidate
                most = count
            }
        }
        chosen.close()
        return true
    }

    /// Out of descriptors: free the reserve, accept the waiting peer and close it at once, so the
    /// peer is told instead of left hanging. Without a reserve (another thread took the freed slot),
    /// stop accepting for a moment rather than spin on a listener that stays readable.
    private func shedOneConnection() {
        if reserveDescriptor >= 0 {
            Glibc.close(reserveDescriptor)
            let fd = clinux_accept4(listener, Int32(SOCK_CLOEXEC.rawValue))
            if fd >= 0 { Glibc.close(fd) }
            reserveDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        if reserveDescriptor < 0 {
            pauseAccepting()
        }
    }

    private func pauseAccepting() {
        stopListening()
        acceptPausedUntil = MonotonicClock.now() + ServerLoop.acceptPause
    }

    /// On a tick after a pause: take a reserve descriptor again and go back to accepting.
    private func resumeAcceptingIfDue(now: UInt64) {
        guard let until = acceptPausedUntil, now >= until, !isShuttingDown else { return }
        if reserveDescriptor < 0 {
            reserveDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        do {
            try startListening()
            acceptPausedUntil = nil
        } catch {
            acceptPausedUntil = now + ServerLoop.acceptPause
        }
    }

    private static let acceptPause: UInt64 = 100_000_000

    /// Over a connection cap: a best-effort 503, then close. On an HTTPS port a plain answer
    /// would read as "not TLS" to the client: the connection is just closed.
    private func refuse(_ fd: Int32, reason: String) {
        guard shared.configuration.tls == nil else {
            Glibc.close(fd)
            return
        }
        let refusal = HTTPResponseSerializer.serialize(shared.errorResponse(.serviceUnavailable, reason),
                                                       isHead: false, keepAlive: false, date: currentDate())
        _ = refusal.withUnsafeBytes { try? Socket.write(fd, $0) }
        Glibc.close(fd)
    }

    // MARK: Requests

    /// Asks the responder, on this loop's thread; the response when it answered during the call.
    /// Otherwise the reply it was given comes back through `reply(to:requestID:)`, on this loop, once.
    func answer(_ request: HTTPRequest, for connection: HTTPConnection, requestID: UInt64) -> HTTPResponse? {
        switch shared.responder.respond(to: request, on: EventLoopSlot(index: index)) {
        case .answered(let response):
            return response
        case .later(let start):
            start(reply(to: connection, requestID: requestID))
        case .onWorker(let work):
            let reply = reply(to: connection, requestID: requestID)
            shared.workers.submit { work(reply) }
        }
        return nil
    }

    /// The one way back from any thread to the connection: through this loop, to the request
    /// `requestID` if the connection is still waiting for it (not closed, its descriptor not
    /// reused, not already answered).
    private func reply(to connection: HTTPConnection, requestID: UInt64) -> HTTPReply {
        let home = LoopBound(self, on: loop)
        let descriptor = connection.descriptor
        let serial = connection.serial
        let errorResponse = shared.errorResponse
        return HTTPReply { response in
            home.execute { loop in
                guard let connection = loop.connections[descriptor], connection.serial == serial else { return }
                guard let response else {
                    connection.complete(with: errorResponse(.internalServerError, "the request was dropped unanswered"),
                                        requestID: requestID, keepAlive: false)
                    return
                }
                connection.complete(with: response, requestID: requestID)
            }
        }
    }

    func streamWrite(_ bytes: [UInt8], latest: Bool, descriptor: Int32, serial: UInt64) {
        guard let connection = connections[descriptor], connection.serial == serial else { return }
        connection.streamWrite(bytes, latest: latest)
        noteIdleness(of: connection)
    }

    func finishStream(descriptor: Int32, serial: UInt64) {
        guard let connection = connections[descriptor], connection.serial == serial else { return }
        connection.finishStream()
        noteIdleness(of: connection)
    }

    func log(_ entry: AccessLogEntry) {
        shared.log(entry)
    }

    func currentDate() -> String {
        let second = time(nil)
        if second != cachedDateSecond {
            cachedDateSecond = second
            cachedDate = HTTPDate.format(secondsSince1970: second)
        }
        return cachedDate
    }

    func connectionClosed(_ connection: HTTPConnection) {
        guard connections[connection.descriptor] === connection else { return }
        connections[connection.descriptor] = nil
        noteIdleness(of: connection)
        release(countedOn: index, address: connection.address)
    }

    private func tick() {
        let now = MonotonicClock.now()
        resumeAcceptingIfDue(now: now)
        for connection in Array(connections.values) {
            connection.checkTimeouts(now: now, limits: deadlineLimits)
        }
    }

    // MARK: Shutdown

    /// Stops accepting on this loop and closes connections that are between requests.
    func beginShutdown() {
        isShuttingDown = true
        acceptPausedUntil = nil
        stopListening()
        for connection in Array(connections.values) {
            connection.closeIfIdle()
        }
    }

    /// The grace period is over: close everything still open.
    func closeAll() {
        closedAll = true
        for connection in Array(connections.values) {
            connection.close()
        }
        peers = []
    }
}
