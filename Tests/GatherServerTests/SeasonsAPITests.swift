import Foundation
import HTTP
import XCTest

/// A group names its seasons; the table, the scorers and a record are read for one of them, and
/// an ended season's awards are worked out from its matches and frozen.
final class SeasonsAPITests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!
    var ana = 0, ben = 0, cy = 0

    override func setUpWithError() throws {
        server = try InProcessAPI()
        client = try server.registeredClient().client
        (ana, ben, cy) = (try addPlayer("Ana"), try addPlayer("Ben"), try addPlayer("Cy"))
    }

    override func tearDown() {
        server.stop()
    }

    private func addPlayer(_ name: String) throws -> Int {
        try XCTUnwrap(try client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
    }

    private func season(_ name: String, _ startsOn: String, _ endsOn: String) throws -> Int {
        let created = try client.request(.post, "/api/seasons", json: ["name": name, "startsOn": startsOn, "endsOn": endsOn])
        XCTAssertEqual(created.status, 201, created.text)
        return try XCTUnwrap(created.jsonObject()["id"] as? Int)
    }

    /// Ana and Ben against Cy, on `date`, with `goals`.
    @discardableResult
    private func play(_ score: String, on date: String, goals: [[String: Any]] = []) throws -> String {
        try client.saveMatch(score, on: date, teamA: [ana, ben], teamB: [cy], goals: goals.isEmpty ? nil : goals)
    }

    private static func day(_ offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
    }

    func testASeasonIsMadeWithItsDaysAndRefusedWhenTheyMakeNoSense() throws {
        let created = try client.request(.post, "/api/seasons", json: ["name": "Autumn 2026", "startsOn": "2026-09-01", "endsOn": "2026-12-20"])
        XCTAssertEqual(created.status, 201)
        let body = try created.jsonObject()
        let id = try XCTUnwrap(body["id"] as? Int)
        XCTAssertEqual(created.headers["Location"], "/api/seasons/\(id)")
        XCTAssertEqual(body["name"] as? String, "Autumn 2026")
        XCTAssertEqual(body["startsOn"] as? String, "2026-09-01")
        XCTAssertEqual(body["endsOn"] as? String, "2026-12-20")
        XCTAssertNotNil(body["timeZone"] as? String)
        XCTAssertEqual(try client.request(.get, "/api/seasons").jsonArray().compactMap { $0["name"] as? String }, ["Autumn 2026"])

        let refusals: [([String: Any], String)] = [
            (["startsOn": "2026-09-01", "endsOn": "2026-12-20"], "name is required"),
            (["name": "Odd", "startsOn": "2026-02-30", "endsOn": "2026-12-20"], "startsOn must be a day as YYYY-MM-DD"),
            (["name": "Odd", "startsOn": "1 Sep", "endsOn": "2026-12-20"], "startsOn must be a day as YYYY-MM-DD"),
            (["name": "Back", "startsOn": "2026-09-01", "endsOn": "2026-08-31"], "endsOn cannot be before startsOn"),
            (["name": "Long", "startsOn": "2026-01-01", "endsOn": "2027-01-02"], "endsOn makes a season longer than 366 days"),
        ]
        for (body, reason) in refusals {
            let refused = try client.request(.post, "/api/seasons", json: body)
            XCTAssertEqual(refused.status, 400, reason)
            XCTAssertEqual(try refused.errorReason(), reason)
        }
        XCTAssertEqual(try client.request(.get, "/api/seasons/\(id + 100)").status, 404)
        XCTAssertEqual(try client.request(.delete, "/api/seasons/\(id)").status, 204)
        XCTAssertEqual(try client.request(.get, "/api/seasons").jsonArray().count, 0)
    }

    func testTheTableTheScorersAndARecordTakeASeason() throws {
        let spring = try season("Spring 2026", "2026-03-01", "2026-05-31")
        try play("2-1", on: "2026-04-10T18:00:00Z", goals: [["team": "Team A", "scorer": ana], ["team": "Team B", "scorer": cy],
                                                              ["team": "Team A", "scorer": ana]])
        try play("0-3", on: "2026-06-10T18:00:00Z", goals: [["team": "Team B", "scorer": cy], ["team": "Team B", "scorer": cy],
                                                              ["team": "Team B", "scorer": cy]])

        let springTable = try client.request(.get, "/api/stats/leaderboard?season=\(spring)").jsonArray()
        XCTAssertEqual(springTable.compactMap { $0["played"] as? Int }, [1, 1, 1])
        XCTAssertEqual(springTable.last?["name"] as? String, "Cy")
        let allTime = try client.request(.get, "/api/stats/leaderboard?season=all").jsonArray()
        XCTAssertEqual(allTime.compactMap { $0["played"] as? Int }, [2, 2, 2])
        XCTAssertEqual(try client.request(.get, "/api/stats/leaderboard").jsonArray().compactMap { $0["played"] as? Int }, [2, 2, 2],
                       "without a season, all time, as before seasons")

        let springScorers = try client.request(.get, "/api/stats/scorers?season=\(spring)").jsonArray()
        XCTAssertEqual(springScorers.compactMap { $0["name"] as? String }, ["Ana", "Cy"])
        XCTAssertEqual(springScorers.compactMap { $0["goals"] as? Int }, [2, 1])
        XCTAssertEqual(springScorers.compactMap { $0["matches"] as? Int }, [1, 1])
        XCTAssertEqual(try client.request(.get, "/api/stats/scorers").jsonArray().first?["goals"] as? Int, 4, "Cy, all time")

        let cysSpring = try client.request(.get, "/api/players/\(cy)/stats?season=\(spring)").jsonObject()
        XCTAssertEqual(cysSpring["played"] as? Int, 1)
        XCTAssertEqual(cysSpring["lost"] as? Int, 1)
        XCTAssertEqual(cysSpring["goals"] as? Int, 1)
        XCTAssertEqual(cysSpring["lastFive"] as? [String], ["lost"])
        XCTAssertEqual(try client.request(.get, "/api/players/\(cy)/stats").jsonObject()["goals"] as? Int, 4)

        XCTAssertEqual(try client.request(.get, "/api/stats/leaderboard?season=999").status, 404)
        let bad = try client.request(.get, "/api/stats/scorers?season=spring")
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(try bad.errorReason(), "season must be a season's id, \"current\" or \"all\"")
    }

    func testTheCurrentSeasonIsTheOneUnderWayAndAllTimeBetweenSeasons() throws {
        try play("1-0", on: "2026-01-10T18:00:00Z")
        XCTAssertEqual(try client.request(.get, "/api/stats/leaderboard?season=current").jsonArray().first?["played"] as? Int, 1,
                       "no season yet: all time")
        _ = try season("Now", Self.day(-30), Self.day(30))
        XCTAssertEqual(try client.request(.get, "/api/stats/leaderboard?season=current").jsonArray().count, 0, "nobody played in it yet")
    }

    func testAwardsFrozenByAReadOfTheSeasonShowOnTheShareAtOnce() throws {
        let spring = try season("Spring 2026", "2026-03-01", "2026-05-31")
        try play("2-1", on: "2026-04-10T18:00:00Z")
        let share = try XCTUnwrap(try client.request(.post, "/api/shares", json: ["name": "Friends"]).jsonObject()["path"] as? String)
        let anonymous = try server.client(token: nil)
        XCTAssertFalse(try anonymous.request(.get, "\(share)/seasons/\(spring)").text.contains("Most wins"), "not frozen yet")
        XCTAssertNotNil(try client.request(.get, "/api/seasons/\(spring)").jsonObject()["awards"] as? [String: Any])
        XCTAssertTrue(try anonymous.request(.get, "\(share)/seasons/\(spring)").text.contains("Most wins"),
                      "the page kept before the awards were frozen is read afresh")
    }

    func testAPersonalPageShowsTheSeasonUnderWay() throws {
        try play("1-0", on: Self.day(-60) + "T18:00:00Z")
        let anas = try XCTUnwrap(try client.request(.post, "/api/players/\(ana)/link").jsonObject()["path"] as? String)
        var page = try server.client(token: nil).request(.get, anas).text
        XCTAssertTrue(page.contains("Your record</h2>"), "no season: all time")
        XCTAssertTrue(page.contains("Played 1: won 1"), page)

        _ = try season("Winter", Self.day(-30), Self.day(30))
        try play("0-2", on: Self.day(-2) + "T18:00:00Z")
        page = try server.client(token: nil).request(.get, anas).text
        XCTAssertTrue(page.contains("Your record · Winter</h2>"), page)
        XCTAssertTrue(page.contains("Table · Winter</h2>"))
        XCTAssertTrue(page.contains("Played 1: won 0, drawn 0, lost 1"), "the season's match alone: \(page)")
    }

    func testAnEndedSeasonsAwardsAreWorkedOutAndFrozen() throws {
        let spring = try season("Spring 2026", "2026-03-01", "2026-05-31")
        try play("2-1", on: "2026-04-10T18:00:00Z", goals: [["team": "Team A", "scorer": ana, "assist": ben], ["team": "Team B", "scorer": cy],
                                                              ["team": "Team A", "scorer": ana]])
        let second = try play("1-0", on: "2026-05-10T18:00:00Z", goals: [["team": "Team A", "scorer": ben, "assist": ana]])
        try play("1-0", on: "2026-05-17T18:00:00Z", goals: [["team": "Team A", "scorer": ben]])

        let read = try client.request(.get, "/api/seasons/\(spring)").jsonObject()
        let awards = try XCTUnwrap((read["awards"] as? [String: Any])?["awards"] as? [[String: Any]])
        let byKind = Dictionary(uniqueKeysWithValues: awards.compactMap { award in
            (award["kind"] as? String).map { ($0, award) }
        })
        func winners(_ kind: String) -> [String] {
            (byKind[kind]?["winners"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        XCTAssertEqual(winners("mostWins"), ["Ana", "Ben"], "a tie shares it")
        XCTAssertEqual(byKind["mostWins"]?["figure"] as? String, "3 wins")
        XCTAssertEqual(byKind["mostWins"]?["title"] as? String, "Most wins")
        XCTAssertEqual(winners("bestWinRate"), ["Ana", "Ben"])
        XCTAssertEqual(winners("topScorer"), ["Ana", "Ben"])
        XCTAssertEqual(byKind["topScorer"]?["figure"] as? String, "2 goals")
        XCTAssertEqual(winners("mostAssists"), ["Ana", "Ben"])
        XCTAssertEqual(winners("bestAttendance"), ["Ana", "Ben", "Cy"])
        XCTAssertEqual(winners("mostImproved"), ["Cy"], "alone against two, losing by a goal each time: better than the ratings expected")

        // Frozen: a correction made since changes the table, not the awards.
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(second)", json: ["score": "0-2", "winnerTeam": "Team B", "goals": [Any]()]).status, 204)
        let again = try client.request(.get, "/api/seasons/\(spring)").jsonObject()
        XCTAssertEqual((again["awards"] as? [String: Any])?["frozenAt"] as? String, (read["awards"] as? [String: Any])?["frozenAt"] as? String)
        let stillThree = ((again["awards"] as? [String: Any])?["awards"] as? [[String: Any]])?.first { $0["kind"] as? String == "mostWins" }
        XCTAssertEqual(stillThree?["figure"] as? String, "3 wins")
        XCTAssertEqual(try client.request(.get, "/api/seasons").jsonArray().first?["awards"] != nil, true, "listed with them too")
    }

    func testASeasonUnderWayHasNoAwardsYetAndViewersOnlyRead() throws {
        let now = try season("Now", Self.day(-30), Self.day(30))
        XCTAssertNil(try client.request(.get, "/api/seasons/\(now)").jsonObject()["awards"])

        let (stranger, _) = try server.registeredClient()
        XCTAssertEqual(try stranger.request(.get, "/api/seasons/\(now)").status, 404, "another group's season")
    }
}
