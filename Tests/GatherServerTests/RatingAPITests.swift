import Foundation
import GatherServer
import HTTP
import XCTest

/// Ratings through the API: learned from every result, recomputed exactly after a correction,
/// shown on a record, a leaderboard and `GET /api/ratings`, and used to balance teams.
final class RatingAPITests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!
    private var ids: [String: Int] = [:]
    private static let names = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"]
    private static let levels = ["professional", "amateur", "amateur", "beginner", "amateur", "beginner"]

    override func setUpWithError() throws {
        server = try InProcessAPI.withTickingClock()
        client = try server.registeredClient().client
        ids = try roster(of: client)
    }

    override func tearDown() {
        server.stop()
    }

    private func roster(of client: APIClient) throws -> [String: Int] {
        var ids: [String: Int] = [:]
        for (name, skill) in zip(Self.names, Self.levels) {
            ids[name] = try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name, "skill": skill]).jsonObject()["id"] as? Int)
        }
        return ids
    }

    /// A whole match as the client uploads one, played `day` days after the first.
    @discardableResult
    private func play(_ score: String, _ teamA: [String], _ teamB: [String], day: Int, as client: APIClient? = nil,
                      ids: [String: Int]? = nil) throws -> String {
        let client = client ?? self.client!, ids = ids ?? self.ids
        let sides = score.split(separator: "-").compactMap { Int($0) }
        let winner = sides[0] > sides[1] ? "Team A" : sides[0] < sides[1] ? "Team B" : "None"
        let players = teamA.map { ["id": ids[$0] ?? 0, "team": "Team A"] } + teamB.map { ["id": ids[$0] ?? 0, "team": "Team B"] }
        let when = "2026-0\(1 + day / 28)-\(String(format: "%02d", 1 + day % 28))T19:00:00Z"
        let response = try client.request(.post, "/api/gathers", json: ["score": score, "winnerTeam": winner, "players": players,
                                                                        "createdAt": when, "endedAt": when])
        XCTAssertEqual(response.status, 201, response.text)
        return try XCTUnwrap(response.jsonObject()["id"] as? String)
    }

    private func ratings(of client: APIClient? = nil) throws -> [[String: Any]] {
        let response = try (client ?? self.client!).request(.get, "/api/ratings")
        XCTAssertEqual(response.status, 200, response.text)
        return try response.jsonArray()
    }

    private func rating(_ name: String) throws -> [String: Any] {
        let stats = try client.request(.get, "/api/players/\(try XCTUnwrap(ids[name]))/stats")
        XCTAssertEqual(stats.status, 200, stats.text)
        return try XCTUnwrap(stats.jsonObject()["rating"] as? [String: Any])
    }

    func testBeforeAnyMatchEveryoneStandsWhereTheirDeclaredLevelStartsThem() throws {
        let listed = try ratings()
        XCTAssertEqual(listed.compactMap { $0["name"] as? String }, ["Ana", "Ben", "Cy", "Ed", "Di", "Flo"], "highest first, then by name")
        let ana = try XCTUnwrap(listed.first?["rating"] as? [String: Any])
        XCTAssertEqual(ana["mean"] as? Double, 30)
        XCTAssertEqual(ana["deviation"] as? Double, 8.33)
        XCTAssertEqual(ana["low"] as? Double, 13.33)
        XCTAssertEqual(ana["high"] as? Double, 46.67)
        XCTAssertEqual(ana["matches"] as? Int, 0)
        XCTAssertTrue(ana["lastChange"] is NSNull)
        XCTAssertEqual((ana["course"] as? [Any])?.count, 0)
        XCTAssertEqual(try client.request(.get, "/api/ratings?sort=mean").status, 400, "no parameters")
    }

    func testResultsMoveTheRatingsAndShowTheChangeAfterEachMatch() throws {
        try play("0-4", ["Ana", "Flo", "Di"], ["Ben", "Cy", "Ed"], day: 0)
        let ana = try rating("Ana"), ben = try rating("Ben")
        XCTAssertLessThan(try XCTUnwrap(ana["mean"] as? Double), 30, "a heavy defeat")
        XCTAssertLessThan(try XCTUnwrap(ana["lastChange"] as? Double), -1)
        XCTAssertGreaterThan(try XCTUnwrap(ben["lastChange"] as? Double), 1)
        XCTAssertLessThanOrEqual(try XCTUnwrap(ana["deviation"] as? Double), 8.33, "no less sure after a match")
        XCTAssertEqual(ana["matches"] as? Int, 1)
        try play("1-1", ["Ana", "Ben", "Di"], ["Cy", "Ed", "Flo"], day: 7)
        let after = try rating("Ana")
        XCTAssertEqual((after["course"] as? [Double])?.count, 2)
        XCTAssertEqual((after["changes"] as? [Double])?.count, 2)
        XCTAssertEqual((after["course"] as? [Double])?.last, after["mean"] as? Double)
    }

    func testACorrectedResultGivesExactlyWhatTheCorrectSeasonGives() throws {
        let first = try play("0-4", ["Ana", "Flo", "Di"], ["Ben", "Cy", "Ed"], day: 0)
        try play("2-1", ["Ana", "Ben", "Cy"], ["Di", "Ed", "Flo"], day: 7)
        try play("3-3", ["Ana", "Ed", "Di"], ["Ben", "Cy", "Flo"], day: 14)
        let wrong = try ratings()
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(first)", json: ["score": "4-0", "winnerTeam": "Team A"]).status, 204)
        let corrected = try ratings()
        XCTAssertNotEqual(corrected.compactMap { $0["rating"] as? NSDictionary }, wrong.compactMap { $0["rating"] as? NSDictionary })
        XCTAssertEqual(server.application.settlements.stores, 1, "replayed by the settler, not in the correction's write")
        XCTAssertFalse(corrected.contains { ($0["rating"] as? [String: Any])?["stale"] != nil }, "read once settled")

        // Another organiser who typed it right the first time.
        let other = try server.registeredClient().client
        let otherIDs = try roster(of: other)
        try play("4-0", ["Ana", "Flo", "Di"], ["Ben", "Cy", "Ed"], day: 0, as: other, ids: otherIDs)
        try play("2-1", ["Ana", "Ben", "Cy"], ["Di", "Ed", "Flo"], day: 7, as: other, ids: otherIDs)
        try play("3-3", ["Ana", "Ed", "Di"], ["Ben", "Cy", "Flo"], day: 14, as: other, ids: otherIDs)
        func byName(_ list: [[String: Any]]) -> [String: NSDictionary] {
            Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", ($0["rating"] as? NSDictionary) ?? [:]) })
        }
        XCTAssertEqual(byName(corrected), byName(try ratings(of: other)))

        // Deleting a match takes it out of the ratings as if it had never been played.
        let deleted = try play("9-0", ["Ana"], ["Ben"], day: 10)
        XCTAssertNotEqual(byName(try ratings()), byName(corrected))
        XCTAssertEqual(try client.request(.delete, "/api/gathers/\(deleted)").status, 204)
        XCTAssertEqual(byName(try ratings()), byName(corrected))
    }

    func testWhileAChangeIsBeingSettledTheRatingsShownSayTheyAreStaleAndSinceWhen() throws {
        server.stop()
        var options = InProcessAPI.defaultOptions
        options.limits.ratingsWait = .zero
        // Nothing settles here: what a reader sees while the settlement of a correction is due.
        options.settlesRatings = false
        server = try InProcessAPI(options: options)
        client = try server.registeredClient().client
        ids = try roster(of: client)
        let first = try play("2-1", ["Ana", "Ben", "Cy"], ["Di", "Ed", "Flo"], day: 0)
        try play("0-0", ["Ana", "Ben", "Di"], ["Cy", "Ed", "Flo"], day: 7)
        let settled = try ratings()
        XCTAssertFalse(settled.contains { ($0["rating"] as? [String: Any])?.keys.contains("stale") ?? true }, "nothing said while settled")
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(first)", json: ["score": "0-5", "winnerTeam": "Team B"]).status, 204)
        for rating in try ratings().compactMap({ $0["rating"] as? [String: Any] }) + [try rating("Ana")] {
            XCTAssertEqual(rating["stale"] as? Bool, true)
            XCTAssertNotNil((rating["settledAt"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }, "\(rating)")
        }
        let board = try client.request(.get, "/api/stats/leaderboard").jsonArray()
        XCTAssertEqual((board.first?["rating"] as? [String: Any])?["stale"] as? Bool, true)
        func means(_ list: [[String: Any]]) -> [Double] { list.compactMap { ($0["rating"] as? [String: Any])?["mean"] as? Double } }
        XCTAssertEqual(means(try ratings()), means(settled), "the last settled ratings, still shown")
    }

    func testTheLeaderboardCarriesRatingsAndSortsByThem() throws {
        // Di, a beginner, keeps winning with the weaker side: more wins than Ana, and a climbing rating.
        try play("3-0", ["Di", "Flo", "Cy"], ["Ana", "Ben", "Ed"], day: 0)
        try play("2-0", ["Di", "Flo", "Ed"], ["Ana", "Ben", "Cy"], day: 7)
        try play("1-0", ["Ana", "Di", "Flo"], ["Ben", "Cy", "Ed"], day: 14)
        let byRecord = try client.request(.get, "/api/stats/leaderboard").jsonArray()
        let byRating = try client.request(.get, "/api/stats/leaderboard?sort=rating").jsonArray()
        XCTAssertEqual(Set(byRecord.compactMap { $0["name"] as? String }), Set(byRating.compactMap { $0["name"] as? String }))
        let means = byRating.compactMap { ($0["rating"] as? [String: Any])?["mean"] as? Double }
        XCTAssertEqual(means.count, 6)
        XCTAssertEqual(means, means.sorted(by: >), "highest rating first")
        XCTAssertEqual(byRating.compactMap { $0["rank"] as? Int }, Array(1...6))
        XCTAssertNotEqual(byRecord.compactMap { $0["name"] as? String }, byRating.compactMap { $0["name"] as? String })
        let refused = try client.request(.get, "/api/stats/leaderboard?sort=goals")
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("rating"), refused.text)
    }

    func testBalancingByRatingPredictsTheOddsAndBecomesTheDefaultOnceTrusted() throws {
        let everyone = Self.names.compactMap { ids[$0] }
        let untried = try client.request(.post, "/api/teams/balance", json: ["playerIds": everyone, "seed": 5]).jsonObject()
        XCTAssertEqual(untried["weighting"] as? String, "skill", "nobody has played: the declared levels")
        let odds = try XCTUnwrap(untried["predictedWinA"] as? Double)
        XCTAssertTrue((0...1).contains(odds))

        // Di and Flo, declared beginners, win everything with Ana: the ratings learn what the levels do not say.
        for day in 0..<3 {
            try play("4-0", ["Di", "Flo", "Ana"], ["Ben", "Cy", "Ed"], day: day * 7)
        }
        let bySkill = try client.request(.post, "/api/teams/balance", json: ["playerIds": everyone, "seed": 5, "weighting": "skill"]).jsonObject()
        let byRating = try client.request(.post, "/api/teams/balance", json: ["playerIds": everyone, "seed": 5, "weighting": "rating"])
        XCTAssertEqual(byRating.status, 200, byRating.text)
        let rated = try byRating.jsonObject()
        XCTAssertEqual(rated["weighting"] as? String, "rating")
        let ratedOdds = try XCTUnwrap(rated["predictedWinA"] as? Double), skillOdds = try XCTUnwrap(bySkill["predictedWinA"] as? Double)
        XCTAssertLessThanOrEqual(abs(ratedOdds - 0.5), abs(skillOdds - 0.5) + 0.01, "the split closest to even by the ratings")
        XCTAssertLessThan(abs(ratedOdds - 0.5), 0.1)
        XCTAssertEqual(try XCTUnwrap(rated["skillA"] as? Double) + (rated["skillB"] as? Double ?? 0),
                       try ratings().reduce(0) { $0 + (($1["rating"] as? [String: Any])?["mean"] as? Double ?? 0) }, accuracy: 0.05)

        let chosen = try client.request(.post, "/api/teams/balance", json: ["playerIds": everyone, "seed": 5]).jsonObject()
        XCTAssertEqual(chosen["weighting"] as? String, "rating", "everyone has three matches: the ratings are trusted")
        let wrong = try client.request(.post, "/api/teams/balance", json: ["playerIds": everyone, "weighting": "elo"])
        XCTAssertEqual(wrong.status, 400)
        XCTAssertTrue(wrong.text.contains("rating"), wrong.text)
    }
}
