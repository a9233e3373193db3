import Foundation
import HTTP
import XCTest

/// What the API keeps so no result is lost and every match can be seen again: client-chosen
/// gather ids that make uploads idempotent, when a gather ended, and players retired instead of
/// erased from past matches.
final class HistoryKeepingTests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!

    override func setUpWithError() throws {
        server = try InProcessAPI()
        client = try server.registeredClient().client
    }

    override func tearDown() {
        server.stop()
    }

    func testAnUploadRetriedWithItsIDMakesOneGather() throws {
        let id = UUID().uuidString
        let body: [String: Any] = ["id": id, "score": "3-2", "winnerTeam": "Team A"]
        let first = try client.request(.post, "/api/gathers", json: body)
        XCTAssertEqual(first.status, 201)
        XCTAssertEqual(first.headers["Location"], "/api/gathers/\(id)")
        let retry = try client.request(.post, "/api/gathers", json: body)
        XCTAssertEqual(retry.status, 200, "the same gather, not a second one")
        XCTAssertEqual(retry.body, first.body)
        XCTAssertEqual(retry.headers["Location"], "/api/gathers/\(id)")
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 1)

        // Lower case is the same id. Another account's gather with the same id is its own: made,
        // without saying that this one exists, and each account sees only its own.
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: ["id": id.lowercased()]).status, 200)
        let (stranger, _) = try server.registeredClient()
        let theirs = try stranger.request(.post, "/api/gathers", json: ["id": id, "score": "0-1", "winnerTeam": "Team B"])
        XCTAssertEqual(theirs.status, 201, theirs.text)
        XCTAssertEqual(try stranger.request(.get, "/api/gathers/\(id)").jsonObject()["score"] as? String, "0-1")
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(id)").jsonObject()["score"] as? String, "3-2")
        XCTAssertEqual(try stranger.request(.delete, "/api/gathers/\(id)").status, 204)
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(id)").status, 200, "only the stranger's went")
        let malformed = try client.request(.post, "/api/gathers", json: ["id": "not-a-uuid"])
        XCTAssertEqual(malformed.status, 400)
        XCTAssertEqual(try malformed.errorReason(), "id must be a UUID")
        // The original shapes still work: no body, {}, a result without an id.
        XCTAssertEqual(try client.request(.post, "/api/gathers").status, 201)
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: [:]).status, 201)
    }

    func testEndedAtIsNullUntilTheFirstResult() throws {
        let created = try client.request(.post, "/api/gathers").jsonObject()
        let id = try XCTUnwrap(created["id"] as? String)
        XCTAssertTrue(created["endedAt"] is NSNull)
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(id)", json: ["score": "1-1", "winnerTeam": "None"]).status, 204)
        let ended = try client.request(.get, "/api/gathers/\(id)").jsonObject()
        let endedAt = try XCTUnwrap(ended["endedAt"] as? String)
        XCTAssertNotNil(ISO8601DateFormatter().date(from: endedAt), endedAt)
        XCTAssertEqual(ended["createdAt"] as? String, created["createdAt"] as? String)
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(id)", json: ["score": "2-1", "winnerTeam": "Team A"]).status, 204)
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(id)").jsonObject()["endedAt"] as? String, endedAt,
                       "correcting a score keeps when the match ended")
        let withResult = try client.request(.post, "/api/gathers", json: ["score": "0-0", "winnerTeam": "None"]).jsonObject()
        XCTAssertEqual(withResult["endedAt"] as? String, withResult["createdAt"] as? String)
    }

    func testDeletingAPlayerWhoPlayedKeepsTheirMatches() throws {
        var ids: [Int] = []
        for name in ["Ana", "Ben", "Cy", "Di", "Ed"] {
            ids.append(try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int))
        }
        let gather = try XCTUnwrap(client.request(.post, "/api/gathers", json: ["score": "3-2", "winnerTeam": "Team A"])
            .jsonObject()["id"] as? String)
        for (index, id) in ids.enumerated() {
            let team = index < 3 ? "Team A" : "Team B"
            XCTAssertEqual(try client.request(.post, "/api/gathers/\(gather)/players/\(id)", json: ["team": team]).status, 200)
        }
        let newcomer = try XCTUnwrap(client.request(.post, "/api/players", json: ["name": "Fay"]).jsonObject()["id"] as? Int)

        XCTAssertEqual(try client.request(.delete, "/api/players/\(ids[0])").status, 204)
        XCTAssertEqual(try client.request(.delete, "/api/players/\(newcomer)").status, 204)

        // Off the roster, as a deleted player always was.
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }, ["Ben", "Cy", "Di", "Ed"])
        XCTAssertEqual(try client.request(.get, "/api/players/\(ids[0])").status, 404)
        XCTAssertEqual(try client.request(.put, "/api/players/\(ids[0])", json: ["name": "Back"]).status, 404)
        XCTAssertEqual(try client.request(.delete, "/api/players/\(ids[0])").status, 404)
        XCTAssertEqual(try client.request(.post, "/api/gathers/\(gather)/players/\(ids[0])", json: ["team": "Bench"]).status, 404)
        // But the match is still 3 v 2 and still 3-2.
        let players = try client.request(.get, "/api/gathers/\(gather)/players").jsonArray()
        XCTAssertEqual(players.compactMap { $0["name"] as? String }, ["Ana", "Ben", "Cy", "Di", "Ed"])
        XCTAssertEqual(players.filter { $0["team"] as? String == "Team A" }.count, 3)
        XCTAssertEqual(players.compactMap { $0["retired"] as? Bool }, [true, false, false, false, false])
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(gather)").jsonObject()["score"] as? String, "3-2")
    }
}
