import Glibc

/// A value behind a pthread mutex, reached only inside `withLock`.
///
/// Synchronization's `Mutex` would do the same, but on Linux it waits on futexes directly, and
/// ThreadSanitizer cannot see that hand-over: under contention it reports races that are not there,
/// which would teach everyone to ignore it. A pthread mutex is intercepted by the sanitizer, so a
/// report means a real race.
///
/// Unchecked Sendable: `value` is only touched while `mutex` is held.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
