import Foundation
import HTTP
import XCTest

/// One match saved by two organisers (each on their own laptop, each with its own id): both are
/// kept, the later one held in question (`duplicateOf`) and counted nowhere, until the owner
/// deletes one of the two or says both were played.
final class MatchSavedTwiceTests: XCTestCase {
    private var server: TestServer!

    override func tearDown() {
        server?.stop()
    }

    /// A whole match as a laptop sends it. A side the test leaves empty gets a rival of its own
    /// (a new player each time, so two matches never share one by chance): a result needs both teams.
    private func match(_ players: [(Int, String)], score: String, winner: String, from start: String, to end: String,
                       via client: APIClient) throws -> [String: Any] {
        var players = players
        for side in ["Team A", "Team B"] where !players.contains(where: { $0.1 == side }) {
            let rival = try client.request(.post, "/api/players", json: ["name": "Rival \(UUID().uuidString.prefix(6))"])
            players.append((try XCTUnwrap(rival.jsonObject()["id"] as? Int), side))
        }
        return ["id": UUID().uuidString, "score": score, "winnerTeam": winner, "createdAt": start, "endedAt": end,
                "players": players.map { ["id": $0.0, "team": $0.1] }]
    }

    func testTheSameMatchSavedByTwoOrganisersIsKeptInQuestionUntilTheOwnerSettlesIt() throws {
        server = try TestServer()
        let (ana, group) = try server.registeredClient(username: "ana")
        let bob = try server.registeredClient(username: "bob").client
        let code = try XCTUnwrap(ana.request(.post, "/api/groups/\(group)/invites", json: ["role": "organiser"]).jsonObject()["code"] as? String)
        XCTAssertEqual(try bob.request(.post, "/api/invites/\(code)/accept").status, 200)
        var ids: [Int] = []
        for name in ["Ana", "Ben", "Cy", "Dee"] {
            ids.append(try XCTUnwrap(ana.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int))
        }
        let teams = [(ids[0], "Team A"), (ids[1], "Team A"), (ids[2], "Team B"), (ids[3], "Team B")]

        let anas = try match(teams, score: "3-2", winner: "Team A", from: "2026-11-19T20:00:00Z", to: "2026-11-19T21:00:00Z", via: ana)
        let saved = try ana.request(.post, "/api/gathers", json: anas)
        XCTAssertEqual(saved.status, 201, saved.text)
        XCTAssertNil(try saved.jsonObject()["duplicateOf"], "the first is simply a match")
        // Bob kept the score on his laptop, kicking off a few seconds later.
        let bobs = try match(teams, score: "3-3", winner: "None", from: "2026-11-19T20:00:07Z", to: "2026-11-19T21:00:02Z", via: ana)
        let again = try bob.request(.post, "/api/groups/\(group)/gathers", json: bobs)
        XCTAssertEqual(again.status, 201, "stored: nothing Bob saved is lost")
        XCTAssertEqual(try again.jsonObject()["duplicateOf"] as? String, anas["id"] as? String)
        let retried = try bob.request(.post, "/api/groups/\(group)/gathers", json: bobs)
        XCTAssertEqual(retried.status, 200)
        XCTAssertEqual(try retried.jsonObject()["duplicateOf"] as? String, anas["id"] as? String, "a retry finds it as it is")

        let history = try ana.request(.get, "/api/gathers?include=players").jsonArray()
        XCTAssertEqual(history.count, 2, "both visible")
        XCTAssertEqual(history.first?["duplicateOf"] as? String, anas["id"] as? String)
        let board = try ana.request(.get, "/api/stats/leaderboard").jsonArray()
        XCTAssertEqual(board.map { $0["played"] as? Int }, [1, 1, 1, 1], "counted once, not twice")
        let record = try ana.request(.get, "/api/players/\(ids[2])/stats").jsonObject()
        XCTAssertEqual(record["lost"] as? Int, 1)
        XCTAssertEqual(record["drawn"] as? Int, 0, "the match in question counts nowhere")

        // Friends on the share page see the match once, as it stands, until it is settled.
        let link = try XCTUnwrap(ana.request(.post, "/api/shares", json: ["name": "chat"]).jsonObject()["path"] as? String)
        let page = try ana.request(.get, link).text
        XCTAssertTrue(page.contains("Team A 3 – 2 Team B"), page)
        XCTAssertFalse(page.contains("Team A 3 – 3 Team B"), "the match in question is not shown to friends")

        // Only the owner says both were played.
        let bobsID = try XCTUnwrap(bobs["id"] as? String)
        let refused = try bob.request(.delete, "/api/groups/\(group)/gathers/\(bobsID)/duplicate")
        XCTAssertEqual(refused.status, 403, refused.text)
        XCTAssertEqual(try ana.request(.delete, "/api/gathers/\(bobsID)/duplicate").status, 204)
        XCTAssertEqual(try ana.request(.delete, "/api/gathers/\(bobsID)/duplicate").status, 204, "said again: nothing changes, the same answer")
        XCTAssertEqual(try ana.request(.delete, "/api/gathers/\(UUID().uuidString)/duplicate").status, 404, "no such gather")
        let both = try ana.request(.get, "/api/players/\(ids[2])/stats").jsonObject()
        XCTAssertEqual(both["played"] as? Int, 2, "both count once the owner says so")
        XCTAssertTrue(try ana.request(.get, link).text.contains("Team A 3 – 3 Team B"), "and friends see both")
    }

