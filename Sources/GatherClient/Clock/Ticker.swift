import Dispatch
import Foundation

/// Something that calls back periodically on the UI queue while started. The match clock's view
/// refresh runs on it; tests drive a manual one.
@MainActor
package protocol Ticker: AnyObject {
    func start(every interval: Duration, _ tick: @escaping @MainActor () -> Void)
    func stop()
    var isRunning: Bool { get }
}

/// Where "now" comes from: a monotonic clock in the app, a settable one in tests.
package protocol TimeSource: Sendable {
    func now() -> Duration
    /// The wall-clock time, for dating a match (kick-off, the end).
    func date() -> Date
}

extension TimeSource {
    package func date() -> Date { Date() }
}

/// The system's monotonic clock (it never jumps with wall-clock changes).
package struct MonotonicTimeSource: TimeSource {
    package init() {}
    package func now() -> Duration {
        .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds))
    }
}

/// A `DispatchSourceTimer` on the main queue: the same serial queue as key input and resizes.
@MainActor
package final class DispatchTicker: Ticker {
    private var timer: DispatchSourceTimer?

    package init() {}

    package var isRunning: Bool { timer != nil }

    package func start(every interval: Duration, _ tick: @escaping @MainActor () -> Void) {
        stop()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
                       leeway: .milliseconds(5))
        timer.setEventHandler {
            MainActor.assumeIsolated { tick() }
        }
        timer.resume()
        self.timer = timer
    }

    package func stop() {
        timer?.cancel()
        timer = nil
    }
}
