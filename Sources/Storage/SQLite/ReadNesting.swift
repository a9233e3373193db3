import Glibc

/// Whether this thread is inside a read that holds one of the pool's connections. A read inside
/// such a read would take a second connection while holding the first: with every connection so
/// held, no read gets one again and the server stops. A dedicated reader's lock would wait for
/// itself. Neither is ever right, so both stop the process at once, saying why (in every build),
/// instead of under load.
///
/// Inside a write, reads are the write's own and take no connection: they stay allowed. The mark
/// is the thread's, whatever the pool: a read of one database inside a read of another stops too
/// (nothing reads two databases at once).
enum ReadNesting {
    /// One per process, never deleted: a thread's value is the read it is inside (nil: none).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let code = pthread_key_create(&key, nil)
        precondition(code == 0, "pthread_key_create failed (\(code))")
        return key
    }()

    /// Runs `body` as this thread's read; `what` names the call in the failure's message.
    static func read<T>(_ what: StaticString, _ body: () throws -> T) rethrows -> T {
        if pthread_getspecific(key) != nil {
            fatalError("\(what) inside a read: it would hold a second connection while holding the first (read once, or pass the Database on)")
        }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(key, nil) }
        return try body()
    }

    /// Stops the process if this thread is inside a read: a write from there would wait for the
    /// committer while a reader holds its snapshot, and the read would not see what it wrote.
    static func checkNotInsideRead(_ what: StaticString) {
        if pthread_getspecific(key) != nil {
            fatalError("\(what) inside a read: finish the read first (its snapshot would not see the write)")
        }
    }
}
