import Foundation
import GatherDomain
import Storage
import XCTest

final class ConcurrencyTests: StorageTestCase {
    private let timeout = 30.0

    private func insertPlayer(_ database: Database, _ name: String, owner: UUID) throws {
        _ = try PlayerRepository(database).insert(try PlayerDetails(name: name), owner: owner)
    }

    func testBusyWriterInAnotherPoolThrowsThenSucceeds() throws {
        let file = path()
        let poolA = try DatabasePool(path: file)
        let poolB = try DatabasePool(path: file, configuration: DatabasePool.Configuration(readerCount: 2, busyTimeoutMilliseconds: 100))
        let owner = try createUser(poolA, "alice")

        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let failure = Locked<(any Error)?>(nil)
        defer { release.signal() }

        Thread.detachNewThread {
            do {
                try poolA.write { database in
                    try database.execute("INSERT INTO players (group_id, name) VALUES (?, ?)", owner, "from A")
                    entered.signal()
                    _ = release.wait(seconds: 30)
                }
            } catch {
                failure.mutate { $0 = error }
            }
            finished.signal()
        }
        XCTAssertTrue(entered.wait(seconds: timeout), "pool A never started writing")

        let started = Date()
        XCTAssertThrowsError(try poolB.write { database in
            try database.execute("INSERT INTO players (group_id, name) VALUES (?, ?)", owner, "from B")
        }) { error in
            let sqliteError = error as? SQLiteError
            XCTAssertNotNil(sqliteError, "\(error)")
            XCTAssertEqual(sqliteError?.isBusy, true, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the busy timeout should apply")

        // Pool B can still read the last committed state while A writes.
        XCTAssertEqual(try count("players", in: poolB), 0)

        release.signal()
        XCTAssertTrue(finished.wait(seconds: timeout), "pool A never finished writing")
        XCTAssertNil(failure.value)

        try poolB.write { database in
            try database.execute("INSERT INTO players (group_id, name) VALUES (?, ?)", owner, "from B")
        }
        let names = try poolA.read { try $0.query("SELECT name FROM players ORDER BY id").map { try $0.string(0) } }
        XCTAssertEqual(names, ["from A", "from B"])
        XCTAssertEqual(try poolB.read { try $0.query("PRAGMA integrity_check").first?.string(0) }, "ok")
    }

    func testReadDuringWriteSeesLastCommit() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        try pool.write { try insertPlayer($0, "committed", owner: owner) }

        let seen = Locked<Int?>(nil)
        try pool.write { database in
            try insertPlayer(database, "pending", owner: owner)
            XCTAssertEqual(try rowCount("players", in: database), 2, "the writer sees its own change")

            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let value = try? pool.read { try rowCount("players", in: $0) }
                seen.mutate { $0 = value }
                done.signal()
            }
            XCTAssertTrue(done.wait(seconds: timeout), "a read blocked on the writer")
        }
        XCTAssertEqual(seen.value, 1)
        XCTAssertEqual(try count("players", in: pool), 2)
    }

    func testReaderKeepsItsSnapshotWhileWriterCommits() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        try pool.write { try insertPlayer($0, "first", owner: owner) }

        let snapshotTaken = DispatchSemaphore(value: 0)
        let writerCommitted = DispatchSemaphore(value: 0)
        let readerDone = DispatchSemaphore(value: 0)
        let observed = Locked<[Int]>([])
        let failure = Locked<(any Error)?>(nil)
        defer { writerCommitted.signal() }

        Thread.detachNewThread {
            do {
                try pool.read { database in
                    let before = try rowCount("players", in: database)
                    observed.mutate { $0.append(before) }
                    snapshotTaken.signal()
                    _ = writerCommitted.wait(seconds: 30)
                    let after = try rowCount("players", in: database)
                    let names = try database.query("SELECT name FROM players ORDER BY id").map { try $0.string(0) }
                    observed.mutate { $0.append(after); $0.append(names.count) }
                }
            } catch {
                failure.mutate { $0 = error }
            }
            readerDone.signal()
        }
        XCTAssertTrue(snapshotTaken.wait(seconds: timeout))

        try pool.write { database in
            try insertPlayer(database, "second", owner: owner)
            try insertPlayer(database, "third", owner: owner)
        }
        writerCommitted.signal()
        XCTAssertTrue(readerDone.wait(seconds: timeout))

        XCTAssertNil(failure.value)
        XCTAssertEqual(observed.value, [1, 1, 1])
        XCTAssertEqual(try count("players", in: pool), 3)
    }

    func testConcurrentWritesFromEightThreadsAllLand() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let failures = Locked<[String]>([])

        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<50 {
                do {
                    try pool.write { database in
                        try database.execute("INSERT INTO players (group_id, name) VALUES (?, ?)", owner, "w\(worker)-\(index)")
                    }
                } catch {
                    failures.mutate { $0.append("w\(worker)-\(index): \(error)") }
                }
            }
        }

        XCTAssertEqual(failures.value, [])
        XCTAssertEqual(try count("players", in: pool), 400)
        let names = try pool.read { try $0.query("SELECT name FROM players").map { try $0.string(0) } }
        XCTAssertEqual(Set(names).count, 400)
        XCTAssertTrue(Set(names).contains("w7-49"))
    }

    func testConcurrentReadsAndWritesShareFewReaders() throws {
        let pool = try makePool(configuration: DatabasePool.Configuration(readerCount: 2))
        let owner = try createUser(pool, "alice")
        let failures = Locked<[String]>([])
        let counts = Locked<[Int]>([])

        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<20 {
                do {
                    if worker.isMultiple(of: 2) {
                        try pool.write { try $0.execute("INSERT INTO players (group_id, name) VALUES (?, ?)", owner, "\(worker)-\(index)") }
                    } else {
                        let seen = try pool.read { try rowCount("players", in: $0) }
                        counts.mutate { $0.append(seen) }
                    }
                } catch {
                    failures.mutate { $0.append("\(worker)-\(index): \(error)") }
                }
            }
        }

        XCTAssertEqual(failures.value, [])
        XCTAssertEqual(counts.value.count, 80)
        XCTAssertTrue(counts.value.allSatisfy { (0...80).contains($0) })
        XCTAssertEqual(try count("players", in: pool), 80)
    }

    func testFailedWriteRollsBackAndReleasesTheWriter() throws {
        struct Abort: Error {}
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        XCTAssertThrowsError(try pool.write { database in
            try insertPlayer(database, "rolled back", owner: owner)
            throw Abort()
        }) { XCTAssertTrue($0 is Abort) }
        XCTAssertEqual(try count("players", in: pool), 0)

        try pool.write { try insertPlayer($0, "kept", owner: owner) }
        XCTAssertEqual(try count("players", in: pool), 1)
    }
}
