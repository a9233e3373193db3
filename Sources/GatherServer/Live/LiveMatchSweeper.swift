import Dispatch
import Synchronization

/// The one clock that forgets matches whose organisers went quiet and ends streams whose
/// credentials expired (`LiveMatches.sweep`): a task on its own queue every `interval`, never a
/// timer per match or viewer.
final class LiveMatchSweeper: Sendable {
    private let matches: LiveMatches
    private let interval: DispatchTimeInterval
    private let queue = DispatchQueue(label: "gather-live-sweep")
    private let stopped = Atomic<Bool>(false)

    init(matches: LiveMatches, interval: DispatchTimeInterval = .seconds(5)) {
        self.matches = matches
        self.interval = interval
        scheduleNext()
    }

    private func scheduleNext() {
        queue.asyncAfter(deadline: .now() + interval) { [self] in
            guard !stopped.load(ordering: .relaxed) else { return }
            matches.sweep()
            matches.keepDue()
            scheduleNext()
        }
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}