    func testDeletingTheOriginalLetsTheRepeatCount() throws {
        server = try TestServer()
        let ana = try server.registeredClient().client
        let id = try XCTUnwrap(ana.request(.post, "/api/players", json: ["name": "Ana"]).jsonObject()["id"] as? Int)
        let first = try match([(id, "Team A")], score: "1-0", winner: "Team A", from: "2026-11-19T20:00:00Z", to: "2026-11-19T21:00:00Z", via: ana)
        let second = try match([(id, "Team B")], score: "2-0", winner: "Team A", from: "2026-11-19T20:30:00Z", to: "2026-11-19T21:30:00Z", via: ana)
        XCTAssertEqual(try ana.request(.post, "/api/gathers", json: first).status, 201)
        XCTAssertNotNil(try ana.request(.post, "/api/gathers", json: second).jsonObject()["duplicateOf"], "an import of the same hour")
        let firstID = try XCTUnwrap(first["id"] as? String), secondID = try XCTUnwrap(second["id"] as? String)

        XCTAssertEqual(try ana.request(.delete, "/api/gathers/\(firstID)").status, 204)

        XCTAssertNil(try ana.request(.get, "/api/gathers/\(secondID)").jsonObject()["duplicateOf"])
        XCTAssertEqual(try ana.request(.get, "/api/players/\(id)/stats").jsonObject()["won"] as? Int, 0)
        XCTAssertEqual(try ana.request(.get, "/api/players/\(id)/stats").jsonObject()["lost"] as? Int, 1, "the one left counts")
    }

    func testDeletingTheOriginalOfTwoRepeatsLetsTheOldestCountAndTheOtherRepeatIt() throws {
        server = try TestServer()
        let ana = try server.registeredClient().client
        let id = try XCTUnwrap(ana.request(.post, "/api/players", json: ["name": "Ana"]).jsonObject()["id"] as? Int)
        let saves = try ["20:00:00", "20:00:05", "20:00:09"].map { start in
            try match([(id, "Team A")], score: "1-0", winner: "Team A", from: "2026-11-19T\(start)Z", to: "2026-11-19T21:00:00Z", via: ana)
        }
        for save in saves { XCTAssertEqual(try ana.request(.post, "/api/gathers", json: save).status, 201) }
        let ids = try saves.map { try XCTUnwrap($0["id"] as? String) }
        XCTAssertEqual(try ana.request(.get, "/api/gathers/\(ids[2])").jsonObject()["duplicateOf"] as? String, ids[0])

        XCTAssertEqual(try ana.request(.delete, "/api/gathers/\(ids[0])").status, 204)

        XCTAssertNil(try ana.request(.get, "/api/gathers/\(ids[1])").jsonObject()["duplicateOf"], "the oldest repeat counts now")
        XCTAssertEqual(try ana.request(.get, "/api/gathers/\(ids[2])").jsonObject()["duplicateOf"] as? String, ids[1],
                       "the other repeats it: one match still counts once")
        XCTAssertEqual(try ana.request(.get, "/api/players/\(id)/stats").jsonObject()["played"] as? Int, 1)
    }

    func testTheFirstResultOfAnUnfinishedGatherIsCheckedToo() throws {
        server = try TestServer()
        let ana = try server.registeredClient().client
        let id = try XCTUnwrap(ana.request(.post, "/api/players", json: ["name": "Ana"]).jsonObject()["id"] as? Int)
        let first = try match([(id, "Team A")], score: "1-0", winner: "Team A", from: "2026-11-19T20:00:00Z", to: "2026-11-19T21:00:00Z", via: ana)
        XCTAssertEqual(try ana.request(.post, "/api/gathers", json: first).status, 201)
        // Another laptop started the same match as an unfinished gather, then saved it whole.
        var resumed = try match([(id, "Team A")], score: "2-0", winner: "Team A", from: "2026-11-19T20:00:03Z", to: "2026-11-19T21:00:04Z", via: ana)
        XCTAssertEqual(try ana.request(.post, "/api/gathers", json: ["id": try XCTUnwrap(resumed["id"]), "createdAt": "2026-11-19T20:00:03Z"]).status, 201)
        resumed["createdAt"] = nil

        let saved = try ana.request(.post, "/api/gathers", json: resumed)

        XCTAssertEqual(saved.status, 200, saved.text)
        XCTAssertEqual(try saved.jsonObject()["duplicateOf"] as? String, first["id"] as? String)
    }

    func testMatchesOneAfterAnotherOrWithOtherPlayersAreNotRepeats() throws {
        server = try TestServer()
        let ana = try server.registeredClient().client
        var ids: [Int] = []
        for name in ["Ana", "Ben"] {
            ids.append(try XCTUnwrap(ana.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int))
        }
        let early = try match([(ids[0], "Team A")], score: "1-0", winner: "Team A", from: "2026-11-19T20:00:00Z", to: "2026-11-19T20:10:00Z", via: ana)
        // Winners stay on: the next match starts the second the last ended.
        let next = try match([(ids[0], "Team A")], score: "0-1", winner: "Team B", from: "2026-11-19T20:10:00Z", to: "2026-11-19T20:20:00Z", via: ana)
        // The next pitch, at the same time, other players.
        let beside = try match([(ids[1], "Team A")], score: "2-2", winner: "None", from: "2026-11-19T20:00:00Z", to: "2026-11-19T20:10:00Z", via: ana)
        for body in [early, next, beside] {
            let saved = try ana.request(.post, "/api/gathers", json: body)
            XCTAssertEqual(saved.status, 201, saved.text)
            XCTAssertNil(try saved.jsonObject()["duplicateOf"], saved.text)
        }
    }
}
