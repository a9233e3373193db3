import CLinux
import Dispatch
import Locking

/// A fixed set of threads running blocking work (SQLite, password hashing) off the event loops,
/// so a slow request never stalls the connections that share its loop. With a `queueLimit`, work
/// beyond it is refused (`trySubmit` returns false) instead of waiting without bound.
///
/// Unchecked Sendable: `jobs`, `head` and `accepting` are guarded by `condition`.
package final class WorkerPool: @unchecked Sendable {
    private let condition = Condition()
    /// Taken jobs are nil: a job (its request, its reply) is let go once it has run, not kept
    /// until the array is next compacted.
    private var jobs: [(@Sendable () -> Void)?] = []
    private var head = 0
    private var accepting = true
    private let group = DispatchGroup()
    /// Jobs waiting for a thread at most; nil for no limit.
    package let queueLimit: Int?
    package let threadCount: Int

    /// - Parameter niceness: added to the threads' nice value (Linux schedules each thread on
    ///   its own): 10 lets CPU-bound work such as password hashing yield to the event loops.
    ///   Throws when the system refuses a thread, after stopping those already started.
    package init(threads: Int, name: String, queueLimit: Int? = nil, niceness: Int32 = 0) throws {
        self.queueLimit = queueLimit
        self.threadCount = max(1, threads)
        for index in 0..<threadCount {
            group.enter()
            do {
                try DetachedThread.start(name: "\(name)-\(index)") { [self] in
                    if niceness != 0 {
                        // Best effort: without the right to change it, the thread keeps the process's.
                        _ = clinux_nice_thread(niceness)
                    }
                    work()
                    group.leave()
                }
            } catch {
                group.leave()
                shutdownAndWait()
                throw error
            }
        }
    }

    /// Queues `job` whatever the queue holds.
    package func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Queues `job` unless the queue is full or the pool is shutting down; says which.
    package func trySubmit(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard accepting else { return false }
        if let queueLimit, jobs.count - head >= queueLimit { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Runs the jobs already submitted, then stops the threads and waits for them.
    package func shutdownAndWait() {
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
        jobs[head] = nil
        head += 1
        // Drop the consumed prefix now and then so the array does not grow forever.
        if head > 1024 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
