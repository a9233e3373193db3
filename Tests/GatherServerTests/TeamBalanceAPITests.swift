import Foundation
import GatherServer
import HTTP
import XCTest

/// `POST /api/teams/balance` for scripts: the caller's players split fairly, every refusal named.
final class TeamBalanceAPITests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!
    private var ids: [String: Int] = [:]

    override func setUpWithError() throws {
        server = try InProcessAPI.withTickingClock()
        client = try server.registeredClient().client
        let roster: [(String, String, String)] = [("Ana", "professional", "goalkeeper"), ("Ben", "professional", "striker"),
                                                  ("Cy", "amateur", "goalkeeper"), ("Di", "beginner", "striker"),
                                                  ("Ed", "amateur", "defender"), ("Flo", "beginner", "defender")]
        for (name, skill, position) in roster {
            ids[name] = try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name, "skill": skill,
                                                                                   "preferredPosition": position]).jsonObject()["id"] as? Int)
        }
    }

    override func tearDown() {
        server.stop()
    }

    private func balance(_ body: [String: Any]) throws -> ReceivedResponse {
        try client.request(.post, "/api/teams/balance", json: body)
    }

    private func names(_ players: Any?) -> [String] {
        ((players as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }.sorted()
    }

    private var everyone: [Int] { ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"].compactMap { ids[$0] } }

    func testBalancesTheCallersPlayersFairlyWithOneKeeperPerSide() throws {
        let response = try balance(["playerIds": everyone, "seed": 7])
        XCTAssertEqual(response.status, 200, response.text)
        let body = try response.jsonObject()
        let teamA = names(body["teamA"]), teamB = names(body["teamB"])
        XCTAssertEqual(teamA.count, 3)
        XCTAssertEqual(teamB.count, 3)
        XCTAssertTrue(teamA.contains("Ana") != teamA.contains("Cy"), "a goalkeeper each: \(teamA) v \(teamB)")
        XCTAssertEqual(body["skillA"] as? Double, 6)
        XCTAssertEqual(body["skillB"] as? Double, 6)
        XCTAssertEqual(body["difference"] as? Double, 0)
        XCTAssertEqual(body["positionSpread"] as? Int, 0, "a striker and a defender each")
        XCTAssertEqual(body["seed"] as? Int, 7)
        XCTAssertEqual(body["weighting"] as? String, "skill")
        XCTAssertEqual(((body["teamA"] as? [[String: Any]])?.first)?["skill"] as? String != nil, true, "whole player objects")

        let again = try balance(["playerIds": everyone, "seed": 7]).jsonObject()
        XCTAssertEqual(names(again["teamA"]), teamA, "the same seed, the same teams")
    }

    func testWithoutASeedTheServerChoosesOneAndSaysWhich() throws {
        let first = try balance(["playerIds": everyone]).jsonObject()
        let seed = try XCTUnwrap(first["seed"] as? Int)
        let repeated = try balance(["playerIds": everyone, "seed": seed]).jsonObject()
        XCTAssertEqual(names(repeated["teamA"]), names(first["teamA"]))
    }

    func testPinsAndKeepApartAreKept() throws {
        let ana = try XCTUnwrap(ids["Ana"]), ben = try XCTUnwrap(ids["Ben"]), di = try XCTUnwrap(ids["Di"])
        let body = try balance(["playerIds": everyone, "pins": ["\(ana)": "Team B"], "apart": [[ben, di]], "seed": 1]).jsonObject()
        XCTAssertTrue(names(body["teamB"]).contains("Ana"))
        XCTAssertNotEqual(names(body["teamA"]).contains("Ben"), names(body["teamA"]).contains("Di"))
    }

    func testTheRecordWeightingCountsInHalves() throws {
        let response = try balance(["playerIds": everyone, "seed": 3, "weighting": "record"])
        XCTAssertEqual(response.status, 200, response.text)
        let body = try response.jsonObject()
        XCTAssertEqual(body["weighting"] as? String, "record")
        XCTAssertEqual((body["skillA"] as? Double ?? 0) + (body["skillB"] as? Double ?? 0), 12, "no records yet: the skill sums")
    }

    func testUnknownAndForeignPlayersAreNamed404s() throws {
        let (stranger, _) = try server.registeredClient()
        let theirs = try XCTUnwrap(stranger.request(.post, "/api/players", json: ["name": "Zed"]).jsonObject()["id"] as? Int)
        for id in [theirs, 987_654] {
            let response = try balance(["playerIds": everyone + [id]])
            XCTAssertEqual(response.status, 404)
            XCTAssertEqual(try response.errorReason(), "player \(id) not found")
        }
    }

    func testRefusalsSayWhy() throws {
        let ana = try XCTUnwrap(ids["Ana"]), ben = try XCTUnwrap(ids["Ben"]), cy = try XCTUnwrap(ids["Cy"])
        let cases: [([String: Any], String)] = [
            (["playerIds": [ana]], "playerIds must list at least 2 different players"),
            (["playerIds": [ana, ana]], "playerIds lists player \(ana) twice"),
            (["playerIds": everyone, "pins": ["\(ana)": "Bench"]], "pins player \(ana) must be pinned to \"Team A\" or \"Team B\""),
            (["playerIds": everyone, "pins": ["999": "Team A"]], "pins \"999\" is not one of playerIds"),
            (["playerIds": everyone, "apart": [[ana]]], "apart each entry must be two of playerIds, like [1, 2]"),
            (["playerIds": Array(1...61)], "playerIds may list at most 60 players"),
            (["playerIds": everyone, "seed": -1], "seed must be a whole number from 0 to 2^53 - 1"),
            (["playerIds": everyone, "weighting": "luck"], "weighting must be \"skill\", \"record\" or \"rating\""),
            (["playerIds": everyone, "pins": ["\(ana)": "Team A", "\(cy)": "Team A"]],
             "all 2 goalkeepers are held on one team; with two or more, each team needs one"),
            (["playerIds": everyone, "pins": ["\(ana)": "Team A", "\(ben)": "Team A"], "apart": [[ana, ben]]],
             "the pins of players \(ana) and \(ben) contradict their keep-apart pairs"),
        ]
        for (body, reason) in cases {
            let response = try balance(body)
            XCTAssertEqual(response.status, 400, "\(body)")
            XCTAssertEqual(try response.errorReason(), reason, "\(body)")
        }
        XCTAssertEqual(try client.request(.post, "/api/teams/balance", json: ["playerIds": "all"]).status, 400)
    }

    func testAGatherRemembersTheSeedOfItsBalancedSplit() throws {
        let created = try client.request(.post, "/api/gathers", json: ["score": "2-1", "winnerTeam": "Team A", "balanceSeed": 7])
        XCTAssertEqual(created.status, 201, created.text)
        let id = try XCTUnwrap(created.jsonObject()["id"] as? String)
        XCTAssertEqual(try created.jsonObject()["balanceSeed"] as? Int, 7)
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(id)").jsonObject()["balanceSeed"] as? Int, 7)
        XCTAssertEqual(try client.request(.get, "/api/gathers?include=players").jsonArray().first?["balanceSeed"] as? Int, 7)

        let byHand = try client.request(.post, "/api/gathers", json: [:]).jsonObject()
        XCTAssertTrue(byHand["balanceSeed"] is NSNull, "teams made by hand: null")
        let refused = try client.request(.post, "/api/gathers", json: ["balanceSeed": -3])
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(try refused.errorReason(), "balanceSeed must be a whole number from 0 to 2^53 - 1")
    }
}
