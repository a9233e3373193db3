import Foundation
import Locking

/// The in-process API's event loop: one thread of its own, as a server's loop is, on which the
/// application's loop path runs (its loop reader belongs to the first thread that reads with it).
/// `run` hands it a job and waits for it.
final class InProcessLoop: @unchecked Sendable {
    private let condition = Condition()
    private var jobs: [@Sendable () -> Void] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init() throws {
        try DetachedThread.start(name: "in-process-loop") { [self] in
            while let job = next() { job() }
            finished.signal()
        }
    }

    /// Runs `job` on the loop's thread and returns what it returned.
    func run<T: Sendable>(_ job: @escaping @Sendable () -> T) -> T {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        condition.withLock {
            jobs.append {
                result.withLock { $0 = job() }
                done.signal()
            }
            condition.signal()
        }
        done.wait()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the loop ran the job without its answer") }
        return value
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
        finished.wait()
    }

    private func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !stopped { condition.wait() }
        guard !jobs.isEmpty else { return nil }
        return jobs.removeFirst()
    }
}
