import Foundation
import GatherDomain
import GatherRating
@testable import GatherServer
import Storage
import Synchronization
import XCTest

/// The settler replays a group's ratings off the committer a slice at a time, takes waiting
/// groups in turn, and coalesces changes: driven here step by step on a real database, with a
/// clock that moves one millisecond at each reading, so every slice's size is known.
final class RatingSettlerTests: XCTestCase {
    private var directory: URL!
    private var pool: DatabasePool!
    private let start = Date(timeIntervalSince1970: 1_780_000_000)

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-settler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        pool = try DatabasePool(path: directory.appendingPathComponent("settler.sqlite").path)
    }

    override func tearDownWithError() throws {
        pool.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A group with `matches` results, three a side, applied one by one as the server applies
    /// new results; returns the group and its matches in play order.
    private func group(_ name: String, matches: Int) throws -> (UUID, [UUID]) {
        try pool.write { database in
            let owner = try UserRepository(database).create(id: UUID(), username: name, passwordHash: "h", at: start).id
            let players = try (0..<6).map { try PlayerRepository(database).insert(PlayerDetails(name: "P\($0)"), owner: owner).id }
            let gathers = GatherRepository(database)
            let ids = try (0..<matches).map { day -> UUID in
                let id = try gathers.insert(id: UUID(), owner: owner, result: GatherResult(score: try XCTUnwrap(Score("\(day % 4)-\(day % 3)"))),
                                            createdAt: start.addingTimeInterval(Double(day) * 86_400)).gather.id
                for (place, player) in players.shuffled().enumerated() {
                    try gathers.assign(playerID: player, to: id, owner: owner, team: place < 3 ? .teamA : .teamB)
                }
                XCTAssertEqual(try RatingRepository(database).applyNewResults(owner: owner, at: start), .settled)
                return id
            }
            return (owner, ids)
        }
    }

    private func correct(_ gather: UUID, of owner: UUID) throws {
        try pool.write { database in
            XCTAssertTrue(try GatherRepository(database).updateResult(id: gather, owner: owner, result: GatherResult(score: try XCTUnwrap(Score("9-9"))),
                                                                      at: start))
            XCTAssertEqual(try RatingRepository(database).applyNewResults(owner: owner, at: start), .needsSettlement)
        }
    }

    /// Driven by the test: a clock that moves a millisecond at each reading, slices of 4 ms.
    private func settler(settled: @escaping @Sendable (UUID) -> Void = { _ in }) throws -> RatingSettler {
        let ticks = Atomic<Int>(0)
        let origin = ContinuousClock.now
        return try RatingSettler(store: .pool(pool, now: { Date() }), sliceBudget: .milliseconds(4),
                                 clock: { origin + .milliseconds(ticks.add(1, ordering: .relaxed).newValue) },
                                 onSettled: settled, threaded: false)
    }

    /// The settler's next step that does something: a store's answer comes from the committer's
    /// thread, so an idle step may only mean it has not come yet (polled, with a deadline).
    private func nextStep(_ settler: RatingSettler) -> RatingSettler.Step {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let step = settler.workOnce()
            if step != .idle { return step }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return .idle
    }

    private func isSettledAsAWholeReplayGives(_ owner: UUID) throws -> Bool {
        try pool.read { database in
            let ratings = RatingRepository(database)
            return try !ratings.standing(owner: owner).isStale && ratings.stored(owner: owner) == ratings.replayed(owner: owner)
        }
    }

    func testACorrectionIsReplayedInSlicesOfTheBudgetAndStoredOnce() throws {
        let (owner, matches) = try group("alice", matches: 30)
        try correct(matches[0], of: owner)
        let told = Mutex<[UUID]>([])
        let settler = try settler { group in told.withLock { $0.append(group) } }
        settler.changed(owner)
        settler.changed(owner)
        settler.changed(owner)
        XCTAssertEqual(settler.statistics.coalesced, 2, "three changes before it started: one settlement")
        XCTAssertEqual(settler.workOnce(), .planned(owner))
        var steps: [RatingSettler.Step] = []
        while case let step = settler.workOnce(), step != .idle { steps.append(step) }
        // Each slice stops at its 4 ms: four matches, the clock read once after each.
        XCTAssertEqual(steps, Array(repeating: .sliced(owner, matches: 4), count: 7) + [.stored(owner)])
        XCTAssertTrue(settler.waitUntilSettled(owner, timeout: .seconds(60)))
        XCTAssertEqual(settler.statistics, RatingSettler.Counters(plans: 1, slices: 8, stores: 1, coalesced: 2))
        XCTAssertEqual(told.withLock { $0 }, [owner], "told once its ratings changed")
        XCTAssertTrue(try isSettledAsAWholeReplayGives(owner))
    }

    func testASmallGroupIsSettledBetweenTheSlicesOfALargeOne() throws {
        let (large, largeMatches) = try group("alice", matches: 40)
        let (small, smallMatches) = try group("bob", matches: 3)
        try correct(largeMatches[0], of: large)
        try correct(smallMatches[0], of: small)
        let settler = try settler()
        settler.changed(large)
        settler.changed(small)
        XCTAssertEqual(settler.workOnce(), .planned(large))
        XCTAssertEqual(settler.workOnce(), .planned(small))
        XCTAssertEqual(settler.workOnce(), .sliced(large, matches: 4))
        XCTAssertEqual(settler.workOnce(), .stored(small), "after one slice of the large group, not after all ten")
        XCTAssertTrue(settler.waitUntilSettled(small, timeout: .seconds(60)))
        XCTAssertTrue(settler.isSettling(large))
        while settler.workOnce() != .idle {}
        XCTAssertTrue(settler.waitUntilSettled(large, timeout: .seconds(60)))
        XCTAssertTrue(try isSettledAsAWholeReplayGives(large))
        XCTAssertTrue(try isSettledAsAWholeReplayGives(small))
    }

    func testAChangeDuringAReplayIsSettledByOneMoreAfterIt() throws {
        let (owner, matches) = try group("alice", matches: 12)
        try correct(matches[0], of: owner)
        let settler = try settler()
        settler.changed(owner)
        XCTAssertEqual(settler.workOnce(), .planned(owner))
        XCTAssertEqual(settler.workOnce(), .sliced(owner, matches: 4))
        // Two more corrections while it replays what it read before them.
        try correct(matches[5], of: owner)
        settler.changed(owner)
        try correct(matches[6], of: owner)
        settler.changed(owner)
        XCTAssertEqual(settler.statistics.coalesced, 1)
        while settler.workOnce() != .stored(owner) {}
        // Its store is behind the database: another settlement follows, and the group stays stale until it lands.
        XCTAssertTrue(settler.isSettling(owner))
        XCTAssertEqual(nextStep(settler), .planned(owner))
        XCTAssertTrue(try pool.read { try RatingRepository($0).standing(owner: owner).isStale })
        while settler.workOnce() != .stored(owner) {}
        XCTAssertTrue(settler.waitUntilSettled(owner, timeout: .seconds(60)))
        XCTAssertEqual(settler.statistics.plans, 2)
        XCTAssertEqual(settler.statistics.overtaken, 1)
        XCTAssertTrue(try isSettledAsAWholeReplayGives(owner))
    }

    func testAGroupWithNothingToSettleIsLetGoAtItsPlan() throws {
        let (owner, _) = try group("alice", matches: 3)
        let settler = try settler()
        settler.changed(owner)
        XCTAssertEqual(settler.workOnce(), .alreadySettled(owner))
        XCTAssertFalse(settler.isSettling(owner))
        XCTAssertEqual(settler.workOnce(), .idle)
    }
}
