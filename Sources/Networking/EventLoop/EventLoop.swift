import CLinux
import Dispatch
import Glibc
import Locking
import Synchronization

/// Something registered with an event loop for readiness on a descriptor.
protocol EventHandler: AnyObject {
    func handle(events: UInt32)
}

/// A descriptor watched by a loop, and the id its events carry. One handler may close another's
/// descriptor and the number be reused (accepted again) before the rest of the same batch of events
/// is handled: an event is matched to its registration by id, never by descriptor, so one for a
/// registration that has ended is dropped instead of reaching whoever has the number now.
struct EventRegistration: Hashable {
    let descriptor: Int32
    let id: UInt64
}

/// One thread waiting on epoll, calling handlers for ready descriptors, running tasks sent from other
/// threads, and a periodic tick (for timeouts). Handlers and tasks run on the loop's thread only.
///
/// Unchecked Sendable: `taskQueue` guards itself; every other property is touched only on
/// the loop's own thread, which `execute(_:)` is the one way to reach.
final class EventLoop: @unchecked Sendable {
    private let epollFD: Int32
    private let wakeFD: Int32
    private var handlers: [UInt64: EventHandler] = [:]
    /// 0 is the wake-up descriptor's.
    private var lastRegistrationID: UInt64 = 0
    private let taskQueue = Locked(TaskQueue())
    private var running = true
    private let finished = DispatchSemaphore(value: 0)
    private let tickInterval: UInt64
    private var nextTick: UInt64 = 0
    /// Called on the loop thread about every `tickInterval`.
    var onTick: (() -> Void)?
    /// The loop thread's id once it runs (0 before), for `preconditionInLoop`.
    private let threadID = Atomic<UInt>(0)

    init(tickInterval: Duration) throws {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw SystemError("epoll_create1") }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            close(epollFD)
            throw SystemError("eventfd")
        }
        self.tickInterval = MonotonicClock.nanoseconds(tickInterval)
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = EventLoop.wakeID
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event) == 0 else {
            close(wakeFD)
            close(epollFD)
            throw SystemError("epoll_ctl")
        }
    }

    deinit {
        close(wakeFD)
        close(epollFD)
    }

    /// Starts the loop on a thread of its own.
    func start(name: String) throws {
        try DetachedThread.start(name: name) { [self] in
            threadID.store(UInt(pthread_self()), ordering: .releasing)
            run()
            finished.signal()
        }
    }

    /// Runs `task` on the loop's thread. Safe from any thread. After the loop has ended, nothing
    /// runs it, and the result is false.
    @discardableResult
    func execute(_ task: @escaping @Sendable () -> Void) -> Bool {
        let (accepted, wake) = taskQueue.withLock { queue in
            guard queue.accepting else { return (false, false) }
            queue.tasks.append(task)
            return (true, queue.tasks.count == 1)
        }
        guard accepted else { return false }
        // Tasks already waiting mean a wake-up is already due: the loop reads the eventfd before it
        // takes the tasks, so whatever joins them before it takes them goes with them. A group
        // commit's answers reach a loop with one wake-up instead of one each.
        if wake {
            var one: UInt64 = 1
            _ = Glibc.write(wakeFD, &one, MemoryLayout<UInt64>.size)
        }
        return true
    }

    /// Whether the caller runs on this loop's thread.
    var inLoop: Bool {
        pthread_equal(pthread_t(threadID.load(ordering: .acquiring)), pthread_self()) != 0
    }

    /// Stops the process, in every build, when loop-owned state is touched from another thread:
    /// such a use is a data race that would corrupt the loop's connections silently, and costs an
    /// atomic load and a comparison to rule out.
    func preconditionInLoop(file: StaticString = #fileID, line: UInt = #line) {
        precondition(inLoop, "used off its event loop's thread", file: file, line: line)
    }

    /// Ends the loop after the tasks already queued; waits for its thread to finish.
    func stopAndWait() {
        let ended = taskQueue.withLock { !$0.accepting }
        guard !ended else { return }
        execute { [self] in running = false }
        finished.wait()
    }

    // MARK: Loop-thread API

    private static let wakeID: UInt64 = 0

    func register(_ fd: Int32, events: UInt32, handler: EventHandler) throws -> EventRegistration {
        lastRegistrationID += 1
        let registration = EventRegistration(descriptor: fd, id: lastRegistrationID)
        var event = epoll_event()
        event.events = events
        event.data.u64 = registration.id
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else { throw SystemError("epoll_ctl(ADD)") }
        handlers[registration.id] = handler
        return registration
    }

    func modify(_ registration: EventRegistration, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = registration.id
        epoll_ctl(epollFD, EPOLL_CTL_MOD, registration.descriptor, &event)
    }

    /// Stops watching; events of this registration still in the batch being handled are dropped.
    func deregister(_ registration: EventRegistration) {
        guard handlers.removeValue(forKey: registration.id) != nil else { return }
        epoll_ctl(epollFD, EPOLL_CTL_DEL, registration.descriptor, nil)
    }

    private func run() {
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        nextTick = MonotonicClock.now() + tickInterval
        while running {
            let now = MonotonicClock.now()
            let waitMilliseconds = Int32(clamping: nextTick > now ? (nextTick - now + 999_999) / 1_000_000 : 0)
            let count = epoll_wait(epollFD, events, Int32(capacity), waitMilliseconds)
            if count < 0 && errno != EINTR {
                // Only EBADF/EFAULT/EINVAL are possible: programming errors. Stop rather than spin.
                StandardStream.error.write("event loop stopped: \(SystemError("epoll_wait"))\n")
                break
            }
            for index in 0..<max(0, Int(count)) {
                let id = events[index].data.u64
                if id == EventLoop.wakeID {
                    var value: UInt64 = 0
                    _ = Glibc.read(wakeFD, &value, MemoryLayout<UInt64>.size)
                    continue
                }
                handlers[id]?.handle(events: events[index].events)
            }
            runTasks()
            if MonotonicClock.now() >= nextTick {
                onTick?()
                nextTick = MonotonicClock.now() + tickInterval
            }
        }
        // The last tasks are taken in the same step that closes the queue: a task that was
        // accepted (`execute` returned true) runs; a later one is refused.
        let last = taskQueue.withLock { queue in
            queue.accepting = false
            let last = queue.tasks
            queue.tasks.removeAll()
            return last
        }
        for task in last { task() }
        onTick = nil
    }

    private func runTasks() {
        let batch = taskQueue.withLock { queue in
            let batch = queue.tasks
            queue.tasks.removeAll()
            return batch
        }
        for task in batch { task() }
    }
}

/// Tasks sent to a loop from other threads, waiting for its next turn.
private struct TaskQueue {
    var tasks: [@Sendable () -> Void] = []
    /// False once the loop has ended: later tasks are dropped, not kept (and what they hold with them).
    var accepting = true
}
