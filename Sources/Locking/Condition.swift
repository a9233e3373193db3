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
        pthread_cond_init(condition, nil)
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

    /// Wakes one waiter.
    package func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every waiter.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
