import Foundation
import GatherDomain
import GatherWire
@testable import Storage
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
            return (try rosterJSON(repository, owner: owner), try repository.all(owner: owner))
        }
        XCTAssertEqual(players.count, Skill.allCases.count + 3)
        XCTAssertEqual(players.first?.details, try PlayerDetails(name: "Zoë \"Z\" O'Neil 😀", age: 0, skill: .professional,
                                                                  preferredPosition: .goalkeeper, favouriteTeam: "Inter/Milan\\"))
        XCTAssertEqual(players.last?.name, "A\u{FFFD}(\u{FFFD}")
        XCTAssertEqual(rows, players.jsonBytes())
        XCTAssertEqual(rows, Array(WireFormat.encode(players)))
    }

    /// A file whose text is stored as UTF-16 (another program made it): SQLite hands the rows'
    /// text over as UTF-8, and the roster written in place says what was stored, value for value.
    func testARosterStoredAsUTF16IsWrittenAsStored() throws {
        let database = try Database(path: path("utf16.sqlite"))
        try database.executeScript("""
            PRAGMA encoding = 'UTF-16le';
            CREATE TABLE players (id INTEGER PRIMARY KEY, group_id TEXT NOT NULL, name TEXT NOT NULL, age INTEGER, skill TEXT,
                                  preferred_position TEXT, favourite_team TEXT, retired_at INTEGER, regular INTEGER NOT NULL DEFAULT 0);
            """)
        let owner = UUID()
        let expected = [Player(id: 1, name: "Zoë \"Z\" 😀", age: 31, skill: .amateur, preferredPosition: .winger, favouriteTeam: "Inter/Milan"),
                        Player(id: 2, name: "", age: nil, skill: nil, preferredPosition: nil, favouriteTeam: nil),
                        Player(id: 3, name: "a\u{0}b\n", age: 0, skill: .professional, preferredPosition: .goalkeeper, favouriteTeam: "日本")]
        for player in expected {
            try database.execute("""
                INSERT INTO players (id, group_id, name, age, skill, preferred_position, favourite_team) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, player.id, owner, player.name, player.age, player.skill?.rawValue, player.preferredPosition?.rawValue, player.favouriteTeam)
        }
        try database.execute("INSERT INTO players (id, group_id, name, retired_at) VALUES (4, ?, 'Retired', 1)", owner)
        XCTAssertEqual(try database.query("PRAGMA encoding").first?.string(0), "UTF-16le")
        XCTAssertEqual(try rosterJSON(PlayerRepository(database), owner: owner), Array(WireFormat.encode(expected)))
        XCTAssertEqual(try PlayerRepository(database).all(owner: owner), expected)
    }

    /// A value of the wrong type in any column the roster reads is a corrupt store: the read
    /// throws, naming the column, and nothing is written from it.
    func testAWrongTypeInAnyColumnOfTheRosterThrows() throws {
        let database = try Database(path: path("loose.sqlite"))
        try database.executeScript("""
            CREATE TABLE players (id INTEGER PRIMARY KEY, group_id TEXT NOT NULL, name, age, skill, preferred_position,
                                  favourite_team, retired_at INTEGER, regular NOT NULL DEFAULT 0);
            """)
        let owner = UUID()
        let wrong: [(column: String, value: String)] = [
            ("name", "42"), ("name", "4.5"), ("name", "x'00'"), ("name", "NULL"), ("age", "'31'"), ("age", "3.5"),
            ("skill", "7"), ("preferred_position", "x'41'"), ("favourite_team", "1"), ("favourite_team", "2.5"), ("regular", "'yes'"),
        ]
        for (index, (column, value)) in wrong.enumerated() {
            try database.execute("DELETE FROM players")
            try database.execute("INSERT INTO players (id, group_id, name) VALUES (?, ?, 'Good')", index * 2 + 1, owner)
            try database.execute("INSERT INTO players (id, group_id, name) VALUES (?, ?, 'Bad')", index * 2 + 2, owner)
            try database.execute("UPDATE players SET \(column) = \(value) WHERE id = ?", index * 2 + 2)
            XCTAssertThrowsError(try rosterJSON(PlayerRepository(database), owner: owner), "\(column) = \(value)") {
                XCTAssertTrue($0 is RowError, "\(column) = \(value): \($0)")
            }
            XCTAssertThrowsError(try PlayerRepository(database).all(owner: owner), "\(column) = \(value)")
        }
    }

    /// The roster as the server writes it from rows in place, from a one-byte buffer.
    private func rosterJSON(_ players: PlayerRepository, owner: UUID) throws -> [UInt8] {
        var writer = JSONWriter(capacity: 1)
        try players.writeRoster(owner: owner, to: &writer)
        return writer.bytes
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

    /// The roster, listed and written: a group's players who have not retired, in id order, however
    /// the groups' players are interleaved in the table.
    func testTheRosterIsTheGroupsPlayersNotRetiredInIDOrder() throws {
        let pool = try makePool()
        let alice = try createUser(pool, "alice")
        let bob = try createUser(pool, "bob")
        var expected: [Player] = []
        for index in 0..<30 {
            let player = try insert(pool, try PlayerDetails(name: "A\(index)", age: 20 + index, skill: .amateur,
                                                             preferredPosition: .midfielder, favouriteTeam: "Team \(index % 3)"),
                                    owner: alice)
            _ = try insert(pool, try PlayerDetails(name: "B\(index)"), owner: bob)
            if index % 7 == 3 {
                try pool.write { try $0.execute("UPDATE players SET retired_at = 1 WHERE id = ?", player.id) }
            } else {
                expected.append(player)
            }
        }

        XCTAssertEqual(try pool.read { try PlayerRepository($0).all(owner: alice) }, expected)
        XCTAssertEqual(try pool.read { try rosterJSON(PlayerRepository($0), owner: alice) }, expected.jsonBytes())
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
