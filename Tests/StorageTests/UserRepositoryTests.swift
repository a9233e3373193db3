import Foundation
import GatherDomain
import Storage
import XCTest

final class UserRepositoryTests: StorageTestCase {
    private func create(_ pool: DatabasePool, _ username: String, id: UUID = UUID()) throws -> User {
        try pool.write { try UserRepository($0).create(id: id, username: username, passwordHash: "hash", at: Date()) }
    }

    private func assertConflict(_ body: @autoclosure () throws -> some Any, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            guard case .conflict? = error as? StorageError else {
                return XCTFail("expected StorageError.conflict, got \(error)", file: file, line: line)
            }
        }
    }

    func testCreateThenLookUpByUsernameAndID() throws {
        let pool = try makePool()
        let id = UUID()
        let created = try pool.write { database in
            try UserRepository(database).create(id: id, username: "alice", passwordHash: "$argon$hash", at: Date())
        }
        XCTAssertEqual(created, User(id: id, username: "alice"))

        XCTAssertEqual(try user(id, in: pool), created)
        XCTAssertNil(try user(UUID(), in: pool))
        try pool.read { database in
            let users = UserRepository(database)
            let account = try XCTUnwrap(users.account(username: "alice"))
            XCTAssertEqual(account.user, created)
            XCTAssertEqual(account.passwordHash, "$argon$hash")
            XCTAssertNil(try users.account(username: "bob"))
        }
    }

    func testDuplicateUsernameIsAConflict() throws {
        let pool = try makePool()
        _ = try create(pool, "alice")
        assertConflict(try self.create(pool, "alice"))
        XCTAssertEqual(try count("users", in: pool), 1)
    }

    func testUsernamesDifferingOnlyInASCIICaseConflict() throws {
        let pool = try makePool()
        _ = try create(pool, "Alice")
        assertConflict(try self.create(pool, "alice"))
        assertConflict(try self.create(pool, "ALICE"))
        assertConflict(try self.create(pool, "aLiCe"))
        XCTAssertEqual(try count("users", in: pool), 1)

        // A failed create leaves the pool usable.
        XCTAssertEqual(try create(pool, "bob").username, "bob")
    }

    func testUsernamesEqualUnderUnicodeCaseFoldingAndNormalisationConflict() throws {
        let pool = try makePool()
        _ = try create(pool, "émile")
        assertConflict(try self.create(pool, "ÉMILE"))
        assertConflict(try self.create(pool, "E\u{301}mile"))
        _ = try create(pool, "Straße")
        assertConflict(try self.create(pool, "STRASSE"))
        XCTAssertEqual(try count("users", in: pool), 2)
    }

    func testLoginLookupFindsAnySpellingOfTheName() throws {
        let pool = try makePool()
        let ärger = try create(pool, "Ärger")
        for typed in ["Ärger", "ärger", "ÄRGER", "A\u{308}rger", "  ärger "] {
            XCTAssertEqual(try pool.read { try UserRepository($0).account(username: typed) }?.user, ärger, typed.debugDescription)
        }
        XCTAssertNil(try pool.read { try UserRepository($0).account(username: "Arger") })
    }

    func testDeleteRemovesTheAccount() throws {
        let pool = try makePool()
        let alice = try create(pool, "alice")
        let bob = try create(pool, "bob")

        XCTAssertTrue(try pool.write { try UserRepository($0).delete(id: alice.id) })
        XCTAssertFalse(try pool.write { try UserRepository($0).delete(id: alice.id) })
        XCTAssertNil(try user(alice.id, in: pool))
        XCTAssertNil(try pool.read { try UserRepository($0).account(username: "alice") })
        XCTAssertEqual(try user(bob.id, in: pool), bob)

        // The name is free again.
        XCTAssertEqual(try create(pool, "alice").username, "alice")
    }

    func testStoresIDsAsUpperCaseText() throws {
        let pool = try makePool()
        let id = try XCTUnwrap(UUID(uuidString: "abcdef01-2345-6789-abcd-ef0123456789"))
        _ = try create(pool, "alice", id: id)
        XCTAssertEqual(try pool.read { try $0.query("SELECT id FROM users").first?.string(0) },
                       "ABCDEF01-2345-6789-ABCD-EF0123456789")
    }

    func testUsernameThatLooksLikeSQLIsJustAName() throws {
        let pool = try makePool()
        let name = "x' OR '1'='1"
        _ = try create(pool, "alice")
        XCTAssertNil(try pool.read { try UserRepository($0).account(username: name) })
        XCTAssertEqual(try create(pool, name).username, name)
        XCTAssertEqual(try pool.read { try UserRepository($0).account(username: name)?.user.username }, name)
    }
}
