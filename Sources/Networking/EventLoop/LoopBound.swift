/// A value that belongs to one event loop: it may cross threads (inside a task sent to the loop,
/// say) but is only read or changed on its loop's thread, which every access checks, in
/// every build. The way to hand loop-owned state to other threads without a lock.
final class LoopBound<Value>: @unchecked Sendable {
    let loop: EventLoop
    private var storage: Value

    init(_ value: Value, on loop: EventLoop) {
        self.loop = loop
        self.storage = value
    }

    var value: Value {
        get {
            loop.preconditionInLoop()
            return storage
        }
        set {
            loop.preconditionInLoop()
            storage = newValue
        }
    }

    /// Runs `body` with the value on the loop's thread; false if the loop has ended (nothing runs).
    @discardableResult
    func execute(_ body: @escaping @Sendable (Value) -> Void) -> Bool {
        loop.execute { [self] in body(value) }
    }
}
