import Foundation
import HTTP
import Networking

/// One client asking for one URL at a steady pace on a keep-alive connection, timing each answer
/// until stopped: a person's app, or a load balancer's health check, beside whatever load runs.
/// Light on purpose (a request every few milliseconds), so it measures the wait, not itself.
///
/// Each latency runs from the request's first byte written to the answer's last byte read. A
/// request that takes longer than the interval delays the next one (no burst to catch up), so a
/// stall shows once, in the maximum and the tail, rather than as many queued requests.
final class LatencyProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var latencies: [Double] = []
    private var errors = 0
    private var unanswered = 0
    private let finished = DispatchSemaphore(value: 0)

    /// One request, as the probe sends it the `n`th time.
    struct Request {
        var method: HTTPMethod = .get
        var target: String
        var headers: HTTPHeaders = [:]
        var body: [UInt8] = []
    }

    convenience init(port: Int, target: String, headers: HTTPHeaders = [:], every interval: Duration) {
        self.init(port: port, every: interval) { _ in Request(target: target, headers: headers) }
    }

    /// Any request: an answer outside 2xx is counted as an error.
    init(port: Int, every interval: Duration, request: @escaping @Sendable (Int) -> Request) {
        let step = MonotonicClock.nanoseconds(interval)
        Thread.detachNewThread { [self] in
            var connection: HTTPClientConnection?
            var next = MonotonicClock.now()
            var sent = 0
            while lock.withLock({ running }) {
                do {
                    let open = try (connection?.isReusable == true ? connection : nil)
                        ?? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                    connection = open
                    let start = MonotonicClock.now()
                    let asked = request(sent)
                    sent += 1
                    let response = try open.send(method: asked.method, target: asked.target, headers: asked.headers, body: asked.body,
                                                 timeout: .seconds(30))
                    let milliseconds = Double(MonotonicClock.now() - start) / 1e6
                    lock.withLock {
                        latencies.append(milliseconds)
                        if !(200..<300).contains(response.status) { errors += 1 }
                    }
                } catch {
                    connection = nil
                    lock.withLock {
                        errors += 1
                        unanswered += 1
                    }
                }
                let now = MonotonicClock.now()
                next = max(next + step, now)
                if next > now { usleep(UInt32((next - now) / 1_000)) }
            }
            finished.signal()
        }
    }

    /// Stops after the request under way and returns what was measured.
    func stop() -> LatencyFigures {
        lock.withLock { running = false }
        finished.wait()
        return lock.withLock { LatencyFigures(latencies: latencies, errors: errors, unanswered: unanswered) }
    }
}
