import Dispatch
import Locking
import Synchronization

/// What every loop of one server shares: configuration, responder, workers and counters.
final class ServerShared: Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let errorResponse: ErrorResponder
    private let accessLogger: AccessLogger?
    /// The access log is written here, in order, never on a loop thread: a slow stderr (a full
    /// pipe, a log collector) must not stall the connections of a loop.
    private let logQueue = DispatchQueue(label: "gather-access-log")
    let workers: WorkerPool
    let balancer: ConnectionBalancer
    /// Connections per client address, against `maxConnectionsPerAddress`; not used behind a
    /// trusted proxy, whose every connection comes from the proxy's address.
    let connectionsPerAddress: ConcurrencyAllowance<String>
    let idleCounts: IdleConnectionCounts
    private let openConnections = Atomic<Int>(0)
    private let refusedOverCap = Atomic<Int>(0)
    private let refusedForAddress = Atomic<Int>(0)
    private let requestCounter = Atomic<UInt64>(0)

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, errorResponse: @escaping ErrorResponder,
         accessLogger: AccessLogger?) throws {
        self.configuration = configuration
        self.responder = responder
        self.errorResponse = errorResponse
        self.accessLogger = accessLogger
        self.workers = try WorkerPool(threads: configuration.workerCount, name: "gather-worker")
        self.balancer = ConnectionBalancer(loopCount: configuration.eventLoopCount)
        self.connectionsPerAddress = ConcurrencyAllowance(limit: configuration.maxConnectionsPerAddress)
        self.idleCounts = IdleConnectionCounts(loopCount: configuration.eventLoopCount)
    }

    /// The key a connection from `peer` is counted under per address; nil when connections are not
    /// counted per address (behind a trusted proxy, which carries many clients' requests).
    func addressKey(of peer: String) -> String? {
        configuration.trustProxyHeaders ? nil : ClientKey.of(peer)
    }

    var connectionCount: Int { openConnections.load(ordering: .relaxed) }

    /// Counts a new connection if the cap allows it.
    func reserveConnectionSlot() -> Bool {
        let after = openConnections.add(1, ordering: .relaxed).newValue
        if after > configuration.maxConnections {
            openConnections.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Counts a connection beyond the cap: a newcomer for whom an idle connection is about to be
    /// closed (`ServerLoop.closeIdleConnectionForNewcomer`), which brings the count back. The count
    /// is over the cap only while such hand-overs are on their way to a loop.
    func reserveConnectionSlotOverCap() {
        openConnections.add(1, ordering: .relaxed)
    }

    /// Counts a connection refused at accept, for the server's cap or its address's.
    func countRefusal(forAddress: Bool) {
        if forAddress {
            refusedForAddress.add(1, ordering: .relaxed)
        } else {
            refusedOverCap.add(1, ordering: .relaxed)
        }
    }

    var refusals: ConnectionRefusals {
        ConnectionRefusals(overServerCap: refusedOverCap.load(ordering: .relaxed), overAddressCap: refusedForAddress.load(ordering: .relaxed))
    }

    func releaseConnectionSlot() {
        openConnections.subtract(1, ordering: .relaxed)
    }

    /// Entries waiting for the log queue, and whether a drain is already queued: under load one
    /// hand-over carries many entries instead of one queue wake-up per request.
    private let pendingLog = Locked<(entries: [AccessLogEntry], drainQueued: Bool)>(([], false))

    func log(_ entry: AccessLogEntry) {
        guard let accessLogger else { return }
        let queueDrain = pendingLog.withLock { pending in
            pending.entries.append(entry)
            defer { pending.drainQueued = true }
            return !pending.drainQueued
        }
        guard queueDrain else { return }
        logQueue.async { [self] in
            let entries = pendingLog.withLock { pending in
                defer { pending = ([], false) }
                return pending.entries
            }
            for entry in entries { accessLogger(entry) }
        }
    }

    /// Returns once every entry logged so far is written.
    func flushLog() {
        logQueue.sync {}
    }

    func nextRequestID() -> UInt64 {
        requestCounter.add(1, ordering: .relaxed).newValue
    }
}
