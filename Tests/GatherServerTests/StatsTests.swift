import Foundation
import GatherServer
import HTTP
import XCTest

/// Records and the leaderboard on a season with draws, the bench, a player moved between sides,
/// an unfinished gather and a retired player.
final class StatsTests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!
    private var players: [String: Int] = [:]

    override func setUpWithError() throws {
        server = try InProcessAPI.withTickingClock()
        client = try server.registeredClient().client
        for name in ["Ana", "Ben", "Cy", "Di"] {
            players[name] = try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
        }
        try play("3-2", teamA: ["Ana", "Ben"], teamB: ["Cy"], bench: ["Di"])
        try play("1-1", teamA: ["Ana", "Cy"], teamB: ["Ben", "Di"])
        try play("0-2", teamA: ["Ana", "Di"], teamB: ["Ben", "Cy"], thenBench: ["Di"])
        try play(nil, teamA: ["Ana"], teamB: ["Ben"])
        try play("4-0", teamA: ["Ana", "Di"], teamB: ["Cy"])
        try play("1-0", teamA: ["Ana"], teamB: ["Cy"])
    }

    override func tearDown() {
        server.stop()
    }

    /// A gather with its result (nil: unfinished); `thenBench` players are moved to the bench afterwards.
    private func play(_ score: String?, teamA: [String], teamB: [String], bench: [String] = [], thenBench: [String] = []) throws {
        var body: [String: Any] = [:]
        if let score {
            let sides = score.split(separator: "-").compactMap { Int($0) }
            body = ["score": score, "winnerTeam": sides[0] > sides[1] ? "Team A" : sides[0] < sides[1] ? "Team B" : "None"]
        }
        let gather = try XCTUnwrap(client.request(.post, "/api/gathers", json: body).jsonObject()["id"] as? String)
        for (names, team) in [(teamA, "Team A"), (teamB, "Team B"), (bench, "Bench"), (thenBench, "Bench")] {
            for name in names {
                let id = try XCTUnwrap(players[name])
                XCTAssertEqual(try client.request(.post, "/api/gathers/\(gather)/players/\(id)", json: ["team": team]).status, 200)
            }
        }
    }

    private func stats(_ name: String) throws -> [String: Any] {
        let response = try client.request(.get, "/api/players/\(try XCTUnwrap(players[name]))/stats")
        XCTAssertEqual(response.status, 200, response.text)
        return try response.jsonObject()
    }

    private func assertRecord(_ name: String, played: Int, won: Int, drawn: Int, lost: Int, goals: (Int, Int),
                              streak: (String, Int), lastFive: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let record = try stats(name)
        XCTAssertEqual(record["played"] as? Int, played, name, file: file, line: line)
        XCTAssertEqual(record["won"] as? Int, won, name, file: file, line: line)
        XCTAssertEqual(record["drawn"] as? Int, drawn, name, file: file, line: line)
        XCTAssertEqual(record["lost"] as? Int, lost, name, file: file, line: line)
        XCTAssertEqual(record["goalsFor"] as? Int, goals.0, name, file: file, line: line)
        XCTAssertEqual(record["goalsAgainst"] as? Int, goals.1, name, file: file, line: line)
        XCTAssertEqual((record["winRate"] as? Double) ?? -1, Double(won) / Double(played), accuracy: 1e-9, name, file: file, line: line)
        let currentStreak = record["currentStreak"] as? [String: Any]
        XCTAssertEqual(currentStreak?["outcome"] as? String, streak.0, name, file: file, line: line)
        XCTAssertEqual(currentStreak?["length"] as? Int, streak.1, name, file: file, line: line)
        XCTAssertEqual(record["lastFive"] as? [String], lastFive, name, file: file, line: line)
    }

    func testEachRecordCountsOnlyEndedMatchesOnATeam() throws {
        try assertRecord("Ana", played: 5, won: 3, drawn: 1, lost: 1, goals: (9, 5), streak: ("won", 2),
                         lastFive: ["won", "won", "lost", "drawn", "won"])
        try assertRecord("Ben", played: 3, won: 2, drawn: 1, lost: 0, goals: (6, 3), streak: ("won", 1),
                         lastFive: ["won", "drawn", "won"])
        try assertRecord("Cy", played: 5, won: 1, drawn: 1, lost: 3, goals: (5, 9), streak: ("lost", 2),
                         lastFive: ["lost", "lost", "won", "drawn", "lost"])
        // On the bench in the first match, moved to the bench in the third: two matches played.
        try assertRecord("Di", played: 2, won: 1, drawn: 1, lost: 0, goals: (5, 1), streak: ("won", 1),
                         lastFive: ["won", "drawn"])
    }

    func testANewcomerHasAnEmptyRecord() throws {
        let id = try XCTUnwrap(client.request(.post, "/api/players", json: ["name": "Eve"]).jsonObject()["id"] as? Int)
        let record = try client.request(.get, "/api/players/\(id)/stats").jsonObject()
        XCTAssertEqual(record["played"] as? Int, 0)
        XCTAssertTrue(record["winRate"] is NSNull)
        XCTAssertTrue(record["currentStreak"] is NSNull)
        XCTAssertEqual(record["lastFive"] as? [String], [])
        XCTAssertEqual(try client.request(.get, "/api/players/999999/stats").status, 404)
    }

    func testTheLeaderboardRanksByWinRateThenGamesThenGoalDifference() throws {
        func names(_ query: String = "") throws -> [String] {
            let response = try client.request(.get, "/api/stats/leaderboard\(query)")
            XCTAssertEqual(response.status, 200, response.text)
            let rows = try response.jsonArray()
            XCTAssertEqual(rows.compactMap { $0["rank"] as? Int }, rows.indices.map { $0 + 1 })
            return rows.compactMap { $0["name"] as? String }
        }
        XCTAssertEqual(try names(), ["Ben", "Ana", "Di", "Cy"], "2/3, then 3/5, then 1/2, then 1/5")
        XCTAssertEqual(try names("?minGames=3"), ["Ben", "Ana", "Cy"])
        let top = try client.request(.get, "/api/stats/leaderboard").jsonArray().first
        XCTAssertEqual(top?["played"] as? Int, 3)
        XCTAssertEqual(top?["goalDifference"] as? Int, 3)

        // Retired: off the leaderboard and off the roster, so her record is 404 like her other
        // routes; her matches keep her, and everyone else's records are unchanged.
        let ana = try XCTUnwrap(players["Ana"])
        XCTAssertEqual(try client.request(.delete, "/api/players/\(ana)").status, 204)
        XCTAssertEqual(try names(), ["Ben", "Di", "Cy"])
        XCTAssertEqual(try client.request(.get, "/api/players/\(ana)/stats").status, 404)
        XCTAssertEqual(try stats("Ben")["played"] as? Int, 3)

        for (query, reason) in [("?minGames=0", "minGames must be a whole number from 1 to 10000"),
                                ("?top=3", "top is not a parameter of the leaderboard (minGames, sort, season)")] {
            let response = try client.request(.get, "/api/stats/leaderboard\(query)")
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(try response.errorReason(), reason)
        }
    }

    func testRecordsAreTheOwnersOnly() throws {
        let (stranger, _) = try server.registeredClient()
        XCTAssertEqual(try stranger.request(.get, "/api/players/\(try XCTUnwrap(players["Ana"]))/stats").status, 404)
        XCTAssertEqual(try stranger.request(.get, "/api/stats/leaderboard").jsonArray().count, 0)
    }
}
