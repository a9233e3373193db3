import Foundation
import GatherDomain
import Storage
import XCTest

final class GatherRepositoryTests: StorageTestCase {
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    private func insertGather(_ pool: DatabasePool, owner: UUID, result: GatherResult? = nil,
                              createdAt: Date? = nil, id: UUID = UUID()) throws -> Gather {
        try pool.write { try GatherRepository($0).insert(id: id, owner: owner, result: result, createdAt: createdAt ?? start) }.gather
    }

    private func insertPlayer(_ pool: DatabasePool, _ name: String, owner: UUID) throws -> Player {
        try pool.write { try PlayerRepository($0).insert(try PlayerDetails(name: name), owner: owner) }
    }

    func testInsertReturnsStoredGatherWithMillisecondDate() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let id = UUID()
        let result = try GatherResult(score: "3-2", winnerTeam: "Team A")
        let gather = try insertGather(pool, owner: owner, result: result,
                                      createdAt: Date(timeIntervalSince1970: 1_700_000_000.123_4), id: id)
        let stored = Date(timeIntervalSince1970: 1_700_000_000.123)
        XCTAssertEqual(gather, Gather(id: id, userID: owner, result: result, createdAt: stored, endedAt: stored),
                       "a gather made with its result ended when it was made")
        XCTAssertEqual(try pool.read { try GatherRepository($0).find(id: id, owner: owner) }, gather)

