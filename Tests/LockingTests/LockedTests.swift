import Foundation
import Locking
import XCTest

final class LockedTests: XCTestCase {
    func testConcurrentChangesAreNeverLost() {
        let counter = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(counter.withLock { $0 }, 80_000)
    }

    func testAThrowingBodyLeavesItsChangesAndReleasesTheLock() {
        struct Refused: Error {}
        let value = Locked([1])
        XCTAssertThrowsError(try value.withLock { (list: inout [Int]) in
            list.append(2)
            throw Refused()
        })
        // The lock is free again (a second withLock would otherwise never return).
        XCTAssertEqual(value.withLock { $0 }, [1, 2])
    }
}
