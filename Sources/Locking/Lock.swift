import Glibc

/// A pthread mutex: `NSLock` without Foundation. `Locked` and `Condition` are built on it.
///
/// Synchronization's `Mutex` would do the same, but on Linux it waits on futexes directly, and
/// ThreadSanitizer cannot see that hand-over: under contention it reports races that are not there,
/// which would teach everyone to ignore it. A pthread mutex is intercepted by the sanitizer, so a
/// report means a real race.
///
/// Unchecked Sendable: the mutex is the synchronisation itself.
@usableFromInline package final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inlinable
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
