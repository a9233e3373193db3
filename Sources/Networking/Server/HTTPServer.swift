import Dispatch
import Glibc
import Locking

/// An HTTP/1.1 server: a listening socket watched by a few epoll loops, connections spread over
/// them, handlers run on a worker pool. Start it, read `port`, and call `shutdown` to stop it.
public final class HTTPServer: Sendable {
    private let shared: ServerShared
    private let state = Locked<RunState>(.idle)

    private enum RunState {
        case idle
        case running(listener: Int32, port: Int, loops: [LoopBound<ServerLoop>])
        case stopped
    }

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, accessLogger: AccessLogger? = nil) throws {
        shared = try ServerShared(configuration: configuration, responder: responder, accessLogger: accessLogger)
    }

    public var configuration: HTTPServerConfiguration { shared.configuration }

    /// The port the server listens on (the chosen one when configured with port 0); nil unless running.
    public var port: Int? {
        state.withLock {
            if case let .running(_, port, _) = $0 { return port }
            return nil
        }
    }

    /// Open connections right now.
    public var connectionCount: Int { shared.connectionCount }

    /// Open connections right now on each event loop.
    @_spi(Testing) public var connectionsPerLoop: [Int] { shared.balancer.openPerLoop }

    /// Binds, starts the loops and returns the bound port.
    @discardableResult
    public func start() throws -> Int {
        let configuration = shared.configuration
        let (listener, port) = try Socket.listen(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        var loops: [LoopBound<ServerLoop>] = []
        var serverLoops: [ServerLoop] = []
        var started = 0
        do {
            let tick = HTTPServer.tickInterval(configuration)
            for index in 0..<max(1, configuration.eventLoopCount) {
                let loop = try EventLoop(tickInterval: tick)
                // Before the threads start, this thread is the loops' only user.
                let serverLoop = ServerLoop(loop: loop, shared: shared, listener: listener, index: index)
                try serverLoop.startListening()
                serverLoops.append(serverLoop)
                loops.append(LoopBound(serverLoop, on: loop))
            }
            for serverLoop in serverLoops { serverLoop.peers = loops }
            for (index, bound) in loops.enumerated() {
                try bound.loop.start(name: "fg-loop-\(index)")
                started += 1
            }
        } catch {
            for bound in loops.prefix(started) { bound.loop.stopAndWait() }
            // The threads have ended (or never started): this thread is again the only user.
            for serverLoop in serverLoops { serverLoop.peers = [] }
            Glibc.close(listener)
            throw error
        }
        state.withLock { $0 = .running(listener: listener, port: port, loops: loops) }
        return port
    }

    /// How long `shutdown` lets requests in flight finish by default.
    public static let defaultShutdownGracePeriod: Duration = .seconds(10)

    /// Stops accepting, lets requests in flight finish for up to `gracePeriod`, then closes every
    /// connection and stops the threads. Returns true if every connection finished in time.
    @discardableResult
    public func shutdown(gracePeriod: Duration = HTTPServer.defaultShutdownGracePeriod) -> Bool {
        let running: (Int32, [LoopBound<ServerLoop>])? = state.withLock { state in
            guard case let .running(listener, _, loops) = state else { return nil }
            state = .stopped
            return (listener, loops)
        }
        guard let (listener, loops) = running else { return true }

        let stopped = DispatchGroup()
        for bound in loops {
            stopped.enter()
            bound.execute { serverLoop in
                serverLoop.beginShutdown()
                stopped.leave()
            }
        }
        stopped.wait()
        Glibc.close(listener)

        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(gracePeriod)
        while shared.connectionCount > 0 && MonotonicClock.now() < deadline {
            usleep(5_000)
        }
        let graceful = shared.connectionCount == 0
        for bound in loops {
            bound.execute { $0.closeAll() }
            bound.loop.stopAndWait()
        }
        shared.workers.shutdownAndWait()
        shared.flushLog()
        return graceful
    }

    /// Timeouts are checked on each loop's tick: often enough for the shortest of them.
    static func tickInterval(_ configuration: HTTPServerConfiguration) -> Duration {
        let shortest = [configuration.headerReadTimeout, configuration.bodyReadTimeout, configuration.idleTimeout,
                        configuration.writeTimeout, configuration.lingerTimeout].min() ?? .seconds(1)
        return max(.milliseconds(5), min(.milliseconds(250), shortest / 4))
    }
}
