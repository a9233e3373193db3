import Foundation
import Locking
import XCTest

final class ConditionTests: XCTestCase {
    /// A producer and two consumers hand 10,000 items over through one condition: each item is
    /// taken exactly once and no waiter sleeps through the last one.
    func testWaitersWokenBySignalTakeEveryItemOnce() throws {
        final class Queue: @unchecked Sendable {
            let condition = Condition()
            var items: [Int] = []
            var finished = false
            var taken: [Int] = []
        }
        let queue = Queue()
        let group = DispatchGroup()
        for index in 0..<2 {
            group.enter()
            try DetachedThread.start(name: "consumer-\(index)") {
                while true {
                    queue.condition.lock()
                    while queue.items.isEmpty && !queue.finished { queue.condition.wait() }
                    guard let item = queue.items.popLast() else {
                        queue.condition.unlock()
                        break
                    }
                    queue.taken.append(item)
                    queue.condition.unlock()
                }
                group.leave()
            }
        }
        for item in 0..<10_000 {
            queue.condition.withLock { queue.items.append(item) }
            queue.condition.signal()
        }
        queue.condition.withLock { queue.finished = true }
        queue.condition.broadcast()
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(queue.condition.withLock { queue.taken.sorted() }, Array(0..<10_000))
    }

    func testWithLockReleasesTheLockWhenItsBodyThrows() {
        struct Refused: Error {}
        let condition = Condition()
        XCTAssertThrowsError(try condition.withLock { throw Refused() })
        // Free again: a second withLock would otherwise never return.
        XCTAssertEqual(condition.withLock { 1 }, 1)
    }
}

final class DetachedThreadTests: XCTestCase {
    /// The body runs on a thread of its own, named as asked (the kernel keeps 15 bytes).
    func testTheBodyRunsOnANewThreadCarryingItsName() throws {
        let seen = Locked<(thread: pthread_t?, name: String)>((nil, ""))
        let done = DispatchSemaphore(value: 0)
        try DetachedThread.start(name: "test-thread-with-a-long-name") {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            seen.withLock { $0 = (pthread_self(), name.trimmingCharacters(in: .newlines)) }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let (thread, name) = seen.withLock { $0 }
        XCTAssertNotNil(thread)
        XCTAssertEqual(thread.map { pthread_equal($0, pthread_self()) }, 0)
        XCTAssertEqual(name, "test-thread-wit")
    }
}
