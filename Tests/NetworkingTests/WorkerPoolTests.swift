import CLinux
import Foundation
import Glibc
import XCTest
@testable import Networking

final class WorkerPoolTests: XCTestCase {
    /// The password-hashing pool runs niced, so hashing yields the CPU to the event loops.
    func testANicedPoolsThreadsRunAtTheLowerPriorityAndOthersDoNot() throws {
        let niced = try WorkerPool(threads: 1, name: "niced", niceness: 7)
        let plain = try WorkerPool(threads: 1, name: "plain")
        defer {
            niced.shutdownAndWait()
            plain.shutdownAndWait()
        }
        let process = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        XCTAssertEqual(niceness(on: niced), min(19, process + 7))
        XCTAssertEqual(niceness(on: plain), process)
    }

    func testAFullQueueRefusesAndShutdownRunsWhatWasQueued() throws {
        let pool = try WorkerPool(threads: 1, name: "bounded", queueLimit: 2)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let ran = Counter()
        XCTAssertTrue(pool.trySubmit { started.signal(); gate.wait(); ran.add() })
        started.wait()
        XCTAssertTrue(pool.trySubmit { ran.add() })
        XCTAssertTrue(pool.trySubmit { ran.add() })
        XCTAssertFalse(pool.trySubmit { ran.add() }, "two waiting is the limit")
        gate.signal()
        pool.shutdownAndWait()
        XCTAssertEqual(ran.value, 3)
        XCTAssertFalse(pool.trySubmit {}, "nothing is taken after shutdown")
    }

    private func niceness(on pool: WorkerPool) -> Int32 {
        let result = Counter()
        let done = DispatchSemaphore(value: 0)
        pool.submit {
            // The thread's own nice value: /proc/thread-self/stat, field 19.
            let stat = (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)) ?? ""
            let fields = stat[(stat.lastIndex(of: ")").map { stat.index(after: $0) } ?? stat.startIndex)...].split(separator: " ")
            result.set(Int(fields.count > 16 ? fields[16] : "") ?? Int.min)
            done.signal()
        }
        done.wait()
        return Int32(result.value)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
    func set(_ value: Int) { lock.withLock { count = value } }
}
