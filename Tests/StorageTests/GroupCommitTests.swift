import Foundation
import GatherDomain
@testable import Storage
import TestSupport
import XCTest

/// Group commit: writes that arrive together share one transaction and one flush, each caller
/// goes on only after the commit, and a failing write fails alone.
final class GroupCommitTests: StorageTestCase {

    func testWritesThatArriveTogetherShareOneCommitAndAllLand() throws {
        let pool = try makePool()
        defer { pool.close() }
        let owner = try createUser(pool, "owner")
        let before = pool.groupCommitCount
        let gate = Gate()
        let first = Writer { try pool.write { database in
            gate.waitUntilOpened()
            _ = try PlayerRepository(database).insert(try PlayerDetails(name: "First"), owner: owner)
        } }
        XCTAssertTrue(waitUntil(timeout: 10) { gate.isWaiting }, "the first write holds the committer")
        let others = (0..<20).map { index in
            Writer { try pool.write { _ = try PlayerRepository($0).insert(try PlayerDetails(name: "Player \(index)"), owner: owner) } }
        }
        XCTAssertTrue(waitUntil(timeout: 10) { pool.waitingWriteCount == 20 }, "twenty writes queue behind it")
        gate.open()
        for writer in [first] + others { XCTAssertNil(try writer.finish()) }
        XCTAssertEqual(pool.groupCommitCount - before, 2, "the first alone, then the twenty together")
        XCTAssertEqual(try count("players", in: pool), 21)
    }

    func testAFailingWriteInAGroupFailsAloneAndTheOthersCommit() throws {
        let pool = try makePool()
        defer { pool.close() }
        let owner = try createUser(pool, "owner")
        let gate = Gate()
        let holder = Writer { try pool.write { _ in gate.waitUntilOpened() } }
        XCTAssertTrue(waitUntil(timeout: 10) { gate.isWaiting })
        var writers: [Writer] = []
        for index in 0..<10 {
            writers.append(Writer { try pool.write { database in
                _ = try PlayerRepository(database).insert(try PlayerDetails(name: "Kept \(index)"), owner: owner)
                // The sixth changes the database and then refuses: its change must go, alone.
                if index == 5 { throw Refused() }
            } })
            // One after another, so the group holds them in this order.
            XCTAssertTrue(waitUntil(timeout: 10) { pool.waitingWriteCount == writers.count })
        }
        // A statement that fails in SQLite itself (a player for no account) is its own failure too.
        let broken = Writer { try pool.write { _ = try PlayerRepository($0).insert(try PlayerDetails(name: "Orphan"), owner: UUID()) } }
        XCTAssertTrue(waitUntil(timeout: 10) { pool.waitingWriteCount == 11 })
        gate.open()
        XCTAssertNil(try holder.finish())
        for (index, writer) in writers.enumerated() {
            let error = try writer.finish()
            if index == 5 { XCTAssertTrue(error is Refused, "\(String(describing: error))") } else { XCTAssertNil(error, "write \(index)") }
        }
        XCTAssertTrue(try broken.finish().map(isForeignKeyViolation) ?? false)
        let names = try pool.read { try PlayerRepository($0).all(owner: owner).map(\.name) }
        XCTAssertEqual(names, (0..<10).filter { $0 != 5 }.map { "Kept \($0)" })
    }

    func testAWriteIsNotAcknowledgedBeforeItsGroupCommits() throws {
        let pool = try makePool()
        defer { pool.close() }
        let owner = try createUser(pool, "owner")
        let holdCommitter = Gate()
        let holder = Writer { try pool.write { _ in holdCommitter.waitUntilOpened() } }
        XCTAssertTrue(waitUntil(timeout: 10) { holdCommitter.isWaiting })
        // Two writes in one group: the second stops half-way, after the first has run.
        let early = Writer { try pool.write { _ = try PlayerRepository($0).insert(try PlayerDetails(name: "Early"), owner: owner) } }
        XCTAssertTrue(waitUntil(timeout: 10) { pool.waitingWriteCount == 1 })
        let holdLate = Gate()
        let late = Writer { try pool.write { _ in holdLate.waitUntilOpened() } }
        XCTAssertTrue(waitUntil(timeout: 10) { pool.waitingWriteCount == 2 })
        holdCommitter.open()
        XCTAssertNil(try holder.finish())
        XCTAssertTrue(waitUntil(timeout: 10) { holdLate.isWaiting }, "the group runs up to the late write")

        XCTAssertFalse(early.isFinished, "the early write ran, but its group has not committed: no answer yet")
        let outsider = try Database(path: pool.path, mode: .readOnly)
        XCTAssertEqual(try rowCount("players", in: outsider), 0, "nothing is committed yet")

        holdLate.open()
        XCTAssertNil(try early.finish())
        XCTAssertNil(try late.finish())
        XCTAssertEqual(try rowCount("players", in: outsider), 1, "once answered, the write is in the file for any connection")
    }

