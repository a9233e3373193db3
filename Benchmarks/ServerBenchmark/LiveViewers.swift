import CLinux
import Foundation
import Glibc
import Networking

/// Friends watching one share page: many event streams of one link (`GET /s/{token}/events`), each a
/// raw non-blocking socket, read by a couple of threads waiting on epoll. No thread per viewer
/// here either: the bench shares the two cores with the server, and a thousand threads of its own
/// would be measured as the server's latency. Each viewer notes when it read the event carrying
/// each number of goals (0 is the match as it stood when the stream opened).
///
/// The streams come from several loopback addresses, `perAddress` from each (127.0.0.2, .3, …: all
/// of 127.0.0.0/8 is the loopback interface's), so the measured server keeps its default cap on
/// connections from one address; a thousand friends are a thousand phones, not one.
///
/// epoll comes from CLinux, the module Networking reads it from (Glibc's does not export it).
final class LiveViewers {
    private let descriptors: [Int32]
    private let progress: Progress
    private let watchers: [Watcher]

    /// Opens `count` streams of `target` one after the other (each connected and its request sent),
    /// then starts `threads` threads reading them. `goals`: the most goals a `match` event will carry.
    init(port: Int, target: String, count: Int, perAddress: Int, goals: Int, threads: Int = 2) throws {
        // 127.0.0.2 to 127.0.0.251 at most: the last byte must stay an address's.
        guard count > 0, perAddress > 0, count <= 250 * perAddress else {
            throw BenchmarkError("\(count) viewers cannot come from loopback addresses \(perAddress) at a time")
        }
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let request = Array("GET \(target) HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n".utf8)
        var opened: [Int32] = []
        do {
            for index in 0..<count {
                guard let fd = LoopbackSocket.connect(port: port, from: "127.0.0.\(2 + index / perAddress)") else {
                    throw BenchmarkError("viewer \(index + 1) could not connect (errno \(errno))")
                }
                opened.append(fd)
                guard write(fd, request, request.count) == request.count else {
                    throw BenchmarkError("viewer \(index + 1) could not send its request (errno \(errno))")
                }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        } catch {
            for fd in opened { close(fd) }
            throw error
        }
        descriptors = opened
        progress = Progress(viewers: count, goals: goals)
        let lanes = max(1, threads)
        do {
            watchers = try (0..<lanes).map { lane in
                try Watcher(descriptors: Array(stride(from: lane, to: count, by: lanes).map { opened[$0] }), goals: goals)
            }
        } catch {
            for fd in opened { close(fd) }
            throw error
        }
        for watcher in watchers { watcher.start(reporting: progress) }
    }

    /// Waits until every stream has brought its first `match` event (or was lost), `timeout` at
    /// most; how many have.
    func waitUntilOpen(timeout: Duration) -> Int {
        progress.wait(timeout: timeout) { $0.opened }
    }

    /// Waits until every viewer has read the event with `goals` goals (or was lost, or `timeout`);
    /// how many have.
    func waitUntilEveryone(saw goals: Int, timeout: Duration) -> Int {
        progress.wait(timeout: timeout) { $0.seen[goals] }
    }

    /// Streams the server closed or refused (its status line, for the first few).
    var losses: (count: Int, refusals: [String]) { progress.losses }

    /// Stops reading, closes every stream and returns, per viewer, when (monotonic nanoseconds) it
    /// read the event with each number of goals, 0 for never.
    func stop() -> [[UInt64]] {
        let arrivals = watchers.flatMap { $0.stop() }
        for fd in descriptors { close(fd) }
        return arrivals
    }
}

extension LiveViewers {
    /// Counts across the watchers' threads, for the thread that waits on them.
    private final class Progress: @unchecked Sendable {
        struct Counts {
            var opened = 0
            /// Viewers that read the event with this many goals, by number of goals.
            var seen: [Int]
            var lost = 0
            var refusals: [String] = []
        }

        private let condition = NSCondition()
        private let viewers: Int
        private var counts: Counts

        init(viewers: Int, goals: Int) {
            self.viewers = viewers
            counts = Counts(seen: Array(repeating: 0, count: goals + 1))
        }

        /// The waiting thread is woken only when a count is complete or a stream is lost, not for
        /// each of a thousand events: a wake-up per event would be its CPU taken from the server.
        func noteOpened() {
            condition.withLock {
                counts.opened += 1
                if counts.opened + counts.lost >= viewers { condition.broadcast() }
            }
        }

