import Foundation
import GatherServer
import HTTP
import Locking
import XCTest

/// What one account may keep and how fast it may change it: refused with a reason past each limit,
/// with nothing saved, and shown against the limits in `GET /api/users/me`.
final class AccountLimitsTests: XCTestCase {
    private var server: InProcessAPI!
    private let clock = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    private func start(_ configure: (inout ResourceLimits) -> Void) throws -> APIClient {
        var options = GatherApplication.Options()
        options.passwordHasher = PasswordHasher.forTests
        let clock = clock
        options.now = { clock.withLock { $0 } }
        configure(&options.limits)
        server = try InProcessAPI(options: options)
        return try server.registeredClient().client
    }

    override func tearDown() {
        server?.stop()
    }

    func testAnAccountKeepsAtMostItsPlayersAndGathersAndSeesItsUsage() throws {
        let client = try start { limits in
            limits.playersPerAccount = 3
            limits.gathersPerAccount = 2
        }
        var players: [Int] = []
        for name in ["Ana", "Ben", "Cleo"] {
            let created = try client.request(.post, "/api/players", json: ["name": name])
            XCTAssertEqual(created.status, 201, created.text)
            players.append(try XCTUnwrap(created.jsonObject()["id"] as? Int))
        }
        let fourth = try client.request(.post, "/api/players", json: ["name": "Dan"])
        XCTAssertEqual(fourth.status, 403)
        XCTAssertEqual(try fourth.errorReason(),
                       "this account already keeps 3 players (deleted ones who played included), the most this server allows; nothing was saved")
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 3, "nothing was saved")

        let first = try client.request(.post, "/api/gathers", json: [:] as [String: Any])
        XCTAssertEqual(first.status, 201)
        let firstID = try XCTUnwrap(first.jsonObject()["id"] as? String)
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: [:] as [String: Any]).status, 201)
        let third = try client.request(.post, "/api/gathers", json: ["players": [["id": players[0], "team": "Team A"]]])
        XCTAssertEqual(third.status, 403)
        XCTAssertEqual(try third.errorReason(), "this account already keeps 2 gathers, the most this server allows; delete old ones first; nothing was saved")
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 2)
        // Sending one it already has again is no new gather.
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: ["id": firstID]).status, 200)

        let me = try client.request(.get, "/api/users/me").jsonObject()
        XCTAssertNotNil(me["username"] as? String, "the original fields stay")
        let usage = try XCTUnwrap(me["usage"] as? [String: Any])
        XCTAssertEqual(usage["players"] as? [String: Int], ["used": 3, "limit": 3])
        XCTAssertEqual(usage["gathers"] as? [String: Int], ["used": 2, "limit": 2])
        XCTAssertEqual(usage["places"] as? [String: Int], ["used": 0, "limit": 500_000])
        XCTAssertEqual(usage["playersPerGather"] as? Int, 200)

        // Deleting makes room again.
        XCTAssertEqual(try client.request(.delete, "/api/gathers/\(firstID)").status, 204)
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: [:] as [String: Any]).status, 201)
    }

    func testAnAccountKeepsAtMostItsPlacesInGathersOnEveryRoute() throws {
        let client = try start { $0.placesPerAccount = 3 }
        var players: [Int] = []
        for name in ["Ana", "Ben", "Cleo"] {
            players.append(try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int))
        }
        let whole = try client.request(.post, "/api/gathers", json: ["players": players.map { ["id": $0, "team": "Team A"] }])
        XCTAssertEqual(whole.status, 201, "three places: the limit, not past it")
        let id = try XCTUnwrap(whole.jsonObject()["id"] as? String)
        let moved = try client.request(.post, "/api/gathers/\(id)/players/\(players[0])", json: ["team": "Team B"])
        XCTAssertEqual(moved.status, 200, "moving a player takes no new place")

        let second = try client.request(.post, "/api/gathers", json: [:] as [String: Any])
        let secondID = try XCTUnwrap(second.jsonObject()["id"] as? String)
        let fourth = try client.request(.post, "/api/gathers/\(secondID)/players/\(players[1])", json: ["team": "Team A"])
        XCTAssertEqual(fourth.status, 403)
        XCTAssertEqual(try fourth.errorReason(), "this account's gathers already hold 3 places for players, the most this server allows; "
                       + "delete old gathers first; nothing was saved")
        let another = try client.request(.post, "/api/gathers", json: ["players": [["id": players[2], "team": "Bench"]]])
        XCTAssertEqual(another.status, 403, "a whole match is refused whole")
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 2, "nothing was saved")
        let usage = try XCTUnwrap(client.request(.get, "/api/users/me").jsonObject()["usage"] as? [String: Any])
        XCTAssertEqual(usage["places"] as? [String: Int], ["used": 3, "limit": 3])
    }

    func testAnAccountsChangesAreRateLimitedAndOthersAreNot() throws {
        let client = try start { limits in
            limits.writeBurst = 5
            limits.writesPerSecond = 2
        }
        let (other, _) = try server.registeredClient()
        for index in 0..<5 {
            XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "Player \(index)"]).status, 201)
        }
        let refused = try client.request(.post, "/api/players", json: ["name": "One too many"])
        XCTAssertEqual(refused.status, 429)
        XCTAssertEqual(refused.headers["Retry-After"], "1")
        XCTAssertEqual(try refused.errorReason(), "too many changes from this account; try again in 1 seconds")
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 5, "nothing was saved")
        XCTAssertEqual(try other.request(.post, "/api/players", json: ["name": "Someone else's"]).status, 201, "another account is not slowed")
        XCTAssertEqual(try client.request(.get, "/api/players").status, 200, "reads are not counted")

        clock.withLock { $0 += 0.5 }
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "After a wait"]).status, 201, "two a second come back")
        XCTAssertEqual(try client.request(.post, "/api/players", json: ["name": "Too soon"]).status, 429)
    }
}
