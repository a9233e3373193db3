import Foundation
import HTTP
import Networking
import Storage
import TestSupport
import XCTest

/// Reads whose cost a client chooses (a leaderboard, a record-weighted balance over years of
/// matches) run on the workers with the pool's read connections. Nothing answered on an event
/// loop waits for those: `/health`, rosters, one gather and the authentication of writes read with
/// the loop's own connection. Slow reads are stopped at their budget, and one account can hold
/// only so many of them at once.
final class SlowReadIsolationTests: XCTestCase {
    func testWithEveryPooledReadConnectionHeldTheLoopStillAnswersHealthRostersAndWrites() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (other, _) = try server.registeredClient(username: "other", password: "correct horse battery")
        // A second session, never used yet: the session cache has not seen its token.
        let login = try server.client().request(.post, "/api/users/login",
                                                headers: ["Authorization": APIClient.basic("other", "correct horse battery")])
        let fresh = try server.client(token: try XCTUnwrap(login.jsonObject()["token"] as? String))
        let created = try other.request(.post, "/api/players", json: ["name": "Ana"])
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.jsonObject()["id"] as? Int)

        let held = try HeldReadConnections(server.server.database)
        defer { held.release() }

        XCTAssertEqual(try other.request(.get, "/health").status, 200)
        let roster = try other.request(.get, "/api/players")
        XCTAssertEqual(roster.status, 200)
        XCTAssertEqual(try roster.jsonArray().map { $0["name"] as? String }, ["Ana"])
        XCTAssertEqual(try other.request(.get, "/api/players/\(id)").status, 200)
        XCTAssertEqual(try other.request(.post, "/api/players", json: ["name": "Bea"]).status, 201, "a write is authenticated on the loop too")
        // A token the session cache has never seen is looked up on the loop's connection as well.
        XCTAssertEqual(try fresh.request(.get, "/api/players/\(id)").status, 200)
    }

    func testOneAccountHoldsAtMostTwoWorkersAtOnceWhileAnotherAccountIsServed() throws {
        let server = try TestServer { $0.limits.readBudget = .seconds(30) }
        defer { server.stop() }
        let (heavy, _) = try server.registeredClient()
        let (other, _) = try server.registeredClient()
        // Both tokens in use already, as an attacker's would be: known to the session cache.
        XCTAssertEqual(try heavy.request(.get, "/api/users/me").status, 200)
        XCTAssertEqual(try other.request(.get, "/api/users/me").status, 200)

        let held = try HeldReadConnections(server.server.database)
        var released = false
        defer { if !released { held.release() } }
        let requests = BackgroundRequests(port: server.port)
        let heavyOnes = ["heavy-1", "heavy-2", "heavy-3"]
        for name in heavyOnes { requests.send(name, .get, "/api/stats/leaderboard", token: heavy.token) }
        requests.send("other", .get, "/api/stats/leaderboard", token: other.token)

        // Two take the account's places and wait for a read connection; the third is refused at once.
        XCTAssertTrue(waitUntil(timeout: 10) { !requests.all.isEmpty }, "\(requests.all)")
        let refused = try XCTUnwrap(requests.all.first { $0.value == 429 }?.key, "\(requests.all)")
        XCTAssertEqual(requests.response(refused)?.headers["Retry-After"], "1")
        XCTAssertEqual(try requests.response(refused)?.errorReason(), "too many requests at once for this account; wait for one to finish")
        XCTAssertEqual(requests.all.count, 1, "the others still wait for a read connection: \(requests.all)")

        held.release()
        released = true
        XCTAssertTrue(waitUntil(timeout: 10) { requests.all.count == 4 }, "\(requests.all)")
        XCTAssertEqual(requests.all.filter { $0.value == 200 }.keys.sorted(), (heavyOnes + ["other"]).filter { $0 != refused }.sorted())
        XCTAssertEqual(try heavy.request(.get, "/api/stats/leaderboard").status, 200, "its places are given back")
    }

    func testAReadThatRunsPastItsBudgetIsAnswered503WithTheReason() throws {
        let server = try TestServer { $0.limits.readBudget = .milliseconds(200) }
        defer { server.stop() }
        let (client, _) = try server.registeredClient()

        let held = try HeldReadConnections(server.server.database)
        defer { held.release() }
        let response = try client.request(.get, "/api/stats/leaderboard")
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.headers["Retry-After"], "5")
        XCTAssertEqual(try response.errorReason(), "this read took longer than the server allows (0.2 seconds); ask for less at once")
    }

    func testAQuickReadPastTheLoopsBudgetIsAnsweredByAWorker() throws {
        // Every read on a loop runs out at once: each quick request must be handed on, not failed.
        let server = try TestServer { $0.limits.loopReadBudget = .nanoseconds(1) }
        defer { server.stop() }
        let (client, _) = try server.registeredClient()
        let created = try client.request(.post, "/api/players", json: ["name": "Ana"])
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.jsonObject()["id"] as? Int)
        XCTAssertEqual(try client.request(.get, "/health").status, 200)
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 1)
        XCTAssertEqual(try client.request(.get, "/api/players/\(id)").jsonObject()["name"] as? String, "Ana")
        XCTAssertEqual(try client.request(.put, "/api/players/\(id)", json: ["name": "Ana Maria"]).status, 204)
        XCTAssertEqual(try client.request(.get, "/api/players/\(id)").jsonObject()["name"] as? String, "Ana Maria")
    }
}

/// Every read connection of a pool, held by threads of the test until `release`: what slow reads
/// on all of them at once look like to everything else.
final class HeldReadConnections: @unchecked Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let finished = DispatchGroup()
    private let count: Int

    init(_ pool: DatabasePool, count: Int = DatabasePool.Configuration().readerCount) throws {
        self.count = count
        let holding = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            finished.enter()
            Thread.detachNewThread { [gate, finished] in
                _ = try? pool.read { _ in
                    holding.signal()
                    gate.wait()
                }
                finished.leave()
            }
        }
        for _ in 0..<count { holding.wait() }
        // Every one is taken: a further read finds none free.
        XCTAssertThrowsError(try pool.read(within: .milliseconds(20)) { _ in 0 })
    }

    func release() {
        for _ in 0..<count { gate.signal() }
        finished.wait()
    }
}
