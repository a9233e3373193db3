import Glibc

/// A `Lock` with a condition variable: `NSCondition` without Foundation, and just as visible to
/// ThreadSanitizer. Waiters hold the lock, wait until signalled, and check their predicate again
/// (wake-ups may be spurious).
///
/// Unchecked Sendable: the lock and the condition variable are the synchronisation themselves.
package final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        // Timed waits measured on the monotonic clock: a change of the wall clock neither cuts
        // them short nor stretches them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    package func lock() {
        mutex.lock()
    }

    package func unlock() {
        mutex.unlock()
    }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock(body)
    }

    /// Releases the lock until signalled, then holds it again. Call with the lock held.
    package func wait() {
        pthread_cond_wait(condition, mutex.mutex)
    }

    /// Releases the lock until signalled or until `deadline` (of `ContinuousClock`, which is
    /// `CLOCK_MONOTONIC` on Linux), then holds it again. Call with the lock held; false once the
    /// deadline has passed.
    package func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let now = ContinuousClock.now
        guard deadline > now else { return false }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let (seconds, attoseconds) = (deadline - now).components
        let nanoseconds = Int(time.tv_nsec) + Int(attoseconds / 1_000_000_000)
        time.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        time.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_cond_timedwait(condition, mutex.mutex, &time) != ETIMEDOUT
    }

    /// Wakes one waiter.
    package func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every waiter.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
