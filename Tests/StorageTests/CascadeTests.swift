import Foundation
import GatherDomain
import Storage
import XCTest

final class CascadeTests: StorageTestCase {
    private struct Roster {
        let owner: UUID
        let players: [Player]
        let gathers: [Gather]
    }

    private let issued = Date(timeIntervalSince1970: 1_700_000_000)

    /// A user with a token, three players and two gathers, every player in every gather.
    private func makeRoster(_ pool: DatabasePool, _ username: String, token: UInt8) throws -> Roster {
        let owner = try createUser(pool, username)
        return try pool.write { database in
            try TokenRepository(database).insert(digest: [token, 1, 2, 3], userID: owner, createdAt: issued,
                                                 expiresAt: issued.addingTimeInterval(3_600))
            let players = try (1...3).map { try PlayerRepository(database).insert(try PlayerDetails(name: "\(username) \($0)"), owner: owner) }
            let gathers = try (0..<2).map {
                try GatherRepository(database).insert(id: UUID(), owner: owner, result: nil,
                                                      createdAt: issued.addingTimeInterval(Double($0))).gather
            }
            for gather in gathers {
                for (index, player) in players.enumerated() {
                    try GatherRepository(database).assign(playerID: player.id, to: gather.id, owner: gather.userID, team: Team.allCases[index])
                }
            }
            return Roster(owner: owner, players: players, gathers: gathers)
        }
    }

    private func counts(_ pool: DatabasePool, owner: UUID) throws -> [String: Int] {
        try pool.read { database in
            [
                "tokens": try rowCount("tokens", in: database, where: "user_id = ?", owner),
                "players": try rowCount("players", in: database, where: "group_id = ?", owner),
                "gathers": try rowCount("gathers", in: database, where: "group_id = ?", owner),
                "gather_players": try rowCount("gather_players", in: database,
                                               where: "gather_id IN (SELECT id FROM gathers WHERE group_id = ?)", owner),
            ]
        }
    }

    func testDeletingUserRemovesEverythingTheyOwn() throws {
        let pool = try makePool()
        let alice = try makeRoster(pool, "alice", token: 1)
        let bob = try makeRoster(pool, "bob", token: 2)
        XCTAssertEqual(try counts(pool, owner: alice.owner), ["tokens": 1, "players": 3, "gathers": 2, "gather_players": 6])

        XCTAssertTrue(try pool.write { try UserRepository($0).delete(id: alice.owner) })

        XCTAssertEqual(try counts(pool, owner: alice.owner), ["tokens": 0, "players": 0, "gathers": 0, "gather_players": 0])
        XCTAssertEqual(try count("gather_players", in: pool), 6, "only bob's memberships remain")
        XCTAssertEqual(try counts(pool, owner: bob.owner), ["tokens": 1, "players": 3, "gathers": 2, "gather_players": 6])
        XCTAssertEqual(try count("users", in: pool), 1)
    }

    func testDeletingAPlayerWhoPlayedRetiresThemAndKeepsEveryGatherIntact() throws {
        let pool = try makePool()
        let roster = try makeRoster(pool, "alice", token: 1)
        let retired = roster.players[0]

        XCTAssertEqual(try pool.write { try PlayerRepository($0).remove(id: retired.id, owner: roster.owner, at: Date()) },
                       .retired(gathers: 2))

        try pool.read { database in
            XCTAssertEqual(try rowCount("gather_players", in: database), 6, "no membership lost")
            XCTAssertEqual(try PlayerRepository(database).all(owner: roster.owner), Array(roster.players.dropFirst()),
                           "off the roster")
            XCTAssertNil(try PlayerRepository(database).find(id: retired.id, owner: roster.owner))
            for gather in roster.gathers {
                let players = try GatherRepository(database).players(gatherID: gather.id, owner: gather.userID)
                XCTAssertEqual(players.map(\.player), roster.players, "the teams as they were played")
                XCTAssertEqual(players.map(\.isRetired), [true, false, false])
            }
        }
        XCTAssertEqual(try pool.write { try PlayerRepository($0).remove(id: retired.id, owner: roster.owner, at: Date()) },
                       .notFound, "a retired player cannot be deleted again")
    }

    func testDeletingAPlayerWhoNeverPlayedRemovesThem() throws {
        let pool = try makePool()
        let roster = try makeRoster(pool, "alice", token: 1)
        let newcomer = try pool.write { try PlayerRepository($0).insert(try PlayerDetails(name: "Newcomer"), owner: roster.owner) }
        XCTAssertEqual(try pool.write { try PlayerRepository($0).remove(id: newcomer.id, owner: roster.owner, at: Date()) }, .deleted)
        XCTAssertEqual(try pool.read { try rowCount("players", in: $0, where: "id = ?", newcomer.id) }, 0)
    }

    func testDeletingGatherRemovesMembershipsButNotPlayers() throws {
        let pool = try makePool()
        let roster = try makeRoster(pool, "alice", token: 1)
        let gone = roster.gathers[0]

        XCTAssertTrue(try pool.write { try GatherRepository($0).delete(id: gone.id, owner: roster.owner) })

        try pool.read { database in
            XCTAssertEqual(try rowCount("gather_players", in: database, where: "gather_id = ?", gone.id), 0)
            XCTAssertEqual(try rowCount("gather_players", in: database), 3)
            XCTAssertEqual(try PlayerRepository(database).all(owner: roster.owner), roster.players)
            XCTAssertEqual(try GatherRepository(database).players(gatherID: roster.gathers[1].id, owner: roster.gathers[1].userID).count, 3)
            XCTAssertEqual(try GatherRepository(database).gathers(playerID: roster.players[0].id, owner: roster.owner),
                           [roster.gathers[1]])
        }
    }
}
