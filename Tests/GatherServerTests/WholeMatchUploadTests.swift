import Foundation
import HTTP
import XCTest

/// `POST /api/gathers` with `players`: a match result and its teams as one unit, stored all or
/// nothing, idempotent by the gather id, with the times the match was really played.
final class WholeMatchUploadTests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!

    override func setUpWithError() throws {
        server = try InProcessAPI()
        client = try server.registeredClient().client
    }

    override func tearDown() {
        server.stop()
    }

    private func addPlayer(_ name: String) throws -> Int {
        try XCTUnwrap(try client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
    }

    private func match(_ id: String, _ players: [(Int, String)], score: String = "3-2", winner: String = "Team A") -> [String: Any] {
        ["id": id, "score": score, "winnerTeam": winner, "createdAt": "2026-11-21T18:00:00Z", "endedAt": "2026-11-21T19:02:00Z",
         "players": players.map { ["id": $0.0, "team": $0.1] }]
    }

    func testAWholeMatchIsStoredWithItsTeamsAndRealTimes() throws {
        let (ana, ben, cy) = (try addPlayer("Ana"), try addPlayer("Ben"), try addPlayer("Cy"))
        let id = UUID().uuidString

        let response = try client.request(.post, "/api/gathers", json: match(id, [(ana, "Team A"), (ben, "Team B"), (cy, "Bench")]))

        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.headers["Location"], "/api/gathers/\(id)")
        let body = try response.jsonObject()
        XCTAssertEqual(body["createdAt"] as? String, "2026-11-21T18:00:00Z", "kick-off, not the upload")
        XCTAssertEqual(body["endedAt"] as? String, "2026-11-21T19:02:00Z")
        let answered = try XCTUnwrap(body["players"] as? [[String: Any]])
        XCTAssertEqual(answered.compactMap { $0["team"] as? String }, ["Team A", "Team B", "Bench"])
        let stored = try client.request(.get, "/api/gathers/\(id)/players").jsonArray()
        XCTAssertEqual(stored.compactMap { $0["name"] as? String }, ["Ana", "Ben", "Cy"])
    }

    func testAnUnknownPlayerRefusesTheWholeMatchAndNamesThem() throws {
        let ana = try addPlayer("Ana")
        let ben = try addPlayer("Ben")
        XCTAssertEqual(try client.request(.delete, "/api/players/\(ben)").status, 204, "never played: deleted for good")
        let (stranger, _) = try server.registeredClient()
        let strangers = try XCTUnwrap(try stranger.request(.post, "/api/players", json: ["name": "Zed"]).jsonObject()["id"] as? Int)
        let id = UUID().uuidString

        let refused = try client.request(.post, "/api/gathers", json: match(id, [(ana, "Team A"), (ben, "Team B"), (strangers, "Team B")]))

        XCTAssertEqual(refused.status, 404)
        XCTAssertEqual(try refused.errorReason(), "players \(ben), \(strangers) not found; nothing was saved")
        XCTAssertEqual(try refused.jsonObject()["playerIds"] as? [Int], [ben, strangers])
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(id)").status, 404, "no half match")
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 0)
        XCTAssertEqual(try client.request(.get, "/api/stats/leaderboard").status, 200)
        XCTAssertEqual(try client.request(.get, "/api/players/\(ana)/stats").jsonObject()["played"] as? Int, 0, "counts nowhere")
    }

    func testAPlayerRetiredSinceStillPlaysInTheMatchTheyPlayed() throws {
        let (ana, ben) = (try addPlayer("Ana"), try addPlayer("Ben"))
        _ = try client.request(.post, "/api/gathers", json: match(UUID().uuidString, [(ana, "Team A"), (ben, "Team B")]))
        XCTAssertEqual(try client.request(.delete, "/api/players/\(ben)").status, 204, "played: retired")

        let late = try client.request(.post, "/api/gathers", json: match(UUID().uuidString, [(ana, "Team A"), (ben, "Team B")], score: "0-1",
                                                                         winner: "Team B"))

        XCTAssertEqual(late.status, 201)
        let players = try XCTUnwrap(try late.jsonObject()["players"] as? [[String: Any]])
        XCTAssertEqual(players.last?["retired"] as? Bool, true)
    }

    func testUploadingAgainIsIdempotentAndCompletesAHalfUpload() throws {
        let (ana, ben) = (try addPlayer("Ana"), try addPlayer("Ben"))
        let id = UUID().uuidString
        // What an interrupted upload of the per-player kind leaves: the gather, Team A only.
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: ["id": id, "score": "1-0", "winnerTeam": "Team A"]).status, 201)
        XCTAssertEqual(try client.request(.post, "/api/gathers/\(id)/players/\(ana)", json: ["team": "Team B"]).status, 200)

        let whole = try client.request(.post, "/api/gathers", json: match(id, [(ana, "Team A"), (ben, "Team B")]))
        let again = try client.request(.post, "/api/gathers", json: match(id, [(ana, "Team A"), (ben, "Team B")]))

        XCTAssertEqual(whole.status, 200)
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(again.body, whole.body, "a retry changes nothing")
        let body = try whole.jsonObject()
        XCTAssertEqual(body["score"] as? String, "3-2")
        XCTAssertEqual(body["createdAt"] as? String, "2026-11-21T18:00:00Z")
        let stored = try client.request(.get, "/api/gathers/\(id)/players").jsonArray()
        XCTAssertEqual(stored.map { "\($0["name"] ?? "") \($0["team"] ?? "")" }, ["Ana Team A", "Ben Team B"])
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 1)
    }

    func testBadPlayerListsAreRefusedWithAReason() throws {
        let ana = try addPlayer("Ana")
        let cases: [(Any, String)] = [
            ([["id": ana, "team": "Team A"], ["id": ana, "team": "Team B"]], "players lists player \(ana) twice"),
            ([["team": "Team A"]], "players needs an id for every player"),
            ([["id": ana]], "players needs a team for every player"),
            ([["id": 0, "team": "Team A"]], "players ids are whole numbers from 1"),
            ([["id": ana, "team": "Team C"]], "team must be one of \"Team A\", \"Team B\", \"Bench\""),
            (Array(repeating: ["id": ana, "team": "Team A"], count: 201), "players can list at most 200 players"),
        ]
        for (players, reason) in cases {
            let response = try client.request(.post, "/api/gathers", json: ["players": players])
            XCTAssertEqual(response.status, 400, reason)
            XCTAssertEqual(try response.errorReason(), reason)
        }
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 0)
    }

    func testAResultSentWithItsPlayersNeedsBothTeamsButTheOriginalFlowStillWorks() throws {
        let (ana, ben, cy) = (try addPlayer("Ana"), try addPlayer("Ben"), try addPlayer("Cy"))
        let cases: [([[String: Any]], String)] = [
            ([["id": ana, "team": "Team A"], ["id": ben, "team": "Team A"]], "Team B"),
            ([["id": ana, "team": "Team B"], ["id": cy, "team": "Bench"]], "Team A"),
            ([], "Team A"),
        ]
        for (players, empty) in cases {
            let response = try client.request(.post, "/api/gathers", json: ["score": "2-0", "winnerTeam": "Team A", "players": players])
            XCTAssertEqual(response.status, 400, response.text)
            XCTAssertEqual(try response.errorReason(), "players a match with a score needs a player on each team (none on \(empty))")
        }
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 0, "nothing was saved")

        // Teams still being picked, with no result yet, may be one-sided for now.
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: ["players": [["id": ana, "team": "Team A"]]]).status, 201)
        // The original client: the result first, then the players one by one.
        let original = try client.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A"])
        XCTAssertEqual(original.status, 201, original.text)
        let id = try XCTUnwrap(try original.jsonObject()["id"] as? String)
        XCTAssertEqual(try client.request(.post, "/api/gathers/\(id)/players/\(ana)", json: ["team": "Team A"]).status, 200)
    }

    func testTheOriginalShapeAnswersAsBefore() throws {
        let body = try client.request(.post, "/api/gathers", json: ["score": "1-1", "winnerTeam": "None"]).jsonObject()
        XCTAssertNil(body["players"], "no players field unless they were sent")
    }

    func testAPlayerDeletedBeforeTheMatchWasPlayedCannotBeInIt() throws {
        let (ana, ben) = (try addPlayer("Ana"), try addPlayer("Ben"))
        _ = try client.request(.post, "/api/gathers", json: match(UUID().uuidString, [(ana, "Team A"), (ben, "Team B")]))
        XCTAssertEqual(try client.request(.delete, "/api/players/\(ben)").status, 204, "played: retired, now")

        // A stale roster on another laptop: a match played after the deletion.
        let later = try client.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A",
                                                                     "players": [["id": ana, "team": "Team A"], ["id": ben, "team": "Team B"]]])

        XCTAssertEqual(later.status, 404)
        XCTAssertEqual(try later.jsonObject()["playerIds"] as? [Int], [ben])
    }

    func testAResumedGatherSentAgainWithoutDatesEndsNowNotWhenItWasSetUp() throws {
        let (ana, ben) = (try addPlayer("Ana"), try addPlayer("Ben"))
        let id = UUID().uuidString
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: ["id": id, "createdAt": "2026-11-01T10:00:00Z"]).status, 201)

        let ended = try client.request(.post, "/api/gathers", json: ["id": id, "score": "2-0", "winnerTeam": "Team A",
                                                                     "players": [["id": ana, "team": "Team A"], ["id": ben, "team": "Team B"]]])
            .jsonObject()

        XCTAssertEqual(ended["createdAt"] as? String, "2026-11-01T10:00:00Z")
        let endedAt = try XCTUnwrap((ended["endedAt"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
        XCTAssertLessThan(abs(endedAt.timeIntervalSinceNow), 60, "ended when its result came, like PUT")
    }

    func testPlayersDeletedSinceKeepTheirPlaceInTheMatchesTheyPlayed() throws {
        let (ana, ben, cy) = (try addPlayer("Ana"), try addPlayer("Ben"), try addPlayer("Cy"))
        let id = UUID().uuidString
        _ = try client.request(.post, "/api/gathers", json: match(id, [(ana, "Team A"), (ben, "Team B")]))
        XCTAssertEqual(try client.request(.delete, "/api/players/\(ben)").status, 204, "played: retired")

        XCTAssertEqual(try client.request(.get, "/api/players/\(ben)/stats").status, 404, "off the roster: 404 like his other routes")
        let removal = try client.request(.delete, "/api/gathers/\(id)/players/\(ben)")
        XCTAssertEqual(removal.status, 409)
        XCTAssertEqual(try removal.errorReason(), "a player deleted since keeps their place in the matches they played")

        // Sent again without him (or with him on the other side): his place stays as it was.
        let resent = try client.request(.post, "/api/gathers", json: match(id, [(ana, "Team A"), (cy, "Team B")]))
        XCTAssertEqual(resent.status, 200)
        let moved = try client.request(.post, "/api/gathers", json: match(id, [(ana, "Team A"), (cy, "Team B"), (ben, "Team A")]))
        XCTAssertEqual(moved.status, 200)
        let stored = try client.request(.get, "/api/gathers/\(id)/players").jsonArray()
        XCTAssertEqual(stored.map { "\($0["name"] ?? "") \($0["team"] ?? "")" }, ["Ana Team A", "Ben Team B", "Cy Team B"])
    }
}
