import Foundation
import GatherServer
import Networking
import TestSupport
import XCTest

/// The order and the shedding of the hashing queue, on a real pool of one thread held busy by a
/// job the test releases, with a clock the test sets.
final class FairHashingQueueTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    func testTheClientThatAskedLeastGoesFirstThenTheOldest() throws {
        let (pool, gate) = try busyPool()
        defer { pool.shutdownAndWait() }
        let queue = FairHashingQueue(pool: pool, limit: 10, now: { [start] in start })
        let ran = Journal()
        for name in ["flood-1", "flood-2", "flood-3", "other-1", "other-2", "user"] {
            let client = String(name.prefix { $0 != "-" })
            XCTAssertTrue(queue.submit(client: client, job: { ran.add(name) }, shed: { ran.add("shed " + name) }))
        }
        gate.signal()
        XCTAssertTrue(waitUntil { ran.entries.count == 6 }, "\(ran.entries)")
        XCTAssertEqual(ran.entries, ["user", "other-1", "other-2", "flood-1", "flood-2", "flood-3"])
    }

    func testAFullQueueShedsTheNewestOfTheClientThatAskedMostAndEqualsStayPut() throws {
        let (pool, gate) = try busyPool()
        defer { pool.shutdownAndWait() }
        let queue = FairHashingQueue(pool: pool, limit: 3, now: { [start] in start })
        let ran = Journal()
        func submit(_ name: String, from client: String) -> Bool {
            queue.submit(client: client, job: { ran.add(name) }, shed: { ran.add("shed " + name) })
        }
        XCTAssertTrue(submit("a1", from: "a"))
        XCTAssertTrue(submit("a2", from: "a"))
        XCTAssertTrue(submit("b1", from: "b"))
        // Full. A newcomer who asked less takes the place of a's newest, then of a's other one.
        XCTAssertTrue(submit("user", from: "user"))
        XCTAssertEqual(ran.entries, ["shed a2"])
        XCTAssertTrue(submit("c1", from: "c"))
        XCTAssertEqual(ran.entries, ["shed a2", "shed a1"])
        // Now b, user and c asked once each: a newcomer who asked as much pushes nobody out.
        XCTAssertFalse(submit("d1", from: "d"))
        XCTAssertFalse(submit("a3", from: "a"), "a asked most of all")
        XCTAssertEqual(queue.waitingCount, 3)
        gate.signal()
        XCTAssertTrue(waitUntil { ran.entries.count == 5 }, "\(ran.entries)")
        XCTAssertEqual(ran.entries, ["shed a2", "shed a1", "b1", "user", "c1"])
    }

    func testRequestsThatSucceededAreNotHeldAgainstTheirAddress() throws {
        let pool = try WorkerPool(threads: 1, name: "test-fair")
        defer { pool.shutdownAndWait() }
        let queue = FairHashingQueue(pool: pool, limit: 10, now: { [start] in start })
        let ran = Journal()
        // Someone who logged in three times and got in each time, as the application forgives them.
        for index in 0..<3 {
            XCTAssertTrue(queue.submit(client: "user", job: { ran.add("in \(index)"); queue.forgive("user") }, shed: {}))
        }
        XCTAssertTrue(waitUntil { ran.entries.count == 3 })
        // Then, with the pool busy, the flood asks twice and the user once more.
        let (_, gate) = try busy(pool)
        XCTAssertTrue(queue.submit(client: "flood", job: { ran.add("flood1") }, shed: {}))
        XCTAssertTrue(queue.submit(client: "flood", job: { ran.add("flood2") }, shed: {}))
        XCTAssertTrue(queue.submit(client: "user", job: { ran.add("user") }, shed: {}))
        gate.signal()
        XCTAssertTrue(waitUntil { ran.entries.count == 6 }, "\(ran.entries)")
        XCTAssertEqual(Array(ran.entries.suffix(3)), ["user", "flood1", "flood2"])
    }

    func testALoginFromAnAddressItsAccountKnowsGoesFirstAndTakesAStrangersPlace() throws {
        let (pool, gate) = try busyPool()
        defer { pool.shutdownAndWait() }
        let queue = FairHashingQueue(pool: pool, limit: 2, now: { [start] in start })
        let ran = Journal()
        XCTAssertTrue(queue.submit(client: "stranger 1", job: { ran.add("stranger 1") }, shed: { ran.add("shed stranger 1") }))
        XCTAssertTrue(queue.submit(client: "stranger 2", job: { ran.add("stranger 2") }, shed: { ran.add("shed stranger 2") }))
        XCTAssertFalse(queue.submit(client: "stranger 3", job: { ran.add("stranger 3") }, shed: {}), "a tie with strangers: refused")
        XCTAssertTrue(queue.submit(client: "home", known: true, job: { ran.add("owner") }, shed: { ran.add("shed owner") }))
        XCTAssertEqual(ran.entries, ["shed stranger 2"], "the newest stranger made room")
        XCTAssertFalse(queue.submit(client: "stranger 4", job: {}, shed: {}), "a stranger never pushes out a known login")
        gate.signal()
        XCTAssertTrue(waitUntil { ran.entries.count == 3 }, "\(ran.entries)")
        XCTAssertEqual(ran.entries, ["shed stranger 2", "owner", "stranger 1"])
    }

    func testDemandFadesSoAPastFloodIsForgiven() throws {
        let clock = TestClock(start)
        let (pool, gate) = try busyPool()
        defer { pool.shutdownAndWait() }
        let queue = FairHashingQueue(pool: pool, limit: 10, halfLife: 60, now: { clock.now })
        let ran = Journal()
        // An address that asked 8 times, two hours ago, and then one that asks twice now.
        for index in 0..<8 {
            XCTAssertTrue(queue.submit(client: "old", job: { ran.add("old\(index)") }, shed: {}))
        }
        gate.signal()
        XCTAssertTrue(waitUntil { ran.entries.count == 8 })
        let (_, secondGate) = try busy(pool)
        clock.advance(by: 2 * 3600)
        XCTAssertTrue(queue.submit(client: "now", job: { ran.add("now1") }, shed: {}))
        XCTAssertTrue(queue.submit(client: "now", job: { ran.add("now2") }, shed: {}))
        XCTAssertTrue(queue.submit(client: "old", job: { ran.add("old again") }, shed: {}))
        secondGate.signal()
        XCTAssertTrue(waitUntil { ran.entries.count == 11 })
        XCTAssertEqual(Array(ran.entries.suffix(3)), ["old again", "now1", "now2"])
    }

    func testDemandIsBoundedAndForgetsThoseWhoAskedLeast() {
        var demand = HashingDemand(halfLife: 60, capacity: 100)
        for _ in 0..<5 { demand.add("flood", now: start) }
        for index in 0..<1_000 { demand.add("client\(index)", now: start) }
        XCTAssertLessThanOrEqual(demand.trackedClients, 100)
        XCTAssertEqual(demand.level(of: "flood", now: start), 5, "the one that asked most is kept")
        XCTAssertEqual(demand.level(of: "flood", now: start.addingTimeInterval(60)), 2.5, accuracy: 1e-9)
        XCTAssertEqual(demand.level(of: "flood", now: start.addingTimeInterval(-60)), 5, "a clock set back adds nothing")
    }

    func testAfterThePoolStoppedEveryRequestIsRefused() throws {
        let pool = try WorkerPool(threads: 1, name: "test-fair")
        pool.shutdownAndWait()
        let queue = FairHashingQueue(pool: pool, limit: 4, now: { [start] in start })
        let ran = Journal()
        XCTAssertFalse(queue.submit(client: "a", job: { ran.add("a") }, shed: { ran.add("shed a") }))
        XCTAssertEqual(queue.waitingCount, 0)
        XCTAssertEqual(ran.entries, [])
    }

    /// A pool of one thread, held by a job that waits for the returned semaphore.
    private func busyPool() throws -> (WorkerPool, DispatchSemaphore) {
        let pool = try WorkerPool(threads: 1, name: "test-fair")
        return try busy(pool)
    }

    private func busy(_ pool: WorkerPool) throws -> (WorkerPool, DispatchSemaphore) {
        let gate = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        pool.submit {
            holding.signal()
            gate.wait()
        }
        XCTAssertEqual(holding.wait(timeout: .now() + 5), .success, "the pool's thread is held")
        return (pool, gate)
    }
}

/// What the jobs did, in order.
private final class Journal: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ entry: String) { lock.withLock { list.append(entry) } }
    var entries: [String] { lock.withLock { list } }
}
