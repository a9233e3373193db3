import Foundation
import GatherDomain
import Storage
import XCTest

final class TokenRepositoryTests: StorageTestCase {
    private let issued = Date(timeIntervalSince1970: 1_700_000_000)
    private var expiry: Date { issued.addingTimeInterval(3_600) }

    private func digest(_ seed: UInt8) -> [UInt8] {
        (0..<32).map { UInt8(truncatingIfNeeded: Int($0) &* 7 &+ Int(seed)) }
    }

    func testInsertedTokenFindsItsUserUntilExpiry() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        try pool.write { try TokenRepository($0).insert(digest: digest(1), userID: owner, createdAt: issued, expiresAt: expiry) }

        try pool.read { database in
            let tokens = TokenRepository(database)
            XCTAssertEqual(try tokens.user(digest: digest(1), now: issued), User(id: owner, username: "alice"))
            XCTAssertEqual(try tokens.user(digest: digest(1), now: expiry.addingTimeInterval(-0.001))?.id, owner)
            XCTAssertNil(try tokens.user(digest: digest(1), now: expiry), "a token is dead at its expiry instant")
            XCTAssertNil(try tokens.user(digest: digest(1), now: expiry.addingTimeInterval(1)))
            XCTAssertNil(try tokens.user(digest: digest(2), now: issued))
        }
    }

    func testDeleteRemovesOneToken() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        try pool.write { database in
            let tokens = TokenRepository(database)
            try tokens.insert(digest: digest(1), userID: owner, createdAt: issued, expiresAt: expiry)
            try tokens.insert(digest: digest(2), userID: owner, createdAt: issued, expiresAt: expiry)
        }
        XCTAssertTrue(try pool.write { try TokenRepository($0).delete(digest: digest(1)) })
        XCTAssertFalse(try pool.write { try TokenRepository($0).delete(digest: digest(1)) })
        XCTAssertNil(try pool.read { try TokenRepository($0).user(digest: digest(1), now: issued) })
        XCTAssertEqual(try pool.read { try TokenRepository($0).user(digest: digest(2), now: issued)?.id }, owner)
    }

    func testDeleteExpiredRemovesOnlyDeadTokens() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let now = issued.addingTimeInterval(600)
        try pool.write { database in
            let tokens = TokenRepository(database)
            try tokens.insert(digest: digest(1), userID: owner, createdAt: issued, expiresAt: now.addingTimeInterval(-1))
            try tokens.insert(digest: digest(2), userID: owner, createdAt: issued, expiresAt: now)
            try tokens.insert(digest: digest(3), userID: owner, createdAt: issued, expiresAt: now.addingTimeInterval(1))
        }
        XCTAssertEqual(try pool.write { try TokenRepository($0).deleteExpired(now: now) }, 2)
        XCTAssertEqual(try pool.write { try TokenRepository($0).deleteExpired(now: now) }, 0)
        XCTAssertEqual(try count("tokens", in: pool), 1)
        XCTAssertEqual(try pool.read { try TokenRepository($0).user(digest: digest(3), now: now)?.id }, owner)
    }

    func testDuplicateDigestIsRejected() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        try pool.write { try TokenRepository($0).insert(digest: digest(1), userID: owner, createdAt: issued, expiresAt: expiry) }
        XCTAssertThrowsError(try pool.write {
            try TokenRepository($0).insert(digest: digest(1), userID: owner, createdAt: issued, expiresAt: expiry)
        }) { error in
            XCTAssertEqual((error as? SQLiteError)?.isUniqueViolation, true, "\(error)")
        }
    }

    func testTokenForUnknownUserViolatesForeignKey() throws {
        let pool = try makePool()
        XCTAssertThrowsError(try pool.write {
            try TokenRepository($0).insert(digest: digest(1), userID: UUID(), createdAt: issued, expiresAt: expiry)
        }) { error in
            XCTAssertTrue(self.isForeignKeyViolation(error), "\(error)")
        }
        XCTAssertEqual(try count("tokens", in: pool), 0)
    }
}