    func testAHandedOverWriteIsCompletedOnlyAfterItsGroupCommits() throws {
        let pool = try makePool()
        defer { pool.close() }
        let owner = try createUser(pool, "owner")
        let gate = Gate()
        let holder = Writer { try pool.write { _ in gate.waitUntilOpened() } }
        XCTAssertTrue(waitUntil(timeout: 10) { gate.isWaiting })
        let outcome = Outcome()
        let holdLate = Gate()
        pool.enqueueWrite({ database in
            try PlayerRepository(database).insert(try PlayerDetails(name: "Handed over"), owner: owner).id
        }, completion: { outcome.set($0) })
        let late = Writer { try pool.write { _ in holdLate.waitUntilOpened() } }
        XCTAssertTrue(waitUntil(timeout: 10) { pool.waitingWriteCount == 2 })
        gate.open()
        XCTAssertNil(try holder.finish())
        XCTAssertTrue(waitUntil(timeout: 10) { holdLate.isWaiting })
        XCTAssertNil(outcome.value, "ran, but its group is still open: not completed yet")
        holdLate.open()
        XCTAssertNil(try late.finish())
        XCTAssertTrue(waitUntil(timeout: 10) { outcome.value != nil })
        let id = try XCTUnwrap(try outcome.value?.get())
        XCTAssertEqual(try pool.read { try PlayerRepository($0).find(id: id, owner: owner)?.name }, "Handed over")
    }

    func testInsideAWriteNestedWritesAndReadsSeeTheGroupAndAFailingNestedWriteIsUndoneAlone() throws {
        let pool = try makePool()
        defer { pool.close() }
        let owner = try createUser(pool, "owner")
        let outcome = Outcome()
        pool.enqueueWrite({ _ in
            _ = try pool.write { try PlayerRepository($0).insert(try PlayerDetails(name: "Kept"), owner: owner) }
            let failed = (try? pool.write { database -> Int in
                _ = try PlayerRepository(database).insert(try PlayerDetails(name: "Undone"), owner: owner)
                throw Refused()
            }) == nil
            // A read inside the write sees what the write has done so far, not the last commit.
            let names = try pool.read { try PlayerRepository($0).all(owner: owner).map(\.name) }
            return failed && names == ["Kept"] ? 1 : 0
        }, completion: { outcome.set($0) })
        XCTAssertTrue(waitUntil(timeout: 10) { outcome.value != nil })
        XCTAssertEqual(try outcome.value?.get(), 1)
        XCTAssertEqual(try pool.read { try PlayerRepository($0).all(owner: owner).map(\.name) }, ["Kept"])
    }

    func testAHandedOverWriteThatThrowsIsRolledBackAndReported() throws {
        let pool = try makePool()
        defer { pool.close() }
        let owner = try createUser(pool, "owner")
        let outcome = Outcome()
        pool.enqueueWrite({ database -> Int in
            _ = try PlayerRepository(database).insert(try PlayerDetails(name: "Undone"), owner: owner)
            throw Refused()
        }, completion: { outcome.set($0) })
        XCTAssertTrue(waitUntil(timeout: 10) { outcome.value != nil })
        XCTAssertThrowsError(try outcome.value?.get()) { XCTAssertTrue($0 is Refused) }
        XCTAssertEqual(try count("players", in: pool), 0)
    }

    func testWritesAfterCloseAreRefusedAndQueuedOnesStillCommit() throws {
        let path = path()
        let pool = try DatabasePool(path: path)
        let owner = try createUser(pool, "owner")
        let gate = Gate()
        let holder = Writer { try pool.write { _ in gate.waitUntilOpened() } }
        XCTAssertTrue(waitUntil(timeout: 10) { gate.isWaiting })
        let queued = Writer { try pool.write { _ = try PlayerRepository($0).insert(try PlayerDetails(name: "Queued"), owner: owner) } }
        XCTAssertTrue(waitUntil(timeout: 10) { pool.waitingWriteCount == 1 })
        let closer = Thread { pool.close() }
        closer.start()
        gate.open()
        XCTAssertNil(try holder.finish())
        XCTAssertNil(try queued.finish(), "a write queued before the close still commits")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? pool.write { _ in }) == nil })
        XCTAssertThrowsError(try pool.write { _ in }) { XCTAssertEqual(($0 as? DatabasePoolError)?.description, "the database is closed") }
        let reopened = try DatabasePool(path: path)
        defer { reopened.close() }
        XCTAssertEqual(try count("players", in: reopened), 1)
    }
}

private struct Refused: Error {}

/// Runs `body` on its own thread; `finish` waits for it and returns what it threw.
private final class Writer: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var error: (any Error)?
    private var finished = false

    init(_ body: @escaping @Sendable () throws -> Void) {
        Thread.detachNewThread { [self] in
            var thrown: (any Error)?
            do { try body() } catch { thrown = error }
            lock.withLock {
                error = thrown
                finished = true
            }
            done.signal()
        }
    }

    var isFinished: Bool { lock.withLock { finished } }

    func finish() throws -> (any Error)? {
        guard done.wait(timeout: .now() + 10) == .success else {
            XCTFail("the write did not finish")
            throw CancellationError()
        }
        return lock.withLock { error }
    }
}

/// What a handed-over write's completion received.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Int, any Error>?
    var value: Result<Int, any Error>? { lock.withLock { result } }
    func set(_ result: Result<Int, any Error>) { lock.withLock { self.result = result } }
}

/// Holds a write inside its body until the test opens it.
private final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var opened = false
    private var waiting = false

    var isWaiting: Bool { condition.withLock { waiting } }

    func waitUntilOpened() {
        condition.lock()
        waiting = true
        while !opened { condition.wait() }
        condition.unlock()
    }

    func open() {
        condition.lock()
        opened = true
        condition.broadcast()
        condition.unlock()
    }
}
