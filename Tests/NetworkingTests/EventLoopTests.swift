@testable import Networking
import Locking
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
}
