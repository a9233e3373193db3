import Foundation
import HTTP
import XCTest

/// Everything is scoped to its owner: another user's player or gather does not exist for you.
final class IsolationTests: XCTestCase {
    var server: InProcessAPI!

    override func setUpWithError() throws {
        server = try InProcessAPI()
    }

    override func tearDown() {
        server.stop()
    }

    func testAnotherUsersResourcesAreNotFound() throws {
        let (alice, _) = try server.registeredClient(username: "alice")
        let (bob, _) = try server.registeredClient(username: "bob")

        let alicePlayer = try XCTUnwrap(alice.request(.post, "/api/players", json: ["name": "A1"]).jsonObject()["id"] as? Int)
        let aliceGather = try XCTUnwrap(alice.request(.post, "/api/gathers").jsonObject()["id"] as? String)
        let bobPlayer = try XCTUnwrap(bob.request(.post, "/api/players", json: ["name": "B1"]).jsonObject()["id"] as? Int)
        let bobGather = try XCTUnwrap(bob.request(.post, "/api/gathers").jsonObject()["id"] as? String)

        // Lists hold only one's own.
        XCTAssertEqual(try bob.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }, ["B1"])
        XCTAssertEqual(try bob.request(.get, "/api/gathers").jsonArray().compactMap { $0["id"] as? String }, [bobGather])

        // Reads and writes of Alice's things by Bob are 404, and change nothing.
        XCTAssertEqual(try bob.request(.get, "/api/players/\(alicePlayer)").status, 404)
        XCTAssertEqual(try bob.request(.put, "/api/players/\(alicePlayer)", json: ["name": "Hacked"]).status, 404)
        XCTAssertEqual(try bob.request(.delete, "/api/players/\(alicePlayer)").status, 404)
        XCTAssertEqual(try bob.request(.get, "/api/players/\(alicePlayer)/gathers").status, 404)
        XCTAssertEqual(try bob.request(.get, "/api/gathers/\(aliceGather)").status, 404)
        XCTAssertEqual(try bob.request(.put, "/api/gathers/\(aliceGather)", json: ["score": "9-0", "winnerTeam": "Team A"]).status, 404)
        XCTAssertEqual(try bob.request(.get, "/api/gathers/\(aliceGather)/players").status, 404)
        XCTAssertEqual(try bob.request(.delete, "/api/gathers/\(aliceGather)").status, 404)

        // The original backend's gap: putting someone else's player in your gather, or yours in theirs.
        let foreignPlayer = try bob.request(.post, "/api/gathers/\(bobGather)/players/\(alicePlayer)", json: ["team": "Team A"])
        XCTAssertEqual(foreignPlayer.status, 404)
        XCTAssertEqual(try foreignPlayer.errorReason(), "player not found")
        let foreignGather = try bob.request(.post, "/api/gathers/\(aliceGather)/players/\(bobPlayer)", json: ["team": "Team A"])
        XCTAssertEqual(foreignGather.status, 404)
        XCTAssertEqual(try foreignGather.errorReason(), "gather not found")
        XCTAssertEqual(try bob.request(.delete, "/api/gathers/\(aliceGather)/players/\(alicePlayer)").status, 404)

        // Alice's data is intact.
        let player = try alice.request(.get, "/api/players/\(alicePlayer)").jsonObject()
        XCTAssertEqual(player["name"] as? String, "A1")
        let gather = try alice.request(.get, "/api/gathers/\(aliceGather)").jsonObject()
        XCTAssertTrue(gather["score"] is NSNull)

        // Bob deleting his account leaves Alice's data.
        XCTAssertEqual(try bob.request(.delete, "/api/users").status, 204)
        XCTAssertEqual(try alice.request(.get, "/api/players").jsonArray().count, 1)
        XCTAssertEqual(try alice.request(.get, "/api/gathers").jsonArray().count, 1)
    }
}