        let open = try insertGather(pool, owner: owner)
        XCTAssertNil(open.result)
        XCTAssertNil(open.endedAt, "unfinished")
        XCTAssertNil(try pool.read { try GatherRepository($0).find(id: open.id, owner: owner) }?.result)
        XCTAssertNil(try pool.read { try GatherRepository($0).find(id: UUID(), owner: owner) })
    }

    func testAllIsScopedAndOrderedByCreation() throws {
        let pool = try makePool()
        let alice = try createUser(pool, "alice")
        let bob = try createUser(pool, "bob")
        let later = try insertGather(pool, owner: alice, createdAt: start.addingTimeInterval(60))
        let earlier = try insertGather(pool, owner: alice, createdAt: start)
        let bobs = try insertGather(pool, owner: bob, createdAt: start.addingTimeInterval(30))

        XCTAssertEqual(try pool.read { try GatherRepository($0).all(owner: alice) }, [earlier, later])
        XCTAssertEqual(try pool.read { try GatherRepository($0).all(owner: bob) }, [bobs])
        XCTAssertEqual(try pool.read { try GatherRepository($0).all(owner: UUID()) }, [])
    }

    func testAnotherOwnersGatherDoesNotExist() throws {
        let pool = try makePool()
        let alice = try createUser(pool, "alice")
        let bob = try createUser(pool, "bob")
        let gather = try insertGather(pool, owner: alice)
        let result = try GatherResult(score: "0-1", winnerTeam: "Team B")

        XCTAssertNil(try pool.read { try GatherRepository($0).find(id: gather.id, owner: bob) })
        XCTAssertFalse(try pool.write { try GatherRepository($0).updateResult(id: gather.id, owner: bob, result: result, at: start) })
        XCTAssertFalse(try pool.write { try GatherRepository($0).delete(id: gather.id, owner: bob) })
        XCTAssertEqual(try pool.read { try GatherRepository($0).find(id: gather.id, owner: alice) }, gather)
    }

    func testUpdateResultSetsScoreAndWinner() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let gather = try insertGather(pool, owner: owner)

        let draw = try GatherResult(score: "2-2", winnerTeam: "None")
        XCTAssertTrue(try pool.write { try GatherRepository($0).updateResult(id: gather.id, owner: owner, result: draw, at: start.addingTimeInterval(60)) })
        XCTAssertEqual(try pool.read { try GatherRepository($0).find(id: gather.id, owner: owner) }?.result, draw)
        XCTAssertEqual(try pool.read { try GatherRepository($0).find(id: gather.id, owner: owner) }?.endedAt,
                       start.addingTimeInterval(60), "the first save is when it ended")

        let win = try GatherResult(score: "0-5", winnerTeam: "Team B")
        XCTAssertTrue(try pool.write { try GatherRepository($0).updateResult(id: gather.id, owner: owner, result: win, at: start.addingTimeInterval(120)) })
        XCTAssertEqual(try pool.read { try GatherRepository($0).find(id: gather.id, owner: owner) }?.result, win)
        XCTAssertEqual(try pool.read { try GatherRepository($0).find(id: gather.id, owner: owner) }?.endedAt,
                       start.addingTimeInterval(60), "a corrected score keeps the end")
        XCTAssertEqual(try pool.read { try $0.query("SELECT score, winner_team FROM gathers").first?.values },
                       [.text("0-5"), .text("Team B")])

        XCTAssertFalse(try pool.write { try GatherRepository($0).updateResult(id: UUID(), owner: owner, result: win, at: start.addingTimeInterval(120)) })
    }

    func testDeleteIsScoped() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let keep = try insertGather(pool, owner: owner)
        let gone = try insertGather(pool, owner: owner, createdAt: start.addingTimeInterval(1))

        XCTAssertTrue(try pool.write { try GatherRepository($0).delete(id: gone.id, owner: owner) })
        XCTAssertFalse(try pool.write { try GatherRepository($0).delete(id: gone.id, owner: owner) })
        XCTAssertEqual(try pool.read { try GatherRepository($0).all(owner: owner) }, [keep])
    }

    func testAssignTwiceMovesThePlayer() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let gather = try insertGather(pool, owner: owner)
        let player = try insertPlayer(pool, "Mover", owner: owner)

        try pool.write { try GatherRepository($0).assign(playerID: player.id, to: gather.id, owner: gather.userID, team: .teamA) }
        try pool.write { try GatherRepository($0).assign(playerID: player.id, to: gather.id, owner: gather.userID, team: .teamB) }

        XCTAssertEqual(try count("gather_players", in: pool), 1)
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: gather.id, owner: gather.userID) },
                       [GatherPlayer(player: player, team: .teamB)])

        try pool.write { try GatherRepository($0).assign(playerID: player.id, to: gather.id, owner: gather.userID, team: .bench) }
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: gather.id, owner: gather.userID) }.map(\.team), [.bench])
        XCTAssertEqual(try count("gather_players", in: pool), 1)
    }

    func testPlayersOfGatherWithTeamsInRosterOrder() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let gather = try insertGather(pool, owner: owner)
        let other = try insertGather(pool, owner: owner, createdAt: start.addingTimeInterval(1))
        let p1 = try pool.write {
            try PlayerRepository($0).insert(try PlayerDetails(name: "One", age: 21, skill: .amateur,
                                                              preferredPosition: .striker, favouriteTeam: "Spurs"), owner: owner)
        }
        let p2 = try insertPlayer(pool, "Two", owner: owner)
        let p3 = try insertPlayer(pool, "Three", owner: owner)
        _ = try insertPlayer(pool, "Not playing", owner: owner)

        try pool.write { database in
            let gathers = GatherRepository(database)
            try gathers.assign(playerID: p3.id, to: gather.id, owner: gather.userID, team: .bench)
            try gathers.assign(playerID: p1.id, to: gather.id, owner: gather.userID, team: .teamA)
            try gathers.assign(playerID: p2.id, to: gather.id, owner: gather.userID, team: .teamB)
            try gathers.assign(playerID: p1.id, to: other.id, owner: other.userID, team: .teamB)
        }

        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: gather.id, owner: gather.userID) }, [
            GatherPlayer(player: p1, team: .teamA),
            GatherPlayer(player: p2, team: .teamB),
            GatherPlayer(player: p3, team: .bench),
        ])
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: other.id, owner: other.userID) },
                       [GatherPlayer(player: p1, team: .teamB)])
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: UUID(), owner: other.userID) }, [])
    }

    func testRemoveTakesPlayerOutOfGather() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let gather = try insertGather(pool, owner: owner)
        let stays = try insertPlayer(pool, "Stays", owner: owner)
        let leaves = try insertPlayer(pool, "Leaves", owner: owner)
        try pool.write { database in
            try GatherRepository(database).assign(playerID: stays.id, to: gather.id, owner: gather.userID, team: .teamA)
            try GatherRepository(database).assign(playerID: leaves.id, to: gather.id, owner: gather.userID, team: .teamB)
        }

        XCTAssertTrue(try pool.write { try GatherRepository($0).remove(playerID: leaves.id, from: gather.id, owner: gather.userID) })
        XCTAssertFalse(try pool.write { try GatherRepository($0).remove(playerID: leaves.id, from: gather.id, owner: gather.userID) })
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: gather.id, owner: gather.userID) },
                       [GatherPlayer(player: stays, team: .teamA)])
        XCTAssertNotNil(try pool.read { try PlayerRepository($0).find(id: leaves.id, owner: owner) })
    }

    func testGathersOfPlayerAreScopedAndOrdered() throws {
        let pool = try makePool()
        let alice = try createUser(pool, "alice")
        let bob = try createUser(pool, "bob")
        let player = try insertPlayer(pool, "Regular", owner: alice)
        let late = try insertGather(pool, owner: alice, createdAt: start.addingTimeInterval(120))
        let early = try insertGather(pool, owner: alice, createdAt: start)
        _ = try insertGather(pool, owner: alice, createdAt: start.addingTimeInterval(60))
        try pool.write { database in
            try GatherRepository(database).assign(playerID: player.id, to: late.id, owner: late.userID, team: .teamA)
            try GatherRepository(database).assign(playerID: player.id, to: early.id, owner: early.userID, team: .bench)
        }

        XCTAssertEqual(try pool.read { try GatherRepository($0).gathers(playerID: player.id, owner: alice) }, [early, late])
        XCTAssertEqual(try pool.read { try GatherRepository($0).gathers(playerID: player.id, owner: bob) }, [])
        XCTAssertEqual(try pool.read { try GatherRepository($0).gathers(playerID: player.id + 1, owner: alice) }, [])
    }

    func testAssignRequiresExistingGatherAndPlayer() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let gather = try insertGather(pool, owner: owner)
        let player = try insertPlayer(pool, "Real", owner: owner)

        XCTAssertThrowsError(try pool.write { try GatherRepository($0).assign(playerID: player.id + 100, to: gather.id, owner: gather.userID, team: .teamA) }) {
            XCTAssertTrue(self.isForeignKeyViolation($0), "\($0)")
        }
        // No such gather of this owner: no row to refer to (its key is NULL, which the column refuses).
        XCTAssertThrowsError(try pool.write { try GatherRepository($0).assign(playerID: player.id, to: UUID(), owner: owner, team: .teamA) }) {
            XCTAssertEqual(($0 as? SQLiteError)?.primaryCode, 19, "a constraint: \($0)")
        }
        XCTAssertEqual(try count("gather_players", in: pool), 0)
    }

    func testAGatherWithAnEndIsDecodedWithIt() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let gather = try insertGather(pool, owner: owner)
        let result = try GatherResult(score: "1-0", winnerTeam: "Team A")
        XCTAssertTrue(try pool.write { try GatherRepository($0).updateResult(id: gather.id, owner: owner, result: result, at: start) })
        XCTAssertEqual(try pool.read { try GatherRepository($0).all(owner: owner) }.first?.endedAt, start)
    }

    func testAnIDUsedAgainFindsTheGatherAndAnotherOwnersSameIDIsAnotherGather() throws {
        let pool = try makePool()
        let alice = try createUser(pool, "alice")
        let bob = try createUser(pool, "bob")
        let id = UUID()
        let result = try GatherResult(score: "3-2", winnerTeam: "Team A")
        let first = try pool.write { try GatherRepository($0).insert(id: id, owner: alice, result: result, createdAt: start) }
        guard case .created(let gather) = first else { return XCTFail("expected a new gather, got \(first)") }
        // A retried upload: the gather as it is, not a second one, whatever the retry carries.
        let again = try pool.write { try GatherRepository($0).insert(id: id, owner: alice, result: nil, createdAt: start.addingTimeInterval(5)) }
        XCTAssertEqual(again, .existing(gather))
        // The same id in another account: a gather of that account, and the first one is untouched.
        let bobs = try pool.write { try GatherRepository($0).insert(id: id, owner: bob, result: nil, createdAt: start) }
        guard case .created(let bobsGather) = bobs else { return XCTFail("expected a new gather, got \(bobs)") }
        XCTAssertEqual(bobsGather.id, id)
        XCTAssertEqual(bobsGather.userID, bob)
        let player = try insertPlayer(pool, "Bob's", owner: bob)
        try pool.write { try GatherRepository($0).assign(playerID: player.id, to: id, owner: bob, team: .teamB) }
        XCTAssertEqual(try count("gathers", in: pool), 2)
        XCTAssertEqual(try pool.read { try GatherRepository($0).find(id: id, owner: alice) }, gather)
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: id, owner: alice) }, [])
        XCTAssertEqual(try pool.read { try GatherRepository($0).players(gatherID: id, owner: bob) }.map(\.player.id), [player.id])
        XCTAssertTrue(try pool.write { try GatherRepository($0).delete(id: id, owner: bob) })
        XCTAssertEqual(try pool.read { try GatherRepository($0).all(owner: alice) }, [gather], "deleting Bob's leaves Alice's")
    }

    func testPagesNeverEndInsideASecondSoNoGatherIsSkipped() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        // Three gathers in second 10, one in 11, one in 12 (the wire shows whole seconds).
        let made = try [10.1, 10.5, 10.9, 11.2, 12.0].map {
            try insertGather(pool, owner: owner, createdAt: start.addingTimeInterval($0))
        }
        func page(before: Double?, limit: Int) throws -> [Gather] {
            let query = GatherQuery(limit: limit, before: before.map { start.addingTimeInterval($0) })
            return try pool.read { try GatherRepository($0).page(owner: owner, query: query) }
        }
        // Inside a second, the largest id first: an order a client can name with what the wire shows.
        let second10 = made[0...2].sorted { $0.id.uuidString > $1.id.uuidString }
        XCTAssertEqual(try page(before: nil, limit: 2), [made[4], made[3]])
        // The next page starts before second 11 and takes all of second 10, though the limit is 2.
        XCTAssertEqual(try page(before: 11, limit: 2), second10)
        XCTAssertEqual(try page(before: 10, limit: 2), [])
        XCTAssertEqual(try page(before: nil, limit: 5), [made[4], made[3]] + second10)
    }

    func testAPageAfterANamedGatherHoldsExactlyTheLimitAndContinuesInsideASecond() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        // Seven gathers in one second, two in the second before.
        let crowded = try (0..<7).map { try insertGather(pool, owner: owner, createdAt: start.addingTimeInterval(20 + Double($0) / 10)) }
            .sorted { $0.id.uuidString > $1.id.uuidString }
        let earlier = try (0..<2).map { _ in try insertGather(pool, owner: owner, createdAt: start.addingTimeInterval(19)) }
            .sorted { $0.id.uuidString > $1.id.uuidString }
        func page(after last: Gather?, limit: Int) throws -> [Gather] {
            let query = GatherQuery(limit: limit, before: last.map(\.createdAt), beforeID: last?.id)
            return try pool.read { try GatherRepository($0).page(owner: owner, query: query) }
        }
        var seen: [Gather] = []
        var last: Gather?
        repeat {
            let next = try page(after: last, limit: 3)
            // The first page has the original form (nothing named yet): up to twice the limit.
            XCTAssertLessThanOrEqual(next.count, last == nil ? 6 : 3)
            seen += next
            last = next.last
            if next.count < 3 { break }
        } while seen.count < 20
        XCTAssertEqual(seen, crowded + earlier, "every gather once, in order")
    }

    func testTheOriginalFormTakesTheRestOfASecondOnlyUpToTheLimitAgain() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let crowded = try (0..<10).map { _ in try insertGather(pool, owner: owner, createdAt: start.addingTimeInterval(30)) }
            .sorted { $0.id.uuidString > $1.id.uuidString }
        let page = try pool.read { try GatherRepository($0).page(owner: owner, query: GatherQuery(limit: 3)) }
        XCTAssertEqual(page, Array(crowded.prefix(6)), "three, and three more of the same second: never more than twice the limit")
    }
}
