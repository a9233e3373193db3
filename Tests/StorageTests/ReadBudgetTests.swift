import Foundation
@testable import Storage
import XCTest

/// A read whose cost a client chooses is stopped at its budget instead of holding a connection,
/// and whoever waits for one, for as long as it likes.
final class ReadBudgetTests: StorageTestCase {
    /// A query that never ends on its own: counting up without a limit.
    private let endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"

    func testAReadPastItsBudgetIsStoppedAndTheConnectionServesTheNextRead() throws {
        let pool = try makePool(configuration: DatabasePool.Configuration(readerCount: 1))
        defer { pool.close() }
        XCTAssertThrowsError(try pool.read(within: .milliseconds(50)) { try $0.query(endless) }) { error in
            XCTAssertEqual((error as? ReadBudgetExceeded)?.budget, .milliseconds(50), "\(error)")
        }
        // The one read connection is free again and not left in a transaction.
        XCTAssertEqual(try pool.read(within: .seconds(5)) { try $0.query("SELECT 41 + 1").first?.int(0) }, 42)
        try createUser(pool, "after")
        XCTAssertEqual(try count("users", in: pool), 1)
    }

    /// Takes the pool's one read connection on another thread until the returned release is called
    /// (which returns once it is given back).
    private func holdTheOnlyReader(of pool: DatabasePool) -> () -> Void {
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? pool.read { _ in
                holding.signal()
                release.wait()
            }
            done.signal()
        }
        holding.wait()
        return {
            release.signal()
            done.wait()
        }
    }

    func testWaitingForAConnectionCountsAgainstTheBudget() throws {
        let pool = try makePool(configuration: DatabasePool.Configuration(readerCount: 1))
        defer { pool.close() }
        let release = holdTheOnlyReader(of: pool)
        XCTAssertThrowsError(try pool.read(within: .milliseconds(30)) { _ in 1 }) { error in
            XCTAssertTrue(error is ReadBudgetExceeded, "\(error)")
        }
        release()
        XCTAssertEqual(try pool.read(within: .seconds(5)) { _ in 1 }, 1)
    }

    func testADedicatedReaderIsStoppedAtItsBudgetAndReadsAgainAfter() throws {
        let pool = try makePool()
        defer { pool.close() }
        let reader = try pool.dedicatedReader(budget: .milliseconds(20))
        XCTAssertTrue(reader is DedicatedReader, "a file database gives a connection of its own")
        XCTAssertThrowsError(try reader.read { try $0.query(endless) }) { error in
            XCTAssertTrue(error is ReadBudgetExceeded, "\(error)")
        }
        try createUser(pool, "seen")
        XCTAssertEqual(try reader.read { try rowCount("users", in: $0) }, 1, "a fresh snapshot after the write")
        XCTAssertNoThrow(try reader.ping())
    }

    func testADedicatedReaderNeedsNoneOfThePoolsConnections() throws {
        let pool = try makePool(configuration: DatabasePool.Configuration(readerCount: 1))
        defer { pool.close() }
        let reader = try pool.dedicatedReader(budget: .seconds(1))
        let release = holdTheOnlyReader(of: pool)
        defer { release() }
        XCTAssertEqual(try reader.read { try $0.query("SELECT 7").first?.int(0) }, 7, "answered while the pool's only reader is held")
    }

    func testClosingThePoolClosesItsDedicatedReaders() throws {
        let pool = try makePool()
        let reader = try pool.dedicatedReader(budget: .seconds(1))
        pool.close()
        XCTAssertThrowsError(try reader.read { _ in 1 }) { error in
            XCTAssertTrue(error is DatabasePoolError, "\(error)")
        }
        XCTAssertThrowsError(try pool.dedicatedReader(budget: .seconds(1)))
    }
}
