import Foundation
import GatherDomain
import GatherWire
import Storage
import XCTest

final class PlayerRepositoryTests: StorageTestCase {
    private func insert(_ pool: DatabasePool, _ details: PlayerDetails, owner: UUID) throws -> Player {
        try pool.write { try PlayerRepository($0).insert(details, owner: owner) }
    }

    func testInsertAndFindEveryField() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let full = try PlayerDetails(name: "Zoë \"Z\" O'Neil 😀", age: 0, skill: .professional,
                                     preferredPosition: .goalkeeper, favouriteTeam: "Inter/Milan")
        let bare = try PlayerDetails(name: "Bare")

        let first = try insert(pool, full, owner: owner)
        let second = try insert(pool, bare, owner: owner)
        XCTAssertEqual(first.details, full)
        XCTAssertEqual(second, Player(id: second.id, name: "Bare"))
        XCTAssertNotEqual(first.id, second.id)

        XCTAssertEqual(try pool.read { try PlayerRepository($0).find(id: first.id, owner: owner) }, first)
        XCTAssertEqual(try pool.read { try PlayerRepository($0).find(id: second.id, owner: owner) }, second)
        XCTAssertNil(try pool.read { try PlayerRepository($0).find(id: second.id + 1000, owner: owner) })
    }

    func testEverySkillAndPositionRoundTrips() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        for skill in Skill.allCases {
            for position in Position.allCases {
                let player = try insert(pool, try PlayerDetails(name: "\(skill)-\(position)", skill: skill,
                                                                preferredPosition: position), owner: owner)
                XCTAssertEqual(try pool.read { try PlayerRepository($0).find(id: player.id, owner: owner) }, player)
            }
        }
    }

    /// A roster written from its rows in place is the JSON of the players `all` reads: every
    /// field set and unset, texts that need escaping, and text stored as bytes that are not
    /// UTF-8 (a file written by something else), repaired alike.
    func testRosterRowsWriteWhatThePlayersWrite() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let other = try createUser(pool, "bob")
        _ = try insert(pool, try PlayerDetails(name: "Zoë \"Z\" O'Neil 😀", age: 0, skill: .professional,
                                               preferredPosition: .goalkeeper, favouriteTeam: "Inter/Milan\\"), owner: owner)
        _ = try insert(pool, try PlayerDetails(name: "Bare"), owner: owner)
        _ = try insert(pool, try PlayerDetails(name: "Someone else's"), owner: other)
        for skill in Skill.allCases {
            _ = try insert(pool, try PlayerDetails(name: "\(skill)", age: 99, skill: skill, preferredPosition: .winger), owner: owner)
        }
        try pool.write { database in
            try database.execute("""
                INSERT INTO players (group_id, name, favourite_team) VALUES (?, CAST(x'41C328FF' AS TEXT), CAST(x'EDA080E282' AS TEXT))
                """, owner)
        }

        let (rows, players) = try pool.read { database in
            let repository = PlayerRepository(database)
            var writer = JSONWriter(capacity: 1)
            var count = 0
            try writer.array { array in
                try repository.forEachOnRoster(owner: owner) { row in
                    count += 1
                    array.element { row.write(to: &$0) }
                }
            }
            XCTAssertEqual(count, Skill.allCases.count + 3)
            return (writer.bytes, try repository.all(owner: owner))
        }
        XCTAssertEqual(players.count, Skill.allCases.count + 3)
        XCTAssertEqual(players.last?.name, "A\u{FFFD}(\u{FFFD}")
        XCTAssertEqual(rows, players.jsonBytes())
        XCTAssertEqual(rows, Array(WireFormat.encode(players)))
    }

    func testAllListsOnlyTheOwnersPlayersInIDOrder() throws {
        let pool = try makePool()
        let alice = try createUser(pool, "alice")
        let bob = try createUser(pool, "bob")
        let a1 = try insert(pool, try PlayerDetails(name: "A1"), owner: alice)
        let b1 = try insert(pool, try PlayerDetails(name: "B1"), owner: bob)
        let a2 = try insert(pool, try PlayerDetails(name: "A2", age: 30), owner: alice)

        XCTAssertEqual(try pool.read { try PlayerRepository($0).all(owner: alice) }, [a1, a2])
        XCTAssertEqual(try pool.read { try PlayerRepository($0).all(owner: bob) }, [b1])
        XCTAssertEqual(try pool.read { try PlayerRepository($0).all(owner: UUID()) }, [])
    }

    func testAnotherOwnersPlayerDoesNotExist() throws {
        let pool = try makePool()
        let alice = try createUser(pool, "alice")
        let bob = try createUser(pool, "bob")
        let player = try insert(pool, try PlayerDetails(name: "Alice's", age: 20), owner: alice)
        let replacement = try PlayerDetails(name: "Hijacked")

        XCTAssertNil(try pool.read { try PlayerRepository($0).find(id: player.id, owner: bob) })
        XCTAssertFalse(try pool.write { try PlayerRepository($0).replace(id: player.id, with: replacement, owner: bob) })
        XCTAssertEqual(try pool.write { try PlayerRepository($0).remove(id: player.id, owner: bob, at: Date()) }, .notFound)
        XCTAssertEqual(try pool.read { try PlayerRepository($0).find(id: player.id, owner: alice) }, player)
    }

    func testReplaceOverwritesEveryAttribute() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let player = try insert(pool, try PlayerDetails(name: "Old", age: 20, skill: .beginner, preferredPosition: .winger,
                                                        favouriteTeam: "Old FC"), owner: owner)
        let cleared = try PlayerDetails(name: "New")
        XCTAssertTrue(try pool.write { try PlayerRepository($0).replace(id: player.id, with: cleared, owner: owner) })
        XCTAssertEqual(try pool.read { try PlayerRepository($0).find(id: player.id, owner: owner) },
                       Player(id: player.id, details: cleared))

        let full = try PlayerDetails(name: "Full", age: 99, skill: .amateur, preferredPosition: .defender, favouriteTeam: "New FC")
        XCTAssertTrue(try pool.write { try PlayerRepository($0).replace(id: player.id, with: full, owner: owner) })
        XCTAssertEqual(try pool.read { try PlayerRepository($0).find(id: player.id, owner: owner) },
                       Player(id: player.id, details: full))

        XCTAssertFalse(try pool.write { try PlayerRepository($0).replace(id: player.id + 1, with: full, owner: owner) })
    }

    func testDeleteIsScopedAndReportsWhetherAnythingWasDeleted() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let keep = try insert(pool, try PlayerDetails(name: "Keep"), owner: owner)
        let gone = try insert(pool, try PlayerDetails(name: "Gone"), owner: owner)

        XCTAssertEqual(try pool.write { try PlayerRepository($0).remove(id: gone.id, owner: owner, at: Date()) }, .deleted)
        XCTAssertEqual(try pool.write { try PlayerRepository($0).remove(id: gone.id, owner: owner, at: Date()) }, .notFound)
        XCTAssertNil(try pool.read { try PlayerRepository($0).find(id: gone.id, owner: owner) })
        XCTAssertEqual(try pool.read { try PlayerRepository($0).all(owner: owner) }, [keep])
    }

    func testIDsAreNotReusedAfterDelete() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let first = try insert(pool, try PlayerDetails(name: "First"), owner: owner)
        XCTAssertEqual(try pool.write { try PlayerRepository($0).remove(id: first.id, owner: owner, at: Date()) }, .deleted)
        let second = try insert(pool, try PlayerDetails(name: "Second"), owner: owner)
        XCTAssertGreaterThan(second.id, first.id)
    }

    func testPlayerForUnknownOwnerViolatesForeignKey() throws {
        let pool = try makePool()
        XCTAssertThrowsError(try insert(pool, try PlayerDetails(name: "Orphan"), owner: UUID())) { error in
            XCTAssertTrue(self.isForeignKeyViolation(error), "\(error)")
        }
    }

    func testWorksOnAnInMemoryPool() throws {
        let pool = try DatabasePool(path: DatabasePool.inMemoryPath)
        let owner = try createUser(pool, "memory")
        let player = try insert(pool, try PlayerDetails(name: "In memory", age: 1), owner: owner)
        XCTAssertEqual(try pool.read { try PlayerRepository($0).all(owner: owner) }, [player])
    }
}
