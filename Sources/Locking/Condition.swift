import Glibc

/// A `Lock` with a condition variable: `NSCondition` without Foundation, and just as visible to
/// ThreadSanitizer. Waiters hold the lock, wait until signalled, and check their predicate again
/// (wake-ups may be spurious).
///
/// Unchecked Sendable: the lock and the condition variable are the synchronisation themselves.
public final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    public func lock() {
        mutex.lock()
    }

    public func unlock() {
        mutex.unlock()
    }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock(body)
    }

    /// Releases the lock until signalled, then holds it again. Call with the lock held.
    public func wait() {
        pthread_cond_wait(condition, mutex.mutex)
    }

    /// Wakes one waiter.
    public func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every waiter.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
