import Foundation
import GatherServer
import HTTP
import XCTest

/// Teams from a fixture's list: balanced or chosen, published for every friend to see, kept up
/// to date when someone drops out, and played: the match saved from the fixture marks it played.
final class FixtureTeamsTests: XCTestCase {
    private var server: InProcessAPI!
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-26T11:00:00Z")!)
    private var organiser: APIClient!
    private var players: [Int] = []
    private var fixture = 0

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        server = try InProcessAPI(options: options)
        organiser = try server.registeredClient().client
        let skills = ["beginner", "amateur", "professional", "amateur", "professional", "beginner", "amateur"]
        players = try skills.enumerated().map { index, skill in
            try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": "Friend \(index + 1)", "skill": skill])
                .jsonObject()["id"] as? Int)
        }
        fixture = try XCTUnwrap(try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-03T19:00:00+01:00", "places": 6])
            .jsonObject()["id"] as? Int)
        for player in players {
            clock.advance(by: 1)
            XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(player)", json: ["answer": "in"]).status, 200)
        }
    }

    override func tearDown() {
        server?.stop()
    }

    private func teams(_ body: [String: Any]) -> (a: [Int], b: [Int]) {
        let teams = body["teams"] as? [String: Any]
        func ids(_ key: String) -> [Int] { (teams?[key] as? [[String: Any]] ?? []).compactMap { $0["playerId"] as? Int } }
        return (ids("teamA"), ids("teamB"))
    }

    func testBalancedTeamsAreThePlayersInAndFollowADropOut() throws {
        XCTAssertTrue(try organiser.request(.get, "/api/fixtures/\(fixture)").jsonObject()["teams"] is NSNull, "none until published")
        let published = try organiser.request(.put, "/api/fixtures/\(fixture)/teams", json: ["balance": true, "seed": 7])
        XCTAssertEqual(published.status, 200, published.text)
        let body = try published.jsonObject()
        var (teamA, teamB) = teams(body)
        XCTAssertEqual(Set(teamA + teamB), Set(players.prefix(6)), "the six holding places, not the one waiting")
        XCTAssertEqual(teamA.count, 3)
        XCTAssertEqual(teamB.count, 3)
        let chance = try XCTUnwrap((body["teams"] as? [String: Any])?["predictedWinA"] as? Double)
        XCTAssertTrue((0.0...1.0).contains(chance))

        // A friend on team A drops out: the first waiting takes the free place and the spot.
        let leaving = teamA[0]
        let after = try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(leaving)", json: ["answer": "out"]).jsonObject()
        (teamA, teamB) = teams(after)
        XCTAssertFalse(teamA.contains(leaving))
        XCTAssertTrue(teamA.contains(players[6]), "the promoted friend fills the spot on the short side")
        XCTAssertEqual(teamA.count, 3)
        XCTAssertEqual(teamB.count, 3)
    }

    func testChosenTeamsMustBeExactlyThoseHoldingPlaces() throws {
        let holding = Array(players.prefix(6))
        let missing = try organiser.request(.put, "/api/fixtures/\(fixture)/teams", json: ["teamA": Array(holding.prefix(3)), "teamB": [holding[3]]])
        XCTAssertEqual(missing.status, 400)
        XCTAssertTrue(try missing.errorReason().contains("on no team"), missing.text)
        let stranger = try organiser.request(.put, "/api/fixtures/\(fixture)/teams",
                                             json: ["teamA": Array(holding.prefix(3)), "teamB": Array(holding.suffix(3)) + [players[6]]])
        XCTAssertEqual(stranger.status, 400)
        XCTAssertTrue(try stranger.errorReason().contains("hold no place"), stranger.text)
        let chosen = try organiser.request(.put, "/api/fixtures/\(fixture)/teams",
                                           json: ["teamA": Array(holding.prefix(3)), "teamB": Array(holding.suffix(3))])
        XCTAssertEqual(chosen.status, 200, chosen.text)
        XCTAssertEqual(teams(try chosen.jsonObject()).a, Array(holding.prefix(3)), "in the order chosen")
    }

    func testTheMatchPlayedFromAFixtureMarksItPlayedAndDeletingTheMatchTakesThatBack() throws {
        let teamsBody = try organiser.request(.put, "/api/fixtures/\(fixture)/teams", json: ["balance": true]).jsonObject()
        let (teamA, teamB) = teams(teamsBody)
        let match = UUID().uuidString
        let started = try organiser.request(.post, "/api/gathers", json: [
            "id": match, "fixtureId": fixture,
            "players": teamA.map { ["id": $0, "team": "Team A"] } + teamB.map { ["id": $0, "team": "Team B"] },
        ])
        XCTAssertEqual(started.status, 201, started.text)
        var read = try organiser.request(.get, "/api/fixtures/\(fixture)").jsonObject()
        XCTAssertEqual(read["gatherId"] as? String, match)
        XCTAssertEqual(read["status"] as? String, "open", "started, not yet played")

        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(match)", json: ["score": "3-2", "winnerTeam": "Team A"]).status, 204)
        read = try organiser.request(.get, "/api/fixtures/\(fixture)").jsonObject()
        XCTAssertEqual(read["status"] as? String, "played")
        let refused = try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(players[0])", json: ["answer": "out"])
        XCTAssertEqual(refused.status, 409, "a played fixture keeps its list")

        XCTAssertEqual(try organiser.request(.delete, "/api/gathers/\(match)").status, 204)
        read = try organiser.request(.get, "/api/fixtures/\(fixture)").jsonObject()
        XCTAssertEqual(read["status"] as? String, "open")
        XCTAssertTrue(read["gatherId"] is NSNull)
    }

    func testAMatchNamingAnotherGroupsOrACancelledFixtureIsRefusedWhole() throws {
        let stranger = try server.registeredClient().client
        let theirs = try XCTUnwrap(try stranger.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-03T19:00:00+01:00", "places": 6])
            .jsonObject()["id"] as? Int)
        let refused = try organiser.request(.post, "/api/gathers", json: ["fixtureId": theirs, "score": "1-0", "winnerTeam": "Team A"])
        XCTAssertEqual(refused.status, 404, refused.text)
        XCTAssertEqual(try organiser.request(.get, "/api/gathers").jsonArray().count, 0, "nothing was saved")
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/\(fixture)").status, 204)
        let cancelled = try organiser.request(.post, "/api/gathers", json: ["fixtureId": fixture])
        XCTAssertEqual(cancelled.status, 409, cancelled.text)
    }

    /// Fair teams published (6 – 6 by skill); the beginner on A drops out and the professional
    /// who waited takes the spot (8 – 6): a swap of a professional of A for the amateur of B
    /// (7 – 7) is offered, with the chances it gives.
    private func teamsADropOutMadeUnfair() throws -> (professional: Int, fixture: [String: Any]) {
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(players[6])", json: ["answer": "out"]).status, 200)
        let professional = try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": "Friend 8", "skill": "professional"])
            .jsonObject()["id"] as? Int)
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(professional)", json: ["answer": "in"]).status, 200)
        let published = try organiser.request(.put, "/api/fixtures/\(fixture)/teams",
                                              json: ["teamA": [players[0], players[2], players[1]], "teamB": [players[3], players[4], players[5]]])
        let fair = try XCTUnwrap(try published.jsonObject()["teams"] as? [String: Any])
        XCTAssertTrue(fair["changedAt"] is NSNull)
        XCTAssertTrue(fair["suggestion"] is NSNull, "fair teams are offered nothing")
        clock.advance(by: 60)
        return (professional, try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(players[0])", json: ["answer": "out"]).jsonObject())
    }

    func testADropOutThatLeavesTheTeamsUnfairOffersASwapThatPublishingClears() throws {
        let (professional, changed) = try teamsADropOutMadeUnfair()
        let teams = try XCTUnwrap(changed["teams"] as? [String: Any])
        XCTAssertEqual(self.teams(changed).a, [players[2], players[1], professional], "the professional took the free spot on A")
        XCTAssertEqual(teams["changedAt"] as? String, "2026-11-26T11:01:07Z")
        let suggestion = try XCTUnwrap(teams["suggestion"] as? [String: Any], "\(teams)")
        let swaps = try XCTUnwrap(suggestion["swaps"] as? [[String: Any]])
        XCTAssertEqual(swaps.count, 1)
        let fromA = try XCTUnwrap((swaps.first?["fromA"] as? [String: Any])?["playerId"] as? Int)
        let fromB = try XCTUnwrap((swaps.first?["fromB"] as? [String: Any])?["playerId"] as? Int)
        XCTAssertTrue([players[2], professional].contains(fromA), "a professional of A")
        XCTAssertEqual(fromB, players[3], "for the amateur of B")
        XCTAssertTrue((0.0...1.0).contains(suggestion["predictedWinA"] as? Double ?? -1))
        XCTAssertNotNil((try organiser.request(.get, "/api/fixtures/\(fixture)").jsonObject()["teams"] as? [String: Any])?["suggestion"]
            as? [String: Any], "read again, still offered")

        // Accepted: the teams published with the swap made; nothing more is offered.
        let swappedA = [players[2], players[1], professional].map { $0 == fromA ? fromB : $0 }
        let swappedB = [players[3], players[4], players[5]].map { $0 == fromB ? fromA : $0 }
        let accepted = try organiser.request(.put, "/api/fixtures/\(fixture)/teams", json: ["teamA": swappedA, "teamB": swappedB]).jsonObject()
        XCTAssertTrue((accepted["teams"] as? [String: Any])?["changedAt"] is NSNull)
        XCTAssertTrue((accepted["teams"] as? [String: Any])?["suggestion"] is NSNull)
    }

    func testTheOrganiserMayKeepTheTeamsAsTheyAreAndAFriendsPageIsNeverOffered() throws {
        _ = try teamsADropOutMadeUnfair()
        let kept = try organiser.request(.delete, "/api/fixtures/\(fixture)/teams/suggestion")
        XCTAssertEqual(kept.status, 204, kept.text)
        let teams = try XCTUnwrap(try organiser.request(.get, "/api/fixtures/\(fixture)").jsonObject()["teams"] as? [String: Any])
        XCTAssertTrue(teams["changedAt"] is NSNull)
        XCTAssertTrue(teams["suggestion"] is NSNull)
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/\(fixture)/teams/suggestion").status, 204, "again: nothing to keep")
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/999/teams/suggestion").status, 404)
        let stranger = try server.registeredClient().client
        XCTAssertEqual(try stranger.request(.delete, "/api/fixtures/\(fixture)/teams/suggestion").status, 404, "another group's fixture")
    }
}
