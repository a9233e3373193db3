import Foundation
import GatherServer
import HTTP
import XCTest

/// `/api/fixtures`: the group's next matches, the answers to "who's in?", places given in the
/// order the "in" answers came and the waiting list behind them.
final class FixtureAPITests: XCTestCase {
    private var server: InProcessAPI!
    /// Thursday 26 November 2026, 12:00 in Amsterdam.
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-26T11:00:00Z")!)

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        options.timeZone = "Europe/Amsterdam"
        server = try InProcessAPI(options: options)
    }

    override func tearDown() {
        server?.stop()
    }

    private func organiser() throws -> APIClient { try server.registeredClient().client }

    private func players(_ count: Int, of client: APIClient) throws -> [Int] {
        try (1...count).map { index in
            let created = try client.request(.post, "/api/players", json: ["name": "Player \(index)"])
            XCTAssertEqual(created.status, 201, created.text)
            return try XCTUnwrap(created.jsonObject()["id"] as? Int)
        }
    }

    private func fixture(_ client: APIClient, places: Int = 10, extra: [String: Any] = [:]) throws -> [String: Any] {
        var body: [String: Any] = ["startsAt": "2026-12-03T19:00:00+01:00", "place": "Sportpark Noord", "places": places]
        body.merge(extra) { $1 }
        let created = try client.request(.post, "/api/fixtures", json: body)
        XCTAssertEqual(created.status, 201, created.text)
        return try created.jsonObject()
    }

    private func answer(_ client: APIClient, fixture: Int, player: Int, _ answer: String) throws -> [String: Any] {
        let answered = try client.request(.put, "/api/fixtures/\(fixture)/answers/\(player)", json: ["answer": answer])
        XCTAssertEqual(answered.status, 200, answered.text)
        return try answered.jsonObject()
    }

    private func answers(_ fixture: [String: Any]) -> [Int: [String: Any]] {
        var byPlayer: [Int: [String: Any]] = [:]
        for answer in fixture["answers"] as? [[String: Any]] ?? [] {
            if let id = answer["playerId"] as? Int { byPlayer[id] = answer }
        }
        return byPlayer
    }

    func testAFixtureIsSetInItsZoneAndItsAnswersCloseTwoHoursBefore() throws {
        let client = try organiser()
        _ = try players(3, of: client)
        let created = try client.request(.post, "/api/fixtures", json: [
            "startsAt": "2026-12-03T18:00:00Z", "place": " Sportpark Noord ", "mapLink": "https://maps.example.org/?q=noord",
            "places": 10, "minimum": 8, "cost": "€4 each",
        ])
        XCTAssertEqual(created.status, 201, created.text)
        let fixture = try created.jsonObject()
        let id = try XCTUnwrap(fixture["id"] as? Int)
        XCTAssertEqual(created.headers["Location"], "/api/fixtures/\(id)")
        XCTAssertEqual(fixture["startsAt"] as? String, "2026-12-03T19:00:00+01:00", "shown in the server's zone, with its offset")
        XCTAssertEqual(fixture["timeZone"] as? String, "Europe/Amsterdam")
        XCTAssertEqual(fixture["answersCloseAt"] as? String, "2026-12-03T17:00:00+01:00", "two hours before kick-off")
        XCTAssertEqual(fixture["place"] as? String, "Sportpark Noord")
        XCTAssertEqual(fixture["status"] as? String, "open")
        XCTAssertEqual(fixture["places"] as? Int, 10)
        XCTAssertEqual(fixture["minimum"] as? Int, 8)
        XCTAssertEqual(fixture["counts"] as? [String: Int], ["in": 0, "waiting": 0, "maybe": 0, "out": 0, "unanswered": 3])

        // Summer time in another zone: the offset is the one at kick-off.
        let summer = try client.request(.post, "/api/groups/\(try ownGroup(client))/fixtures", json: [
            "startsAt": "2027-07-01T19:00:00-04:00", "timeZone": "America/New_York", "places": 12,
        ]).jsonObject()
        XCTAssertEqual(summer["startsAt"] as? String, "2027-07-01T19:00:00-04:00")

        let read = try client.request(.get, "/api/fixtures/\(id)").jsonObject()
        XCTAssertEqual(read["startsAt"] as? String, "2026-12-03T19:00:00+01:00")
        let list = try client.request(.get, "/api/fixtures").jsonArray()
        XCTAssertEqual(list.map { $0["id"] as? Int }, [id, summer["id"] as? Int], "soonest first")
    }

    private func ownGroup(_ client: APIClient) throws -> String {
        let groups = try client.request(.get, "/api/groups").jsonArray()
        return try XCTUnwrap(groups.first { $0["isOwn"] as? Bool == true }?["id"] as? String)
    }

    func testPlacesGoInTheOrderAnswersCameAndAFreedPlaceGoesToTheFirstWaiting() throws {
        let client = try organiser()
        let roster = try players(13, of: client)
        let id = try XCTUnwrap(try fixture(client)["id"] as? Int)
        for player in roster.prefix(12) {
            clock.advance(by: 1)
            _ = try answer(client, fixture: id, player: player, "in")
        }
        var fixture = try answer(client, fixture: id, player: roster[12], "maybe")
        var byPlayer = answers(fixture)
        XCTAssertEqual(roster.prefix(10).map { byPlayer[$0]?["place"] as? Int }, Array(1...10))
        XCTAssertEqual(byPlayer[roster[10]]?["waiting"] as? Int, 1)
        XCTAssertEqual(byPlayer[roster[11]]?["waiting"] as? Int, 2)
        XCTAssertEqual(fixture["counts"] as? [String: Int], ["in": 10, "waiting": 2, "maybe": 1, "out": 0, "unanswered": 0])

        // The same answer again keeps the place; a third player drops out.
        fixture = try answer(client, fixture: id, player: roster[0], "in")
        XCTAssertEqual(answers(fixture)[roster[0]]?["place"] as? Int, 1)
        clock.advance(by: 60)
        fixture = try answer(client, fixture: id, player: roster[2], "out")
        byPlayer = answers(fixture)
        XCTAssertNil(byPlayer[roster[2]]?["place"] as? Int)
        XCTAssertEqual(byPlayer[roster[2]]?["answer"] as? String, "out")
        XCTAssertEqual(byPlayer[roster[10]]?["place"] as? Int, 10, "the first waiting took the freed place")
        XCTAssertEqual(byPlayer[roster[10]]?["promotedAt"] as? String, "2026-11-26T11:01:12Z", "when it moved up")
        XCTAssertEqual(byPlayer[roster[11]]?["waiting"] as? Int, 1)
        XCTAssertTrue(byPlayer[roster[1]]?["promotedAt"] is NSNull, "those who had a place were not promoted")

        // More places take the rest of the list; coming back in joins the end.
        let grown = try client.request(.patch, "/api/fixtures/\(id)", json: ["places": 12])
        XCTAssertEqual(grown.status, 200, grown.text)
        byPlayer = answers(try grown.jsonObject())
        XCTAssertEqual(byPlayer[roster[11]]?["place"] as? Int, 11)
        XCTAssertNotNil(byPlayer[roster[11]]?["promotedAt"] as? String)
        fixture = try answer(client, fixture: id, player: roster[2], "in")
        XCTAssertEqual(answers(fixture)[roster[2]]?["place"] as? Int, 12)
        XCTAssertTrue(answers(fixture)[roster[2]]?["promotedAt"] is NSNull, "a new answer that found a place was not promoted")
    }

    func testAnAnswerAfterTheCloseCountsAndIsMarkedLate() throws {
        let client = try organiser()
        let roster = try players(2, of: client)
        let id = try XCTUnwrap(try fixture(client)["id"] as? Int)
        _ = try answer(client, fixture: id, player: roster[0], "in")
        clock.advance(by: 7 * 86_400 + 5 * 3600)  // Thursday 17:00 in Amsterdam: answers closed.
        let fixture = try answer(client, fixture: id, player: roster[1], "in")
        XCTAssertEqual(fixture["status"] as? String, "closed")
        let byPlayer = answers(fixture)
        XCTAssertEqual(byPlayer[roster[0]]?["late"] as? Bool, false)
        XCTAssertEqual(byPlayer[roster[1]]?["late"] as? Bool, true)
        XCTAssertEqual(byPlayer[roster[1]]?["place"] as? Int, 2, "a late answer still counts")
    }

    func testABadFixtureIsRefusedWithItsReasonAndNothingIsSaved() throws {
        let client = try organiser()
        let cases: [([String: Any], String)] = [
            (["places": 10], "startsAt"),
            (["startsAt": "2026-12-03 19:00", "places": 10], "startsAt"),
            (["startsAt": "2026-11-01T19:00:00+01:00", "places": 10], "future"),
            (["startsAt": "2026-12-03T19:00:00+01:00"], "places"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 0], "places"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 10, "minimum": 11], "minimum"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 10, "timeZone": "Mars/Olympus"], "timeZone"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 10, "timeZone": "../../etc/passwd"], "timeZone"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 10, "timeZone": "localtime"], "timeZone"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 10, "timeZone": "right/UTC"], "timeZone"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 10, "answersCloseAt": "0001-01-01T00:00:00Z"], "answersCloseAt"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 10, "mapLink": "javascript:alert(1)"], "mapLink"),
            (["startsAt": "2026-12-03T19:00:00+01:00", "places": 10, "answersCloseAt": "2026-12-04T19:00:00+01:00"], "answersCloseAt"),
        ]
        for (body, named) in cases {
            let refused = try client.request(.post, "/api/fixtures", json: body)
            XCTAssertEqual(refused.status, 400, "\(body): \(refused.text)")
            XCTAssertTrue(try refused.errorReason().contains(named), "\(body): \(refused.text)")
        }
        XCTAssertEqual(try client.request(.get, "/api/fixtures").jsonArray().count, 0)
    }

    func testACancelledFixtureStaysAndTakesNoMoreAnswers() throws {
        let client = try organiser()
        let roster = try players(1, of: client)
        let id = try XCTUnwrap(try fixture(client)["id"] as? Int)
        XCTAssertEqual(try client.request(.delete, "/api/fixtures/\(id)").status, 204)
        let read = try client.request(.get, "/api/fixtures/\(id)").jsonObject()
        XCTAssertEqual(read["status"] as? String, "cancelled")
        XCTAssertEqual(read["sequence"] as? Int, 1, "calendars hear of the change")
        // A change that changes nothing is none.
        XCTAssertEqual(try client.request(.patch, "/api/fixtures/\(id)", json: [:]).jsonObject()["sequence"] as? Int, 1)
        XCTAssertEqual(try client.request(.patch, "/api/fixtures/\(id)", json: ["places": 10]).jsonObject()["sequence"] as? Int, 1)
        let refused = try client.request(.put, "/api/fixtures/\(id)/answers/\(roster[0])", json: ["answer": "in"])
        XCTAssertEqual(refused.status, 409, refused.text)
        XCTAssertTrue(try refused.errorReason().contains("cancelled"))
        // Taken back, it takes answers again.
        XCTAssertEqual(try client.request(.patch, "/api/fixtures/\(id)", json: ["status": "open"]).status, 200)
        XCTAssertEqual(try answer(client, fixture: id, player: roster[0], "in")["counts"].flatMap { $0 as? [String: Int] }?["in"], 1)
    }

    func testAnotherGroupsFixturesAndPlayersAreNotFound() throws {
        let alice = try organiser()
        let bob = try organiser()
        let alicePlayer = try players(1, of: alice)[0]
        let bobPlayer = try players(1, of: bob)[0]
        let id = try XCTUnwrap(try fixture(alice)["id"] as? Int)
        XCTAssertEqual(try bob.request(.get, "/api/fixtures/\(id)").status, 404)
        XCTAssertEqual(try bob.request(.patch, "/api/fixtures/\(id)", json: ["places": 2]).status, 404)
        XCTAssertEqual(try bob.request(.delete, "/api/fixtures/\(id)").status, 404)
        XCTAssertEqual(try bob.request(.put, "/api/fixtures/\(id)/answers/\(bobPlayer)", json: ["answer": "in"]).status, 404)
        XCTAssertEqual(try bob.request(.get, "/api/fixtures").jsonArray().count, 0)
        // Alice cannot answer for Bob's player on her own fixture either.
        XCTAssertEqual(try alice.request(.put, "/api/fixtures/\(id)/answers/\(bobPlayer)", json: ["answer": "in"]).status, 404)
        XCTAssertEqual(try answer(alice, fixture: id, player: alicePlayer, "in")["counts"].flatMap { $0 as? [String: Int] }?["in"], 1)
    }

    func testAPlayerLeavingTheRosterFreesTheirPlace() throws {
        let client = try organiser()
        let roster = try players(3, of: client)
        let id = try XCTUnwrap(try fixture(client, places: 2)["id"] as? Int)
        for player in roster { _ = try answer(client, fixture: id, player: player, "in") }
        XCTAssertEqual(try client.request(.delete, "/api/players/\(roster[0])").status, 204)
        let byPlayer = answers(try client.request(.get, "/api/fixtures/\(id)").jsonObject())
        XCTAssertNil(byPlayer[roster[0]])
        XCTAssertEqual(byPlayer[roster[2]]?["place"] as? Int, 2, "the waiting player moved up")
        XCTAssertNotNil(byPlayer[roster[2]]?["promotedAt"] as? String)
    }
}
