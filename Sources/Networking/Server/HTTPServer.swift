import Dispatch
import Glibc
import Locking

/// An HTTP/1.1 server: a listening socket watched by a few epoll loops, connections spread over
/// them, handlers run on a worker pool. Start it, read `port`, and call `shutdown` to stop it.
package final class HTTPServer: Sendable {
    private let shared: ServerShared
    private let state = Locked<RunState>(.idle)

    private enum RunState {
        case idle
        case running(listener: Int32, port: Int, loops: [LoopBound<ServerLoop>])
        case stopped
    }

    /// `errorResponse` shapes what the server answers by itself (plain text unless told).
    package init(configuration: HTTPServerConfiguration, responder: any HTTPResponder,
                 errorResponse: @escaping ErrorResponder = HTTPServer.plainTextError, accessLogger: AccessLogger? = nil) throws {
        shared = try ServerShared(configuration: configuration, responder: responder, errorResponse: errorResponse,
                                  accessLogger: accessLogger)
    }

    package var configuration: HTTPServerConfiguration { shared.configuration }

    /// The port the server listens on (the chosen one when configured with port 0); nil unless running.
    package var port: Int? {
        state.withLock {
            if case let .running(_, port, _) = $0 { return port }
            return nil
        }
    }

    /// Open connections right now.
    package var connectionCount: Int { shared.connectionCount }

    /// Connections refused since the start (the caps' doing), at accept or when handed to a loop.
    package var refusedConnections: ConnectionRefusals { shared.refusals }

    /// Open connections right now on each event loop.
    package var connectionsPerLoop: [Int] { shared.balancer.openPerLoop }

    /// Idle connections right now on each event loop (between requests, nothing buffered), as the
    /// loops last published them.
    package var idleConnectionsPerLoop: [Int] { shared.idleCounts.perLoop }

    /// Binds, starts the loops and returns the bound port.
    @discardableResult
    package func start() throws -> Int {
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
                serverLoops.append(serverLoop)
                loops.append(LoopBound(serverLoop, on: loop))
            }
            for serverLoop in serverLoops { serverLoop.peers = loops }
            for (index, bound) in loops.enumerated() {
                try bound.loop.start(name: "gather-loop-\(index)")
                started += 1
            }
            // Only once every loop runs does any take connections: one could otherwise be
            // handed to a loop whose thread the system refused.
            try startListening(loops)
        } catch {
            stop(loops.prefix(started), listener: listener, gracePeriod: .zero)
            // The threads have ended (or never started): this thread is again the only user.
            for serverLoop in serverLoops { serverLoop.peers = [] }
            throw error
        }
        state.withLock { $0 = .running(listener: listener, port: port, loops: loops) }
        return port
    }

    /// How long `shutdown` lets requests in flight finish by default.
    package static let defaultShutdownGracePeriod: Duration = .seconds(10)

    /// Stops accepting, lets requests in flight finish for up to `gracePeriod`, then closes every
    /// connection and stops the threads. Returns true if every connection finished in time.
    @discardableResult
    package func shutdown(gracePeriod: Duration = HTTPServer.defaultShutdownGracePeriod) -> Bool {
        let running: (Int32, [LoopBound<ServerLoop>])? = state.withLock { state in
            guard case let .running(listener, _, loops) = state else { return nil }
            state = .stopped
            return (listener, loops)
        }
        guard let (listener, loops) = running else { return true }
        let graceful = stop(loops, listener: listener, gracePeriod: gracePeriod)
        shared.workers.shutdownAndWait()
        shared.flushLog()
        return graceful
    }

    /// Registers the listener on every loop, each on its own thread; throws the first failure.
    private func startListening(_ loops: [LoopBound<ServerLoop>]) throws {
        let failures = Locked<[any Error]>([])
        let registered = DispatchGroup()
        for bound in loops {
            registered.enter()
            let queued = bound.execute { serverLoop in
                do {
                    try serverLoop.startListening()
                } catch {
                    failures.withLock { $0.append(error) }
                }
                registered.leave()
            }
            if !queued {
                failures.withLock { $0.append(SystemError("listening on an event loop that has ended", code: ECANCELED)) }
                registered.leave()
            }
        }
        registered.wait()
        if let failure = failures.withLock({ $0.first }) { throw failure }
    }

    /// Stops accepting on every loop, closes the listener, waits up to `gracePeriod` for the open
    /// connections to finish, then closes the rest and ends the loops. True if none was left.
    @discardableResult
    private func stop(_ loops: some Collection<LoopBound<ServerLoop>>, listener: Int32, gracePeriod: Duration) -> Bool {
        let stopped = DispatchGroup()
        for bound in loops {
            stopped.enter()
            let queued = bound.execute { serverLoop in
                serverLoop.beginShutdown()
                stopped.leave()
            }
            // A loop that has ended already has nothing left to stop.
            if !queued { stopped.leave() }
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
        return graceful
    }

    /// Timeouts are checked on each loop's tick: often enough for the shortest of them.
    static func tickInterval(_ configuration: HTTPServerConfiguration) -> Duration {
        let shortest = [configuration.headerReadTimeout, configuration.bodyReadTimeout, configuration.anonymousBodyReadTimeout,
                        configuration.idleTimeout, configuration.writeTimeout, configuration.lingerTimeout,
                        configuration.streamKeepAliveInterval].min() ?? .seconds(1)
        return max(.milliseconds(5), min(.milliseconds(250), shortest / 4))
    }
}

/// Connections refused, at accept or by the loop they were handed to: over `maxConnections` (and
/// no idle one to close for them), or over `maxConnectionsPerAddress` for their address.
package struct ConnectionRefusals: Sendable, Equatable {
    package let overServerCap: Int
    package let overAddressCap: Int

    package static let none = ConnectionRefusals(overServerCap: 0, overAddressCap: 0)
}
