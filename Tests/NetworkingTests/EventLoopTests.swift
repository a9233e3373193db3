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
