import Foundation
import GatherDomain
@testable import GatherServer
import Storage
import XCTest

/// The cache of who tokens belong to: a request must never be let in by a token that logout or
/// account deletion has removed, and the cache must stay bounded.
final class SessionCacheTests: XCTestCase {
    private let alice = User(id: UUID(), username: "alice")
    private let bob = User(id: UUID(), username: "bob")
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testAStoredTokenIsFoundUntilItExpires() throws {
        let cache = SessionCache()
        let ticket = try missTicket(cache.lookup([1], now: now))
        cache.store([1], TokenSession(user: alice, expiresAt: now.addingTimeInterval(60)), ticket: ticket)
        XCTAssertEqual(hit(cache.lookup([1], now: now.addingTimeInterval(59))), alice)
        XCTAssertNil(hit(cache.lookup([1], now: now.addingTimeInterval(60))), "dead at its expiry instant, as in the database")
        XCTAssertEqual(cache.count, 0, "an expired entry is dropped when found")
        XCTAssertNil(hit(cache.lookup([2], now: now)))
    }

    func testAnEntryIsTrustedForItsMaximumAgeOnly() throws {
        let cache = SessionCache(maximumAge: .seconds(60))
        let ticket = try missTicket(cache.lookup([1], now: now, clock: 0))
        cache.store([1], TokenSession(user: alice, expiresAt: now.addingTimeInterval(3600)), ticket: ticket, clock: 1_000)
        XCTAssertEqual(hit(cache.lookup([1], now: now, clock: 59_000_000_000)), alice)
        XCTAssertNil(hit(cache.lookup([1], now: now, clock: 61_000_000_001)), "read from the database again after a minute")
    }

    func testLogoutRevokesTheTokenAndALookupThatRacedWithItIsNotStored() throws {
        let cache = SessionCache()
        let ticket = try missTicket(cache.lookup([1], now: now))
        cache.store([1], TokenSession(user: alice, expiresAt: now.addingTimeInterval(60)), ticket: ticket)
        // A second request read the database before the logout committed…
        let racing = try missTicket(cache.lookup([9], now: now))
        cache.revoke([1])
        XCTAssertNil(hit(cache.lookup([1], now: now)))
        // …and tries to remember what it read after the revocation: refused.
        cache.store([1], TokenSession(user: alice, expiresAt: now.addingTimeInterval(60)), ticket: racing)
        XCTAssertNil(hit(cache.lookup([1], now: now)))
    }

    func testDeletingAnAccountRevokesEveryTokenOfItsUserOnly() throws {
        let cache = SessionCache()
        for (digest, user) in [([UInt8(1)], alice), ([2], alice), ([3], bob)] {
            cache.store(digest, TokenSession(user: user, expiresAt: now.addingTimeInterval(60)), ticket: try missTicket(cache.lookup(digest, now: now)))
        }
        cache.revoke(user: alice.id)
        XCTAssertNil(hit(cache.lookup([1], now: now)))
        XCTAssertNil(hit(cache.lookup([2], now: now)))
        XCTAssertEqual(hit(cache.lookup([3], now: now)), bob)
    }

    func testTheCacheNeverHoldsMoreThanItsCapacity() throws {
        let cache = SessionCache(capacity: 100)
        for index in 0..<1_000 {
            let digest = withUnsafeBytes(of: index) { Array($0) }
            cache.store(digest, TokenSession(user: alice, expiresAt: now.addingTimeInterval(60)), ticket: try missTicket(cache.lookup(digest, now: now)))
        }
        XCTAssertEqual(cache.count, 100)
        let last = withUnsafeBytes(of: 999) { Array($0) }
        XCTAssertEqual(hit(cache.lookup(last, now: now)), alice, "the newest is kept")

        let disabled = SessionCache(capacity: 0)
        disabled.store([1], TokenSession(user: alice, expiresAt: now.addingTimeInterval(60)), ticket: try missTicket(disabled.lookup([1], now: now)))
        XCTAssertEqual(disabled.count, 0)
    }

    // MARK: Through the API

    func testLogoutTakesEffectAtOnceForATokenInUse() throws {
        let api = try InProcessAPI()
        defer { api.stop() }
        let (client, _) = try api.registeredClient()
        let other = try api.client(token: client.token)
        XCTAssertEqual(try other.request(.get, "/api/players").status, 200, "the token is now remembered")
        XCTAssertEqual(try client.request(.post, "/api/users/logout").status, 204)
        XCTAssertEqual(try other.request(.get, "/api/players").status, 401)
        XCTAssertEqual(try other.request(.get, "/api/users/me").status, 401)
    }

    func testDeletingTheAccountEndsEverySessionOfItAtOnce() throws {
        let api = try InProcessAPI()
        defer { api.stop() }
        let (first, _) = try api.registeredClient(username: "carol", password: "correct horse battery")
        let second = try api.client()
        let login = try second.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("carol", "correct horse battery")])
        second.token = try login.jsonObject()["token"] as? String
        let (stranger, _) = try api.registeredClient()
        for client in [first, second, stranger] {
            XCTAssertEqual(try client.request(.get, "/api/players").status, 200)
        }
        XCTAssertEqual(try first.request(.delete, "/api/users").status, 204)
        XCTAssertEqual(try first.request(.get, "/api/players").status, 401)
        XCTAssertEqual(try second.request(.get, "/api/players").status, 401, "the account's other session too")
        XCTAssertEqual(try stranger.request(.get, "/api/players").status, 200, "another account is untouched")
    }

    // MARK: Helpers

    private func missTicket(_ lookup: SessionCache.Lookup, file: StaticString = #filePath, line: UInt = #line) throws -> SessionCache.Ticket {
        guard case .miss(let ticket) = lookup else {
            XCTFail("expected a miss", file: file, line: line)
            throw UnexpectedHit()
        }
        return ticket
    }

    private struct UnexpectedHit: Error {}

    private func hit(_ lookup: SessionCache.Lookup) -> User? {
        guard case .hit(let session) = lookup else { return nil }
        return session.user
    }
}
