import Dispatch
@testable import Locking
import XCTest

/// At most `limit` places per key, given back one by one, the table emptied as they go.
final class ConcurrencyAllowanceTests: XCTestCase {
    func testEachKeyHasItsOwnPlacesAndGetsThemBack() {
        let allowance = ConcurrencyAllowance<String>(limit: 2)
        XCTAssertTrue(allowance.take("a"))
        XCTAssertTrue(allowance.take("a"))
        XCTAssertFalse(allowance.take("a"), "a third place for one key")
        XCTAssertTrue(allowance.take("b"), "another key is not counted with it")
        XCTAssertEqual(allowance.counts(of: ["a", "b", "c"]), [2, 1, 0])
        allowance.give("a")
        XCTAssertTrue(allowance.take("a"))
        allowance.give("a")
        allowance.give("a")
        allowance.give("a")
        XCTAssertEqual(allowance.counts(of: ["a"]), [0], "a place given back twice is not a place gained")
        XCTAssertEqual(ConcurrencyAllowance<Int>(limit: 0).limit, 1, "at least one")
    }

    func testThreadsNeverTakeMoreThanTheLimit() {
        let allowance = ConcurrencyAllowance<Int>(limit: 3)
        let held = Locked(0), most = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
            guard allowance.take(7) else { return }
            let now = held.withLock { count -> Int in count += 1; return count }
            most.withLock { $0 = max($0, now) }
            held.withLock { $0 -= 1 }
            allowance.give(7)
        }
        XCTAssertLessThanOrEqual(most.withLock { $0 }, 3)
        XCTAssertEqual(allowance.counts(of: [7]), [0])
    }
}
