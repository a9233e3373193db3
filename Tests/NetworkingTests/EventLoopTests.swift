import CLinux
import Glibc
import Locking
@testable import Networking
import XCTest

final class EventLoopTests: XCTestCase {
    func testLoopBoundValueIsReachedOnItsLoop() throws {
        let loop = try EventLoop(tickInterval: .milliseconds(50))
        try loop.start(name: "test-loop")
        defer { loop.stopAndWait() }
        XCTAssertFalse(loop.inLoop)
        let bound = LoopBound(0, on: loop)
        let seen = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<100 {
            DispatchQueue.global().async {
                bound.execute { _ in
                    bound.value += 1
                    let value = bound.value
                    seen.withLock { $0.append(value) }
                    if value == 100 { done.signal() }
                }
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(seen.withLock { $0.sorted() }, Array(1...100), "one thread, no lost update")
    }

    /// Tasks that join a non-empty queue do not wake the loop again: none may be left waiting.
    /// Four threads send 20,000 tasks each, in bursts and one by one, with a long tick (a task
    /// left behind would wait for it, and the deadline would pass).
    func testEveryTaskRunsWhenManyThreadsSendAtOnce() throws {
        let loop = try EventLoop(tickInterval: .seconds(60))
        try loop.start(name: "test-loop")
        defer { loop.stopAndWait() }
        let ran = Locked(0)
        let senders = DispatchGroup()
        for sender in 0..<4 {
            senders.enter()
            DispatchQueue.global().async {
                for index in 0..<20_000 {
                    XCTAssertTrue(loop.execute { ran.withLock { $0 += 1 } })
                    if sender % 2 == 0 && index % 100 == 0 { usleep(50) }
                }
                senders.leave()
            }
        }
        XCTAssertEqual(senders.wait(timeout: .now() + 30), .success)
        let deadline = Date().addingTimeInterval(10)
        while ran.withLock({ $0 }) < 80_000 && Date() < deadline { usleep(1_000) }
        XCTAssertEqual(ran.withLock { $0 }, 80_000)
        // And a lone task after the bursts still wakes the loop.
        let lone = DispatchSemaphore(value: 0)
        loop.execute { lone.signal() }
        XCTAssertEqual(lone.wait(timeout: .now() + 5), .success)
    }

    func testTasksSentToAnEndedLoopAreDropped() throws {
        let loop = try EventLoop(tickInterval: .milliseconds(50))
        try loop.start(name: "test-loop")
        loop.stopAndWait()
        final class Witness: Sendable {}
        weak var released: Witness?
        do {
            let witness = Witness()
            released = witness
            loop.execute { _ = witness }
        }
        XCTAssertNil(released, "the task and what it holds are not kept")
        loop.stopAndWait()
    }

    /// One handler closes another's descriptor and the number is taken again (as an accept would)
    /// before the rest of the batch is handled: the closed one's event, still in the batch, must
    /// reach nobody, and above all not the newcomer holding the number.
    func testAnEventOfAClosedDescriptorInTheSameBatchReachesNobody() throws {
        let loop = try EventLoop(tickInterval: .seconds(60))
        try loop.start(name: "test-loop")
        defer { loop.stopAndWait() }
        let batch = BatchWitness()
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            // Two pipes made readable before the loop waits: their events come in one batch.
            let first = Pipe.make(), second = Pipe.make()
            first.fill()
            second.fill()
            let closers = [Closer(pipe: first, loop: loop, batch: batch, done: done),
                           Closer(pipe: second, loop: loop, batch: batch, done: done)]
            closers[0].other = closers[1]
            closers[1].other = closers[0]
            for closer in closers {
                closer.registration = try? loop.register(closer.pipe.read, events: EPOLLIN.rawValue, handler: closer)
            }
            batch.keep(closers)
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the batch was handled")
        let seen = try XCTUnwrap(batch.seen.withLock { $0 })
        XCTAssertEqual(seen.handled, 1, "the closed descriptor's event was dropped")
        XCTAssertEqual(seen.newcomerEvents, 0, "the newcomer on the reused number got nothing of it")
        XCTAssertTrue(seen.reusedTheNumber, "the closed descriptor's number was taken again")
        loop.execute { batch.closeAll(on: loop) }
    }
}

/// A pipe for the loop's tests.
private struct Pipe {
    let read: Int32
    let write: Int32

    static func make() -> Pipe {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return Pipe(read: ends[0], write: ends[1])
    }

    func fill() {
        var byte: UInt8 = 1
        precondition(Glibc.write(write, &byte, 1) == 1)
    }

    func close() {
        Glibc.close(read)
        Glibc.close(write)
    }
}

/// What the handlers of one batch saw: counted on the loop's thread, and what they were at the
/// end of the batch kept in `seen` for the test.
private final class BatchWitness: @unchecked Sendable {
    var handled = 0
    var newcomerEvents = 0
    var reusedTheNumber = false
    let seen = Locked<(handled: Int, newcomerEvents: Int, reusedTheNumber: Bool)?>(nil)

    func endOfBatch() {
        let now = (handled, newcomerEvents, reusedTheNumber)
        seen.withLock { $0 = now }
    }
    private var closers: [Closer] = []
    private var registrations: [EventRegistration] = []
    private var descriptors: Set<Int32> = []

    func keep(_ closers: [Closer]) {
        self.closers = closers
        for closer in closers { descriptors.formUnion([closer.pipe.read, closer.pipe.write]) }
    }

    func keep(_ registration: EventRegistration, _ pipe: Pipe) {
        registrations.append(registration)
        descriptors.formUnion([pipe.read, pipe.write])
    }

    func closeAll(on loop: EventLoop) {
        for registration in registrations + closers.compactMap(\.registration) { loop.deregister(registration) }
        for descriptor in descriptors { Glibc.close(descriptor) }
        closers = []
    }
}

/// The first of the two to be handled closes the other's descriptor, as the server closes a
/// connection, and puts an empty pipe (never readable) on its number, watched by a newcomer, all
/// within the batch.
private final class Closer: EventHandler {
    let pipe: Pipe
    unowned let loop: EventLoop
    let batch: BatchWitness
    let done: DispatchSemaphore
    weak var other: Closer?
    var registration: EventRegistration?

    init(pipe: Pipe, loop: EventLoop, batch: BatchWitness, done: DispatchSemaphore) {
        self.pipe = pipe
        self.loop = loop
        self.batch = batch
        self.done = done
    }

    func handle(events: UInt32) {
        batch.handled += 1
        var byte: UInt8 = 0
        _ = Glibc.read(pipe.read, &byte, 1)
        guard batch.handled == 1, let other, let otherRegistration = other.registration else { return }
        let empty = Pipe.make()
        loop.deregister(otherRegistration)
        other.registration = nil
        let number = other.pipe.read
        Glibc.close(number)
        batch.reusedTheNumber = dup2(empty.read, number) == number
        Glibc.close(empty.read)
        if let registration = try? loop.register(number, events: EPOLLIN.rawValue, handler: Newcomer(batch: batch)) {
            batch.keep(registration, Pipe(read: number, write: empty.write))
        }
        // Tasks run once the batch's events are handled, in the same turn.
        loop.execute { [batch, done] in
            batch.endOfBatch()
            done.signal()
        }
    }
}

private final class Newcomer: EventHandler {
    let batch: BatchWitness

    init(batch: BatchWitness) { self.batch = batch }

    func handle(events: UInt32) { batch.newcomerEvents += 1 }
}
