import Foundation

/// A fixed set of threads running blocking work (SQLite, password hashing) off the event loops,
/// so a slow request never stalls the connections that share its loop.
///
/// Unchecked Sendable: `jobs` and `accepting` are guarded by `condition`.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var accepting = true
    private let group = DispatchGroup()

    init(threads: Int, name: String) {
        for index in 0..<max(1, threads) {
            group.enter()
            let thread = Thread { [self] in
                work()
                group.leave()
            }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs the jobs already submitted, then stops the threads and waits for them.
    func shutdownAndWait() {
        condition.lock()
        accepting = false
        condition.broadcast()
        condition.unlock()
        group.wait()
    }

    private func work() {
        while let job = next() {
            job()
        }
    }

    private func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && accepting {
            condition.wait()
        }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        // Drop the consumed prefix now and then so the array does not grow forever.
        if head > 1024 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
