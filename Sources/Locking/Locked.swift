/// A value behind a `Lock`, reached only inside `withLock`.
///
/// `withLock` is inlinable, so each module that uses it specialises it for its value: out of line
/// it is generic, and a table behind it is hashed through witness tables. A `package` type's
/// inlinable members are only inlined elsewhere when the type itself is `@usableFromInline`;
/// without it the compiler keeps them out of line and says nothing.
///
/// Unchecked Sendable: `value` is only touched while `lock` is held.
@usableFromInline package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
