import Foundation
import XCTest
@testable import GatherServer

/// The read cache must never answer with a roster, a player or a gather's players older than the
/// owner's last answered write.
final class ReadCacheTests: XCTestCase {
    private let alice = UUID()
    private let bob = UUID()
    private let second: UInt64 = 1_000_000_000

    func testAStoredRosterIsServedUntilItsOwnerWritesAndOthersAreUntouched() throws {
        let cache = ReadCache()
        cache.store([1], ticket: try ticket(cache.lookup(alice, .roster, clock: 10)), clock: 11)
        cache.store([2], ticket: try ticket(cache.lookup(bob, .roster, clock: 10)), clock: 11)
        XCTAssertEqual(body(cache.lookup(alice, .roster, clock: 12)), [1])
        cache.forget(alice, clock: 13)
        XCTAssertNil(body(cache.lookup(alice, .roster, clock: 14)))
        XCTAssertEqual(body(cache.lookup(bob, .roster, clock: 14)), [2])
    }

    func testAReadThatBeganBeforeAWriteCommittedIsNotStored() throws {
        let cache = ReadCache()
        // The read takes its snapshot, then the owner's write commits and forgets the roster…
        let before = try ticket(cache.lookup(alice, .roster, clock: 100))
        cache.forget(alice, clock: 200)
        // …and the read, finishing late, must not put the old roster back.
        cache.store([0xDE, 0xAD], ticket: before, clock: 300)
        XCTAssertNil(body(cache.lookup(alice, .roster, clock: 400)))
        // A read begun after the write may be stored.
        cache.store([7], ticket: try ticket(cache.lookup(alice, .roster, clock: 500)), clock: 600)
        XCTAssertEqual(body(cache.lookup(alice, .roster, clock: 700)), [7])
    }

    func testTicketsOlderThanTheirLifetimeAreRefusedSoForgettingsCanBePruned() throws {
        let cache = ReadCache()
        let old = try ticket(cache.lookup(alice, .roster, clock: 0))
        // Many forgettings of others, long after: the record of alice's is pruned on the way.
        cache.forget(alice, clock: 1 * second)
        cache.forget(bob, clock: 10 * second)
        cache.store([1], ticket: old, clock: 10 * second)
        XCTAssertNil(body(cache.lookup(alice, .roster, clock: 10 * second)), "a read that took five seconds or more is not kept")
    }

    func testEntriesExpireAndTheCacheStaysWithinItsBytes() throws {
        let aging = ReadCache(capacityBytes: ReadCache.defaultCapacityBytes, maximumAge: .seconds(60))
        aging.store([1], ticket: try ticket(aging.lookup(alice, .roster, clock: 0)), clock: 1)
        XCTAssertEqual(body(aging.lookup(alice, .roster, clock: 59 * second)), [1])
        XCTAssertNil(body(aging.lookup(alice, .roster, clock: 61 * second)))

        let capacity = 2 * (ReadCache.entryOverheadBytes + 4) + 10
        let small = ReadCache(capacityBytes: capacity)
        for index in 0..<20 {
            let owner = UUID()
            small.store([UInt8](repeating: UInt8(index), count: 4), ticket: try ticket(small.lookup(owner, .roster, clock: 1)), clock: 2)
            XCTAssertLessThanOrEqual(small.byteCount, capacity)
        }
        let tooBig = [UInt8](repeating: 0, count: capacity - ReadCache.entryOverheadBytes + 1)
        small.store(tooBig, ticket: try ticket(small.lookup(alice, .roster, clock: 1)), clock: 2)
        XCTAssertNil(body(small.lookup(alice, .roster, clock: 3)), "a roster bigger than the whole cache is not kept")
    }

    /// Thousands of tiny entries (a gather's empty list each) are held to the capacity by what
    /// each entry costs, not by their few bytes of JSON.
    func testTinyEntriesCountWhatTheyCostBesideTheirBytes() throws {
        let cache = ReadCache(capacityBytes: 64 * 1024)
        for _ in 0..<10_000 {
            cache.store(Array("[]".utf8), ticket: try ticket(cache.lookup(alice, .gatherPlayers(UUID()), clock: 1)), clock: 2)
        }
        XCTAssertLessThanOrEqual(cache.byteCount, 64 * 1024)
        XCTAssertGreaterThan(cache.byteCount, 60 * 1024, "the cache is full, not emptied")
    }

