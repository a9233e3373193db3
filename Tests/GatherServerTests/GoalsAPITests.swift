import Foundation
import HTTP
import XCTest

/// A match keeps its goals: who scored, who made it, the minute and own goals, in the order they
/// came. The score follows them, a score alone stays valid, and the scorers' table counts them.
final class GoalsAPITests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!
    var ana = 0, ben = 0, cy = 0, dan = 0

    override func setUpWithError() throws {
        server = try InProcessAPI()
        client = try server.registeredClient().client
        (ana, ben, cy, dan) = (try addPlayer("Ana"), try addPlayer("Ben"), try addPlayer("Cy"), try addPlayer("Dan"))
    }

    override func tearDown() {
        server.stop()
    }

    private func addPlayer(_ name: String) throws -> Int {
        try XCTUnwrap(try client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
    }

    private func goal(_ team: String, _ scorer: Int?, assist: Int? = nil, minute: Int? = nil, own: Bool = false) -> [String: Any] {
        ["team": team, "scorer": scorer as Any? ?? NSNull(), "assist": assist as Any? ?? NSNull(),
         "minute": minute as Any? ?? NSNull(), "ownGoal": own]
    }

    /// Ana and Ben on Team A, Cy and Dan on Team B.
    private func match(_ id: String = UUID().uuidString, score: String? = "2-1", winner: String? = "Team A",
                       goals: [[String: Any]]?, at kickOff: String = "2026-11-21T18:00:00Z") -> [String: Any] {
        var body: [String: Any] = ["id": id, "createdAt": kickOff, "endedAt": "2026-11-21T19:00:00Z",
                                   "players": [["id": ana, "team": "Team A"], ["id": ben, "team": "Team A"],
                                               ["id": cy, "team": "Team B"], ["id": dan, "team": "Team B"]]]
        if let score { body["score"] = score }
        if let winner { body["winnerTeam"] = winner }
        if let goals { body["goals"] = goals }
        return body
    }

    private var twoOne: [[String: Any]] {
        [goal("Team A", ana, assist: ben, minute: 3), goal("Team B", cy, minute: 20), goal("Team A", ben, minute: 41)]
    }

    func testAMatchKeepsItsGoalsInOrderAndTheScorersTableCountsThem() throws {
        let id = UUID().uuidString
        let created = try client.request(.post, "/api/gathers", json: match(id, score: "2-1", goals: twoOne))
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual((try created.jsonObject()["goals"] as? [[String: Any]])?.count, 3)

        let stored = try client.request(.get, "/api/gathers/\(id)").jsonObject()
        let goals = try XCTUnwrap(stored["goals"] as? [[String: Any]])
        XCTAssertEqual(goals.compactMap { $0["scorer"] as? Int }, [ana, cy, ben])
        XCTAssertEqual(goals.map { $0["assist"] as? Int }, [ben, nil, nil])
        XCTAssertEqual(goals.compactMap { $0["minute"] as? Int }, [3, 20, 41])
        XCTAssertEqual(goals.compactMap { $0["team"] as? String }, ["Team A", "Team B", "Team A"])
        XCTAssertEqual(goals.compactMap { $0["ownGoal"] as? Bool }, [false, false, false])

        let scorers = try client.request(.get, "/api/stats/scorers").jsonArray()
        XCTAssertEqual(scorers.compactMap { $0["name"] as? String }, ["Ben", "Ana", "Cy"], "goals, then assists, then name")
        XCTAssertEqual(scorers.compactMap { $0["goals"] as? Int }, [1, 1, 1])
        XCTAssertEqual(scorers.compactMap { $0["assists"] as? Int }, [1, 0, 0])
        XCTAssertEqual(scorers.compactMap { $0["matches"] as? Int }, [1, 1, 1])
        XCTAssertEqual(scorers.first?["playerId"] as? Int, ben)

        let record = try client.request(.get, "/api/players/\(ben)/stats").jsonObject()
        XCTAssertEqual(record["goals"] as? Int, 1)
        XCTAssertEqual(record["assists"] as? Int, 1)
        XCTAssertEqual(record["goalsPerMatch"] as? Double, 1.0)
        XCTAssertEqual(try client.request(.get, "/api/players/\(dan)/stats").jsonObject()["goals"] as? Int, 0)
    }

    func testGoalsThatContradictTheScoreAreRefusedNamingBothAndNothingIsSaved() throws {
        let id = UUID().uuidString
        let refused = try client.request(.post, "/api/gathers", json: match(id, score: "3-1", goals: twoOne))

        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(try refused.errorReason(), "goals add up to 2-1 but the score is 3-1")
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(id)").status, 404)
    }

    func testWithoutAScoreTheGoalsGiveIt() throws {
        let id = UUID().uuidString
        let created = try client.request(.post, "/api/gathers", json: match(id, score: nil, winner: nil, goals: twoOne))

        XCTAssertEqual(created.status, 201)
        let body = try created.jsonObject()
        XCTAssertEqual(body["score"] as? String, "2-1")
        XCTAssertEqual(body["winnerTeam"] as? String, "Team A")
    }

    func testScorersMustHavePlayedOnTheSideTheGoalSays() throws {
        let stranger = try addPlayer("Eve")
        let cases: [([String: Any], String)] = [
            (goal("Team A", stranger), "goals name player \(stranger) as a scorer, who did not play in this match"),
            (goal("Team A", cy), "goals give player \(cy) of Team B a goal for Team A"),
            (goal("Team A", ana, assist: dan), "goals give player \(dan) of Team B an assist for Team A"),
            (goal("Team A", ana, own: true), "goals give player \(ana) of Team A an own goal for Team A"),
            (goal("Team A", ana, assist: ana), "goals has player \(ana) assisting their own goal"),
            (goal("Team A", cy, assist: ana, own: true), "goals gives an own goal no assist"),
            (goal("Bench", ana), "goals needs a team for every goal, \"Team A\" or \"Team B\""),
            (goal("Team A", ana, minute: 1000), "goals gives a minute as a whole number from 0 to 999, or null"),
        ]
        for (goal, reason) in cases {
            let refused = try client.request(.post, "/api/gathers", json: match(score: "1-0", goals: [goal]))
            XCTAssertEqual(refused.status, 400, reason)
            XCTAssertEqual(try refused.errorReason(), reason)
        }
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 0)

        let own = try client.request(.post, "/api/gathers", json: match(score: "1-0", goals: [goal("Team A", cy, own: true)]))
        XCTAssertEqual(own.status, 201, "an own goal for Team A by a player of Team B")
        let scorers = try client.request(.get, "/api/stats/scorers").jsonArray()
        XCTAssertTrue(scorers.isEmpty, "an own goal is nobody's goal: \(scorers)")
    }

    func testScorersNeedTheMatchsPlayers() throws {
        let refused = try client.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A", "goals": [goal("Team A", ana)]])
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(try refused.errorReason(), "goals name scorers and assists only with the match's players")

        let unnamed = try client.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A", "goals": [goal("Team A", nil)]])
        XCTAssertEqual(unnamed.status, 201, "a goal whose scorer is filled in later")
    }

    func testACorrectionReplacesTheGoalsAndTheScoreFollowsThemThroughIfMatch() throws {
        let id = UUID().uuidString
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: match(id, score: "2-1", goals: twoOne)).status, 201)
        let read = try client.request(.get, "/api/gathers/\(id)")
        let version = try XCTUnwrap(read.headers["ETag"])

        var corrected = twoOne
        corrected.append(goal("Team B", dan, assist: cy, minute: 49))
        let changed = try client.request(.put, "/api/gathers/\(id)", json: ["goals": corrected], headers: ["If-Match": version])
        XCTAssertEqual(changed.status, 204)

        let after = try client.request(.get, "/api/gathers/\(id)").jsonObject()
        XCTAssertEqual(after["score"] as? String, "2-2")
        XCTAssertEqual(after["winnerTeam"] as? String, "None")
        XCTAssertEqual((after["goals"] as? [[String: Any]])?.compactMap { $0["scorer"] as? Int }, [ana, cy, ben, dan])

        let stale = try client.request(.put, "/api/gathers/\(id)", json: ["goals": twoOne], headers: ["If-Match": version])
        XCTAssertEqual(stale.status, 412, "the goals are part of the version a correction is made against")
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(id)").jsonObject()["score"] as? String, "2-2")

        let contradicting = try client.request(.put, "/api/gathers/\(id)", json: ["score": "5-0", "winnerTeam": "Team A", "goals": twoOne])
        XCTAssertEqual(contradicting.status, 400)
        XCTAssertEqual(try contradicting.errorReason(), "goals add up to 2-1 but the score is 5-0")

        let wrongSide = try client.request(.put, "/api/gathers/\(id)", json: ["goals": [goal("Team A", dan)]])
        XCTAssertEqual(wrongSide.status, 400)
        XCTAssertEqual(try wrongSide.errorReason(), "goals give player \(dan) of Team B a goal for Team A")
    }

    func testAnOldClientsScoreAloneKeepsWorking() throws {
        // A match without goals: corrected as ever.
        let plain = UUID().uuidString
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: match(plain, score: "1-0", goals: nil)).status, 201)
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(plain)", json: ["score": "2-0", "winnerTeam": "Team A"]).status, 204)
        let listed = try client.request(.get, "/api/gathers").jsonArray()
        XCTAssertNil(listed.first?["goals"], "the original list is as it was")
        XCTAssertEqual((try client.request(.get, "/api/gathers/\(plain)").jsonObject()["goals"] as? [Any])?.count, 0,
                       "a score without goals")

        // A match with goals: a score that still agrees keeps them; one that does not is refused, and nothing is lost.
        let scored = UUID().uuidString
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: match(scored, score: "2-1", goals: twoOne)).status, 201)
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(scored)", json: ["score": "2-1", "winnerTeam": "Team A"]).status, 204)
        let refused = try client.request(.put, "/api/gathers/\(scored)", json: ["score": "3-1", "winnerTeam": "Team A"])
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(try refused.errorReason(), "this match's goals add up to 2-1 but the score sent is 3-1: "
                       + "send its goals with the score, or \"goals\": [] to clear them")
        let kept = try client.request(.get, "/api/gathers/\(scored)").jsonObject()
        XCTAssertEqual(kept["score"] as? String, "2-1")
        XCTAssertEqual((kept["goals"] as? [[String: Any]])?.count, 3)

        let cleared = try client.request(.put, "/api/gathers/\(scored)", json: ["score": "3-1", "winnerTeam": "Team A", "goals": [Any]()])
        XCTAssertEqual(cleared.status, 204)
        XCTAssertEqual((try client.request(.get, "/api/gathers/\(scored)").jsonObject()["goals"] as? [Any])?.count, 0)
    }

    func testTheScorersTableCountsOnlyCountedMatchesAndPlayersOnTheRoster() throws {
        let counted = UUID().uuidString
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: match(counted, score: "2-1", goals: twoOne)).status, 201)
        // The same match saved again from another laptop is held in question: counted nowhere.
        let repeated = try client.request(.post, "/api/gathers", json: match(score: "2-1", goals: twoOne, at: "2026-11-21T18:05:00Z"))
        XCTAssertNotNil(try repeated.jsonObject()["duplicateOf"])
        XCTAssertEqual(try client.request(.get, "/api/stats/scorers").jsonArray().first?["goals"] as? Int, 1)

        XCTAssertEqual(try client.request(.delete, "/api/players/\(ben)").status, 204)
        let names = try client.request(.get, "/api/stats/scorers").jsonArray().compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["Ana", "Cy"], "a player deleted from the roster leaves the table")
        XCTAssertEqual((try client.request(.get, "/api/gathers/\(counted)").jsonObject()["goals"] as? [[String: Any]])?.count, 3,
                       "their goal stays in the match")

        XCTAssertEqual(try client.request(.delete, "/api/gathers/\(counted)").status, 204)
        let after = try client.request(.get, "/api/stats/scorers").jsonArray()
        XCTAssertEqual(after.compactMap { $0["name"] as? String }, ["Ana", "Cy"], "the repeat counts once the first is gone")

        let refused = try client.request(.get, "/api/stats/scorers?top=3")
        XCTAssertEqual(refused.status, 400)
    }

    func testNoSideGetsMoreThan999GoalsAndAMatchSentAgainWithoutItsGoalsIsRefused() throws {
        let id = UUID().uuidString
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: match(id, score: "2-1", goals: twoOne)).status, 201)
        let flood = Array(repeating: ["team": "Team A"] as [String: Any], count: 1000)
        let refused = try client.request(.put, "/api/gathers/\(id)", json: ["score": "1-0", "winnerTeam": "Team A", "goals": flood])
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(try refused.errorReason(), "goals give a side more than 999 goals")

        // An original client sends the whole match again, without goals, with another score.
        let again = try client.request(.post, "/api/gathers", json: match(id, score: "3-1", goals: nil))
        XCTAssertEqual(again.status, 409)
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(id)").jsonObject()["score"] as? String, "2-1", "nothing changed")
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: match(id, score: "2-1", goals: nil)).status, 200,
                       "the same score again: its goals still add up")
    }

    func testAHistoryPageCarriesEachMatchsGoals() throws {
        let id = UUID().uuidString
        XCTAssertEqual(try client.request(.post, "/api/gathers", json: match(id, score: "2-1", goals: twoOne)).status, 201)
        let page = try client.request(.get, "/api/gathers?include=players").jsonArray()
        XCTAssertEqual((page.first?["goals"] as? [[String: Any]])?.count, 3)
        XCTAssertNil(try client.request(.get, "/api/gathers?limit=5").jsonArray().first?["goals"], "a page without players has none")
    }
}
