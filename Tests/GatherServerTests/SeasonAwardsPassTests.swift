import Foundation
import HTTP
import XCTest

/// A season's awards are frozen by the server itself once the season has ended, at the next pass
/// of its deadlines: the pages show them without anyone asking for the season first.
final class SeasonAwardsPassTests: XCTestCase {
    private var server: InProcessAPI!
    /// Saturday 19 December 2026, noon UTC.
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-12-19T12:00:00Z")!)

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        options.timeZone = "UTC"
        options.passesDeadlines = false
        server = try InProcessAPI(options: options)
    }

    override func tearDown() {
        server?.stop()
    }

    func testTheFirstPassAfterTheLastDayFreezesTheAwardsOnce() throws {
        let client = try server.registeredClient().client
        let ids = try ["Ana", "Ben"].map { name in
            try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
        }
        let season = try XCTUnwrap(client.request(.post, "/api/seasons", json: ["name": "Autumn", "startsOn": "2026-09-01",
                                                                                 "endsOn": "2026-12-20"]).jsonObject()["id"] as? Int)
        _ = try client.saveMatch("1-0", on: "2026-12-10T19:00:00Z", teamA: [ids[0]], teamB: [ids[1]])

        server.application.passDeadlines()
        XCTAssertNil(try client.request(.get, "/api/seasons").jsonArray().first?["awards"], "the season's last day has not ended")

        clock.advance(by: 36 * 3600)
        server.application.passDeadlines()
        XCTAssertNil(try client.request(.get, "/api/seasons").jsonArray().first?["awards"],
                     "ended, but a result saved late may still come: two days' grace")

        clock.advance(by: 48 * 3600)
        server.application.passDeadlines()
        let listed = try XCTUnwrap(client.request(.get, "/api/seasons").jsonArray().first)
        XCTAssertEqual(listed["id"] as? Int, season)
        let awards = try XCTUnwrap(listed["awards"] as? [String: Any])
        XCTAssertEqual(awards["frozenAt"] as? String, "2026-12-23T00:00:00Z")
        let mostWins = (awards["awards"] as? [[String: Any]])?.first { $0["kind"] as? String == "mostWins" }
        XCTAssertEqual((mostWins?["winners"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Ana"])

        clock.advance(by: 3600)
        server.application.passDeadlines()
        XCTAssertEqual((try client.request(.get, "/api/seasons").jsonArray().first?["awards"] as? [String: Any])?["frozenAt"] as? String,
                       "2026-12-23T00:00:00Z", "frozen once")
    }

    func testAwardsWaitForTheSeasonsLastManOfTheMatchVoteToClose() throws {
        let (client, group) = try server.registeredClient()
        XCTAssertEqual(try client.request(.patch, "/api/groups/\(group)/settings", json: ["voteHours": 336]).status, 200)
        let ids = try ["Ana", "Ben"].map { name in
            try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
        }
        let season = try XCTUnwrap(client.request(.post, "/api/seasons", json: ["name": "Autumn", "startsOn": "2026-09-01",
                                                                                 "endsOn": "2026-12-20"]).jsonObject()["id"] as? Int)
        let match = try client.saveMatch("1-0", on: "2026-12-10T19:00:00Z", teamA: [ids[0]], teamB: [ids[1]])
        let anas = try XCTUnwrap(client.request(.post, "/api/players/\(ids[0])/link").jsonObject()["path"] as? String)
        let bens = try XCTUnwrap(client.request(.post, "/api/players/\(ids[1])/link").jsonObject()["path"] as? String)
        _ = anas
        XCTAssertEqual(try server.client(token: nil).request(.post, "\(bens)/matches/\(match)/vote", rawBody: "player=\(ids[0])",
                                                             headers: ["Content-Type": "application/x-www-form-urlencoded"]).status, 303)

        clock.advance(by: 5 * 86_400)
        server.application.passDeadlines()
        XCTAssertNil(try client.request(.get, "/api/seasons/\(season)").jsonObject()["awards"], "the vote is open until 2 January")

        clock.advance(by: 10 * 86_400)
        server.application.passDeadlines()
        let awards = try XCTUnwrap(client.request(.get, "/api/seasons/\(season)").jsonObject()["awards"] as? [String: Any])
        let best = (awards["awards"] as? [[String: Any]])?.first { $0["kind"] as? String == "manOfTheMatch" }
        XCTAssertEqual((best?["winners"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Ana"])
        XCTAssertEqual(best?["figure"] as? String, "1 award")
    }
}
