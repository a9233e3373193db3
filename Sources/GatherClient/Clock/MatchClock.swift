/// The countdown of a match. Remaining time is always computed from a deadline on a monotonic
/// clock, never by counting ticks, so a late or missed tick cannot make it drift; pausing stores
/// the remaining time exactly.
package struct MatchClock: Equatable, Sendable {
    package enum State: Equatable, Sendable {
        /// Set to `duration`, not started.
        case ready
        /// Counting down; reaches zero at `deadline`.
        case running(deadline: Duration)
        case paused(remaining: Duration)
        case finished
    }

    package static let defaultDuration: Duration = .seconds(600)
    package static let maximumDuration: Duration = .seconds(99 * 60 + 59)

    package private(set) var duration: Duration
    package private(set) var state: State = .ready

    package init(duration: Duration = MatchClock.defaultDuration) {
        self.duration = duration
    }

    /// A clock as a match left it: stopped with `remaining` of `duration` left (ready when none
    /// was played, finished when none is left).
    package init(duration: Duration, stoppedWith remaining: Duration) {
        self.duration = min(max(.zero, duration), MatchClock.maximumDuration)
        let remaining = min(max(.zero, remaining), self.duration)
        state = remaining == self.duration ? .ready : remaining == .zero ? .finished : .paused(remaining: remaining)
    }

    package var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    package func remaining(at now: Duration) -> Duration {
        switch state {
        case .ready: return duration
        case .running(let deadline): return max(.zero, deadline - now)
        case .paused(let remaining): return remaining
        case .finished: return .zero
        }
    }

    /// Starts from ready, or resumes when paused. A zero duration cannot start.
    package mutating func start(at now: Duration) {
        switch state {
        case .ready where duration > .zero:
            state = .running(deadline: now + duration)
        case .paused(let remaining) where remaining > .zero:
            state = .running(deadline: now + remaining)
        default:
            break
        }
    }

    package mutating func pause(at now: Duration) {
        guard case .running = state else { return }
        state = .paused(remaining: remaining(at: now))
    }

    /// Back to the full duration, stopped.
    package mutating func reset() {
        state = .ready
    }

    /// A new duration; the clock stops and is ready.
    package mutating func set(duration: Duration) {
        self.duration = min(max(.zero, duration), MatchClock.maximumDuration)
        state = .ready
    }

    /// Marks the clock finished if its deadline has passed; true exactly when that happens.
    package mutating func finishIfDue(at now: Duration) -> Bool {
        guard case .running(let deadline) = state, now >= deadline else { return false }
        state = .finished
        return true
    }

    /// `mm:ss`, rounding up: the display changes from 10:00 to 09:59 when a full second has passed,
    /// and shows 00:00 only when time is really up.
    package static func format(_ remaining: Duration) -> String {
        let (seconds, attoseconds) = remaining.components
        let whole = max(0, seconds + (attoseconds > 0 ? 1 : 0))
        let minutes = whole / 60
        let rest = whole % 60
        return (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// Parses `mm:ss` (or `m:ss`, or plain minutes) typed by the organiser.
    package static func parse(_ text: String) -> Duration? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let digitsOnly = parts.allSatisfy { !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        guard digitsOnly else { return nil }
        switch parts.count {
        case 1:
            guard let minutes = Int(parts[0]) else { return nil }
            return .seconds(minutes * 60)
        case 2:
            guard let minutes = Int(parts[0]), let seconds = Int(parts[1]), seconds < 60 else { return nil }
            return .seconds(minutes * 60 + seconds)
        default:
            return nil
        }
    }
}