    /// A share's pages are several entries of one owner: a write of the owner's forgets them all,
    /// another owner's stay.
    func testForgettingAnOwnerForgetsEachOfItsEntries() throws {
        let pages = OwnerCache<String, [UInt8]>(capacityBytes: 4096)
        for (owner, item) in [(alice, "table"), (alice, "player/1"), (bob, "table")] {
            guard case .miss(let ticket) = pages.lookup(owner, item, clock: 1) else { return XCTFail("empty at first") }
            pages.store(Array(item.utf8), ticket: ticket, clock: 2)
        }
        let overhead = OwnerCache<String, [UInt8]>.entryOverheadBytes
        XCTAssertEqual(pages.byteCount, 5 + 8 + 5 + 3 * overhead)
        pages.forget(alice, clock: 3)
        for item in ["table", "player/1"] {
            guard case .miss = pages.lookup(alice, item, clock: 4) else { return XCTFail("\(item) forgotten") }
        }
        guard case .hit(let kept) = pages.lookup(bob, "table", clock: 4) else { return XCTFail("another owner's page stays") }
        XCTAssertEqual(kept, Array("table".utf8))
        XCTAssertEqual(pages.byteCount, 5 + overhead)
    }

    // MARK: Through the API: every kind of write is seen by the next list at once

    func testEveryWriteIsSeenByTheNextListOverTheWire() throws {
        let server = try TestServer()
        defer { server.stop() }
        try assertListsFollowWrites(try server.registeredClient().client)
    }

    func testEveryWriteIsSeenByTheNextListInProcess() throws {
        let api = try InProcessAPI()
        defer { api.stop() }
        try assertListsFollowWrites(try api.registeredClient().client)
    }

