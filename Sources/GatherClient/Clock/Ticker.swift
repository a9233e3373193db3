import Dispatch
import Foundation

/// Something that calls back periodically on the UI queue while started. The match clock's view
/// refresh runs on it; tests drive a manual one.
@MainActor
public protocol Ticker: AnyObject {
    func start(every interval: Duration, _ tick: @escaping @MainActor () -> Void)
    func stop()
    var isRunning: Bool { get }
}

/// Where "now" comes from: a monotonic clock in the app, a settable one in tests.
public protocol TimeSource: Sendable {
    func now() -> Duration
    /// The wall-clock time, for dating a match (kick-off, the end).
    func date() -> Date
}

extension TimeSource {
    public func date() -> Date { Date() }
}

/// The system's monotonic clock (it never jumps with wall-clock changes).
public struct MonotonicTimeSource: TimeSource {
    public init() {}
    public func now() -> Duration {
        .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds))
    }
}

/// A `DispatchSourceTimer` on the main queue: the same serial queue as key input and resizes.
@MainActor
public final class DispatchTicker: Ticker {
    private var timer: DispatchSourceTimer?

    public init() {}

    public var isRunning: Bool { timer != nil }

    public func start(every interval: Duration, _ tick: @escaping @MainActor () -> Void) {
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

    public func stop() {
        timer?.cancel()
        timer = nil
    }
}