        func noteSeen(goals: Int) {
            condition.withLock {
                counts.seen[goals] += 1
                if counts.seen[goals] + counts.lost >= viewers { condition.broadcast() }
            }
        }

        func noteLost(refusal: String?) {
            condition.withLock {
                counts.lost += 1
                if let refusal, counts.refusals.count < 5 { counts.refusals.append(refusal) }
                condition.broadcast()
            }
        }

        var losses: (count: Int, refusals: [String]) { condition.withLock { (counts.lost, counts.refusals) } }

        func wait(timeout: Duration, for count: (Counts) -> Int) -> Int {
            let deadline = Date().addingTimeInterval(Double(MonotonicClock.nanoseconds(timeout)) / 1e9)
            condition.lock()
            defer { condition.unlock() }
            while count(counts) + counts.lost < viewers, condition.wait(until: deadline) {}
            return count(counts)
        }
    }

    /// One thread reading its share of the streams as epoll reports them readable.
    /// `viewers` belongs to that thread from `start` until `stop` has waited for it to end.
    private final class Watcher: @unchecked Sendable {
        private static let match = Array("match".utf8)

        private let epollFD: Int32
        private let descriptors: [Int32]
        private var readers: [EventStreamReader]
        private var opened: [Bool]
        /// Per viewer, when the event with each number of goals was read, 0 for not yet.
        private var arrivals: [[UInt64]]
        private let lock = NSLock()
        private var running = true
        private let finished = DispatchSemaphore(value: 0)

        init(descriptors: [Int32], goals: Int) throws {
            epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard epollFD >= 0 else { throw BenchmarkError("epoll_create1 failed (errno \(errno))") }
            self.descriptors = descriptors
            readers = Array(repeating: EventStreamReader(), count: descriptors.count)
            opened = Array(repeating: false, count: descriptors.count)
            arrivals = Array(repeating: Array(repeating: 0, count: goals + 1), count: descriptors.count)
            for (index, fd) in descriptors.enumerated() {
                var event = epoll_event()
                event.events = EPOLLIN.rawValue
                event.data.u64 = UInt64(index)
                guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
                    close(epollFD)
                    throw BenchmarkError("epoll_ctl failed (errno \(errno))")
                }
            }
        }

        deinit { close(epollFD) }

        func start(reporting progress: Progress) {
            Thread.detachNewThread { [self] in
                run(reporting: progress)
                finished.signal()
            }
        }

        /// Ends the thread (within the 20 ms it waits at most) and hands over what it read.
        func stop() -> [[UInt64]] {
            lock.withLock { running = false }
            finished.wait()
            return arrivals
        }

        private func run(reporting progress: Progress) {
            let capacity = 256
            let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
            defer { events.deallocate() }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
            defer { buffer.deallocate() }
            while lock.withLock({ running }) {
                let ready = epoll_wait(epollFD, events, Int32(capacity), 20)
                for slot in 0..<max(0, Int(ready)) {
                    let index = Int(events[slot].data.u64)
                    let got = Glibc.read(descriptors[index], buffer.baseAddress, buffer.count)
                    let failure = errno
                    // The moment this viewer has the bytes: what a browser would show next.
                    let now = MonotonicClock.now()
                    if got > 0 {
                        receive(UnsafeRawBufferPointer(rebasing: buffer[..<got]), viewer: index, at: now, reporting: progress)
                    } else if got == 0 || (failure != EAGAIN && failure != EINTR) {
                        lose(index, refusal: nil, reporting: progress)
                    }
                }
            }
        }

        private func receive(_ bytes: UnsafeRawBufferPointer, viewer index: Int, at now: UInt64, reporting progress: Progress) {
            readers[index].read(bytes) { name, data in
                guard name == Watcher.match else { return }
                if !opened[index] {
                    opened[index] = true
                    progress.noteOpened()
                }
                guard let goals = MatchEventData.goals(in: data), arrivals[index].indices.contains(goals),
                      arrivals[index][goals] == 0 else { return }
                arrivals[index][goals] = now
                progress.noteSeen(goals: goals)
            }
            if let refusal = readers[index].refusal { lose(index, refusal: refusal, reporting: progress) }
        }

        /// A stream the server ended or refused: read no more of it.
        private func lose(_ index: Int, refusal: String?, reporting progress: Progress) {
            epoll_ctl(epollFD, EPOLL_CTL_DEL, descriptors[index], nil)
            progress.noteLost(refusal: refusal)
        }
    }
}