    private func assertListsFollowWrites(_ client: APIClient, file: StaticString = #filePath, line: UInt = #line) throws {
        func names() throws -> [String] {
            try client.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }
        }
        XCTAssertEqual(try names(), [], file: file, line: line)
        let id = try XCTUnwrap(try client.request(.post, "/api/players", json: ["name": "Ann"]).jsonObject()["id"] as? Int)
        XCTAssertEqual(try names(), ["Ann"], "after a create", file: file, line: line)
        XCTAssertEqual(try client.request(.put, "/api/players/\(id)", json: ["name": "Anna", "age": 30]).status, 204)
        XCTAssertEqual(try names(), ["Anna"], "after an edit", file: file, line: line)
        let gather = try XCTUnwrap(try client.request(.post, "/api/gathers", json: [:]).jsonObject()["id"] as? String)
        XCTAssertEqual(try client.request(.post, "/api/gathers/\(gather)/players/\(id)", json: ["team": "Team A"]).status, 200)
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(gather)", json: ["score": "1-0", "winnerTeam": "Team A"]).status, 204)
        XCTAssertEqual(try client.request(.delete, "/api/players/\(id)").status, 204)
        XCTAssertEqual(try names(), [], "after a delete (the player is retired, off the roster)", file: file, line: line)
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "Ben"]).status, 201)
        XCTAssertEqual(try client.request(.put, "/api/players/\(id)", json: ["name": "Ghost"]).status, 404, "a failed write")
        XCTAssertEqual(try names(), ["Ben"], file: file, line: line)
    }

    /// A player and a gather's players are kept too: each read after a write shows the write,
    /// over the wire and in-process, and one owner's kept reads never answer another's requests.
    func testAPlayerAndAGathersPlayersFollowEveryWriteOverTheWire() throws {
        let server = try TestServer()
        defer { server.stop() }
        try assertReadsFollowWrites(try server.registeredClient().client, stranger: try server.registeredClient(username: "stranger").client)
    }

    func testAPlayerAndAGathersPlayersFollowEveryWriteInProcess() throws {
        let api = try InProcessAPI()
        defer { api.stop() }
        try assertReadsFollowWrites(try api.registeredClient().client, stranger: try api.registeredClient(username: "stranger").client)
    }

    private func assertReadsFollowWrites(_ client: APIClient, stranger: APIClient, file: StaticString = #filePath, line: UInt = #line) throws {
        let id = try XCTUnwrap(try client.request(.post, "/api/players", json: ["name": "Ann"]).jsonObject()["id"] as? Int)
        let gather = try XCTUnwrap(try client.request(.post, "/api/gathers", json: [:]).jsonObject()["id"] as? String)
        func player() throws -> [String: Any] { try client.request(.get, "/api/players/\(id)").jsonObject() }
        func gatherPlayers() throws -> [[String: Any]] { try client.request(.get, "/api/gathers/\(gather)/players").jsonArray() }

        XCTAssertEqual(try player()["name"] as? String, "Ann", file: file, line: line)
        XCTAssertEqual(try gatherPlayers().count, 0, file: file, line: line)
        XCTAssertEqual(try client.request(.put, "/api/players/\(id)", json: ["name": "Anna", "age": 30]).status, 204)
        XCTAssertEqual(try player()["name"] as? String, "Anna", "after an edit", file: file, line: line)
        XCTAssertEqual(try player()["age"] as? Int, 30, file: file, line: line)

        XCTAssertEqual(try client.request(.post, "/api/gathers/\(gather)/players/\(id)", json: ["team": "Team A"]).status, 200)
        XCTAssertEqual(try gatherPlayers().map { $0["team"] as? String }, ["Team A"], "after a player joined", file: file, line: line)
        XCTAssertEqual(try client.request(.post, "/api/gathers/\(gather)/players/\(id)", json: ["team": "Team B"]).status, 200)
        XCTAssertEqual(try gatherPlayers().map { $0["team"] as? String }, ["Team B"], "after a change of side", file: file, line: line)
        XCTAssertEqual(try client.request(.put, "/api/players/\(id)", json: ["name": "Annie"]).status, 204)
        XCTAssertEqual(try gatherPlayers().map { $0["name"] as? String }, ["Annie"], "a gather shows the player's new name", file: file, line: line)

        // Someone else's requests for the same ids are never answered from the owner's reads.
        XCTAssertEqual(try stranger.request(.get, "/api/players/\(id)").status, 404, file: file, line: line)
        XCTAssertEqual(try stranger.request(.get, "/api/gathers/\(gather)/players").status, 404, file: file, line: line)

        XCTAssertEqual(try client.request(.put, "/api/gathers/\(gather)", json: ["score": "1-0", "winnerTeam": "Team A"]).status, 204)
        XCTAssertEqual(try client.request(.delete, "/api/players/\(id)").status, 204)
        XCTAssertEqual(try client.request(.get, "/api/players/\(id)").status, 404, "a deleted player is gone", file: file, line: line)
        XCTAssertEqual(try gatherPlayers().map { $0["retired"] as? Bool }, [true], "and shown retired in the match they played", file: file, line: line)

        let other = try XCTUnwrap(try client.request(.post, "/api/players", json: ["name": "Ben"]).jsonObject()["id"] as? Int)
        XCTAssertEqual(try client.request(.post, "/api/gathers/\(gather)/players/\(other)", json: ["team": "Team A"]).status, 200)
        XCTAssertEqual(try client.request(.delete, "/api/gathers/\(gather)/players/\(other)").status, 204)
        XCTAssertEqual(try gatherPlayers().count, 1, "after a player left", file: file, line: line)
    }

    // MARK: Helpers

    private struct UnexpectedHit: Error {}

    private func ticket(_ lookup: ReadCache.Lookup) throws -> ReadCache.Ticket {
        guard case .miss(let ticket) = lookup else { throw UnexpectedHit() }
        return ticket
    }

    private func body(_ lookup: ReadCache.Lookup) -> [UInt8]? {
        guard case .hit(let body) = lookup else { return nil }
        return body
    }
}
