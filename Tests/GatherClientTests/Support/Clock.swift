import Foundation
@testable import GatherClient
import Locking

/// A ticker driven by the test: `fire()` delivers a tick.
@MainActor
final class ManualTicker: Ticker {
    private(set) var startCount = 0
    private(set) var stopCount = 0
    private(set) var intervals: [Duration] = []
    private(set) var isRunning = false
    private var handler: (@MainActor () -> Void)?

    func start(every interval: Duration, _ tick: @escaping @MainActor () -> Void) {
        startCount += 1
        intervals.append(interval)
        isRunning = true
        handler = tick
    }

    func stop() {
        stopCount += 1
        isRunning = false
    }

    /// Delivers one tick to the last handler given to `start`, running or not: a tick already on
    /// its way when the ticker stops still arrives.
    func fire() {
        handler?()
    }
}

/// A time source whose "now" only moves when the test says so.
final class ManualTimeSource: TimeSource {
    private let current: Locked<Duration>

    init(now: Duration = .seconds(1_000)) {
        current = Locked(now)
    }

    func now() -> Duration {
        current.withLock { $0 }
    }

    /// The wall clock moves with "now": 1,000 s of it is 2027-01-15T08:00:00Z.
    func date() -> Date {
        let (seconds, attoseconds) = now().components
        return Date(timeIntervalSince1970: 1_800_000_000 - 1_000 + Double(seconds) + Double(attoseconds) / 1e18)
    }

    func set(_ now: Duration) {
        current.withLock { $0 = now }
    }

    func advance(by duration: Duration) {
        current.withLock { $0 += duration }
    }
}
