import Foundation
import HTTP
import XCTest

/// Man of the match: the players who played vote from their personal links for the group's
/// window after the result is saved; the tally stays hidden until it closes; ties share it,
/// nobody wins without votes; an organiser may choose instead; a player taken out of the match
/// loses their vote.
final class ManOfTheMatchAPITests: XCTestCase {
    private var server: InProcessAPI!
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-26T11:00:00Z")!)
    private var organiser: APIClient!
    /// The organiser's own group (its id is theirs).
    private var group = ""
    private var ana = 0, ben = 0, cy = 0, dan = 0, eve = 0

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        server = try InProcessAPI(options: options)
        (organiser, group) = try server.registeredClient()
        (ana, ben, cy, dan, eve) = (try add("Ana"), try add("Ben"), try add("Cy"), try add("Dan"), try add("Eve"))
    }

    override func tearDown() {
        server?.stop()
    }

    private func add(_ name: String) throws -> Int {
        try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
    }

    /// Ana and Ben beat Cy and Dan 2–1; Eve sat on the bench.
    private func match() throws -> String {
        let players: [[String: Any]] = [["id": ana, "team": "Team A"], ["id": ben, "team": "Team A"], ["id": cy, "team": "Team B"],
                                        ["id": dan, "team": "Team B"], ["id": eve, "team": "Bench"]]
        let saved = try organiser.request(.post, "/api/gathers", json: ["score": "2-1", "winnerTeam": "Team A",
                                                                        "createdAt": "2026-11-25T18:00:00Z", "players": players])
        XCTAssertEqual(saved.status, 201, saved.text)
        return try XCTUnwrap(saved.jsonObject()["id"] as? String)
    }

    private func link(_ player: Int) throws -> String {
        let made = try organiser.request(.post, "/api/players/\(player)/link")
        XCTAssertEqual(made.status, 201, made.text)
        return try XCTUnwrap(made.jsonObject()["path"] as? String)
    }

    private func vote(_ path: String, in match: String, for player: Int) throws -> ReceivedResponse {
        try server.client(token: nil).request(.post, "\(path)/matches/\(match)/vote", rawBody: "player=\(player)",
                                              headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    private func standing(_ match: String) throws -> [String: Any] {
        let read = try organiser.request(.get, "/api/gathers/\(match)/man-of-the-match")
        XCTAssertEqual(read.status, 200, read.text)
        return try read.jsonObject()
    }

    private func winners(_ match: String) throws -> [String] {
        (try standing(match)["winners"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    func testThePlayersVoteTheTallyStaysHiddenAndATieIsShared() throws {
        let id = try match()
        let opened = try standing(id)
        XCTAssertEqual(opened["state"] as? String, "open")
        XCTAssertEqual(opened["closesAt"] as? String, "2026-11-28T11:00:00Z", "48 hours after the result was saved")
        XCTAssertEqual(opened["votesCast"] as? Int, 0)

        let (anas, bens, cys, dans) = (try link(ana), try link(ben), try link(cy), try link(dan))
        let first = try vote(anas, in: id, for: ben)
        XCTAssertEqual(first.status, 303, first.text)
        XCTAssertTrue(first.headers["Location"]?.lowercased().hasSuffix("#match-\(id.lowercased())") ?? false, first.headers["Location"] ?? "")
        XCTAssertEqual(try vote(anas, in: id, for: cy).status, 303, "a vote may be changed while open: still one vote")
        XCTAssertEqual(try vote(bens, in: id, for: cy).status, 303)
        XCTAssertEqual(try vote(cys, in: id, for: ana).status, 303)
        XCTAssertEqual(try vote(dans, in: id, for: ana).status, 303)

        let open = try standing(id)
        XCTAssertEqual(open["state"] as? String, "open")
        XCTAssertEqual(open["votesCast"] as? Int, 4)
        XCTAssertEqual((open["winners"] as? [Any])?.count, 0, "nobody is shown ahead while the vote is open")
        let page = try server.client(token: nil).request(.get, anas).text
        XCTAssertTrue(page.contains("You voted for <bdi>Cy</bdi>") || page.contains("You voted for Cy"), page)
        XCTAssertTrue(page.contains("4 votes so far"))
        XCTAssertFalse(page.contains("2 votes each"))
        XCTAssertEqual(try organiser.request(.get, "/api/stats/leaderboard").jsonArray().compactMap { $0["manOfTheMatch"] as? Int }, [0, 0, 0, 0])

        clock.advance(by: 48 * 3600)
        let late = try vote(bens, in: id, for: dan)
        XCTAssertEqual(late.status, 409)
        XCTAssertTrue(late.text.contains("he vote for this match closed on Sat 28 Nov, 11:00 UTC"), late.text)
        let closed = try standing(id)
        XCTAssertEqual(closed["state"] as? String, "closed")
        XCTAssertEqual(try winners(id), ["Ana", "Cy"], "two votes each: shared")
        XCTAssertEqual((closed["winners"] as? [[String: Any]])?.compactMap { $0["votes"] as? Int }, [2, 2])

        let table = try organiser.request(.get, "/api/stats/leaderboard").jsonArray()
        let awards = Dictionary(uniqueKeysWithValues: table.compactMap { row in (row["name"] as? String).map { ($0, row["manOfTheMatch"] as? Int ?? -1) } })
        XCTAssertEqual(awards, ["Ana": 1, "Ben": 0, "Cy": 1, "Dan": 0])
        XCTAssertEqual(try organiser.request(.get, "/api/players/\(cy)/stats").jsonObject()["manOfTheMatch"] as? Int, 1)
        XCTAssertTrue(try server.client(token: nil).request(.get, anas).text.contains("Ana and Cy (2 votes each)"))

        // Dan is taken out of the match: his vote for Ana goes with him.
        XCTAssertEqual(try organiser.request(.delete, "/api/gathers/\(id)/players/\(dan)").status, 204)
        XCTAssertEqual(try winners(id), ["Cy"])
        XCTAssertEqual(try standing(id)["votesCast"] as? Int, 3)
    }

    func testVotesOnlyFromThoseWhoPlayedForSomeoneElseWhoPlayed() throws {
        let id = try match()
        let anas = try link(ana)
        let own = try vote(anas, in: id, for: ana)
        XCTAssertEqual(own.status, 400)
        XCTAssertTrue(own.text.lowercased().contains("not for yourself"), own.text)
        let bench = try vote(anas, in: id, for: eve)
        XCTAssertEqual(bench.status, 400)
        XCTAssertTrue(bench.text.lowercased().contains("did not play in this match"))
        let benched = try vote(try link(eve), in: id, for: ana)
        XCTAssertEqual(benched.status, 403)
        XCTAssertTrue(benched.text.lowercased().contains("only the players who played"))
        let garbled = try server.client(token: nil).request(.post, "\(anas)/matches/\(id)/vote", rawBody: "player=Ana",
                                                            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        XCTAssertEqual(garbled.status, 400)
        let elsewhere = try vote(anas, in: UUID().uuidString, for: ben)
        XCTAssertEqual(elsewhere.status, 404)

        // Another group's match is not found through this group's link.
        let other = try server.registeredClient().client
        let stranger = try XCTUnwrap(try other.request(.post, "/api/players", json: ["name": "Zed"]).jsonObject()["id"] as? Int)
        let rival = try XCTUnwrap(try other.request(.post, "/api/players", json: ["name": "Yan"]).jsonObject()["id"] as? Int)
        let theirs = try other.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A",
                                                                      "players": [["id": stranger, "team": "Team A"], ["id": rival, "team": "Team B"]]])
        XCTAssertEqual(theirs.status, 201, theirs.text)
        let theirID = try XCTUnwrap(theirs.jsonObject()["id"] as? String)
        XCTAssertEqual(try vote(anas, in: theirID, for: stranger).status, 404)
        XCTAssertEqual(try standing(id)["votesCast"] as? Int, 0, "nothing refused was counted")
    }

    func testNobodyWinsWithoutVotesAndAnOrganiserMayChoose() throws {
        let id = try match()
        clock.advance(by: 49 * 3600)
        let closed = try standing(id)
        XCTAssertEqual(closed["state"] as? String, "closed")
        XCTAssertEqual(try winners(id), [], "no votes: no man of the match")

        let chosen = try organiser.request(.put, "/api/gathers/\(id)/man-of-the-match", json: ["playerId": ben])
        XCTAssertEqual(chosen.status, 200, chosen.text)
        XCTAssertEqual(try chosen.jsonObject()["state"] as? String, "chosen")
        XCTAssertEqual(try winners(id), ["Ben"])
        XCTAssertEqual(try organiser.request(.get, "/api/players/\(ben)/stats").jsonObject()["manOfTheMatch"] as? Int, 1)

        let benched = try organiser.request(.put, "/api/gathers/\(id)/man-of-the-match", json: ["playerId": eve])
        XCTAssertEqual(benched.status, 409)
        XCTAssertTrue(benched.text.lowercased().contains("did not play in this match"))
        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(id)/man-of-the-match", json: ["player": ben]).status, 400)
        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(UUID().uuidString)/man-of-the-match", json: ["playerId": ben]).status, 404)

        XCTAssertEqual(try organiser.request(.delete, "/api/gathers/\(id)/man-of-the-match").status, 200)
        XCTAssertEqual(try standing(id)["state"] as? String, "closed")
        XCTAssertEqual(try winners(id), [])
    }

    func testAnOrganisersChoiceEndsTheVoteAndAViewerCannotChoose() throws {
        let id = try match()
        let anas = try link(ana)
        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(id)/man-of-the-match", json: ["playerId": dan]).status, 200)
        let refused = try vote(anas, in: id, for: cy)
        XCTAssertEqual(refused.status, 409)
        XCTAssertTrue(refused.text.lowercased().contains("the organiser has chosen"))

        let viewer = try server.registeredClient().client
        let invite = try organiser.request(.post, "/api/groups/\(group)/invites", json: ["role": "viewer"])
        XCTAssertEqual(invite.status, 201, invite.text)
        let code = try XCTUnwrap(invite.jsonObject()["code"] as? String)
        XCTAssertEqual(try viewer.request(.post, "/api/invites/\(code)/accept").status, 200)
        XCTAssertEqual(try viewer.request(.get, "/api/groups/\(group)/gathers/\(id)/man-of-the-match").status, 200)
        XCTAssertEqual(try viewer.request(.put, "/api/groups/\(group)/gathers/\(id)/man-of-the-match", json: ["playerId": ana]).status, 403)
    }

    /// A match saved again from another computer is held in question: it counts nowhere, so no
    /// man of the match is chosen on it (409) until an owner settles which stands.
    func testNoChoiceOnAMatchHeldInQuestion() throws {
        let players: [[String: Any]] = [["id": ana, "team": "Team A"], ["id": cy, "team": "Team B"]]
        let body: [String: Any] = ["score": "1-0", "winnerTeam": "Team A", "createdAt": "2026-11-25T18:00:00Z",
                                   "endedAt": "2026-11-25T19:00:00Z", "players": players]
        XCTAssertEqual(try organiser.request(.post, "/api/gathers", json: body).status, 201)
        let again = try organiser.request(.post, "/api/gathers", json: body)
        XCTAssertEqual(again.status, 201, again.text)
        let repeated = try XCTUnwrap(again.jsonObject()["id"] as? String)
        XCTAssertNotNil(try again.jsonObject()["duplicateOf"] as? String, again.text)
        let refused = try organiser.request(.put, "/api/gathers/\(repeated)/man-of-the-match", json: ["playerId": ana])
        XCTAssertEqual(refused.status, 409, refused.text)
        XCTAssertTrue(refused.text.contains("held in question"), refused.text)
        XCTAssertEqual(try standing(repeated)["state"] as? String, "none")
    }

    func testAGroupWithoutVotesAndOldClientsSeeNoChange() throws {
        let settings = try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["voteHours": 0])
        XCTAssertEqual(settings.status, 200, settings.text)
        XCTAssertEqual(try settings.jsonObject()["voteHours"] as? Int, 0)
        let bad = try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["voteHours": 400])
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("voteHours"))

        let id = try match()
        XCTAssertEqual(try standing(id)["state"] as? String, "none")
        XCTAssertEqual(try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["voteHours": 48]).status, 200)
        let imported = try organiser.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A", "createdAt": "2026-10-01T18:00:00Z",
                                                                           "players": [["id": ana, "team": "Team A"], ["id": cy, "team": "Team B"]]])
        XCTAssertEqual(try standing(try XCTUnwrap(imported.jsonObject()["id"] as? String))["state"] as? String, "none",
                       "a match played longer ago than the window, entered now: no vote")
        let alone = try organiser.request(.post, "/api/gathers", json: ["score": "3-3", "winnerTeam": "None"])
        XCTAssertEqual(try standing(try XCTUnwrap(alone.jsonObject()["id"] as? String))["state"] as? String, "open",
                       "a result sent before its players (the original client) opens the vote too")
        let refused = try vote(try link(ana), in: id, for: ben)
        XCTAssertEqual(refused.status, 409)
        XCTAssertTrue(refused.text.lowercased().contains("no vote for man of the match"))
        let gather = try organiser.request(.get, "/api/gathers/\(id)").jsonObject()
        XCTAssertEqual(Set(gather.keys), ["balanceSeed", "createdAt", "endedAt", "goals", "id", "score", "userId", "winnerTeam"],
                       "the original fields, and goals: nothing of the vote")
    }
}
