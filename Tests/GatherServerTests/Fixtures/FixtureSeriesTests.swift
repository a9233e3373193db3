import Foundation
import GatherServer
import HTTP
import XCTest

/// Weekly series: each occurrence made ahead of time as a fixture of its own, at the same local
/// time across a change to summer time, changed or cancelled alone or with the series.
final class FixtureSeriesTests: XCTestCase {
    private var server: InProcessAPI!
    /// Thursday 5 March 2026, 12:00 in Amsterdam: summer time starts on the 29th.
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-03-05T11:00:00Z")!)
    private var organiser: APIClient!

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        options.timeZone = "Europe/Amsterdam"
        server = try InProcessAPI(options: options)
        organiser = try server.registeredClient().client
    }

    override func tearDown() {
        server?.stop()
    }

    private func fixtures() throws -> [[String: Any]] {
        try organiser.request(.get, "/api/fixtures?limit=100").jsonArray().sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }
    }

    func testAWeeklySeriesMakesItsOccurrencesAheadAtTheSameLocalTime() throws {
        let created = try organiser.request(.post, "/api/fixtures", json: [
            "startsAt": "2026-03-12T19:00:00+01:00", "repeat": "weekly", "places": 10, "place": "Sportpark Noord",
        ])
        XCTAssertEqual(created.status, 201, created.text)
        let first = try created.jsonObject()
        let series = try XCTUnwrap(first["seriesId"] as? Int)
        XCTAssertEqual(first["startsAt"] as? String, "2026-03-12T19:00:00+01:00")
        // Each made 14 days before its kick-off: the 19th (14 days and 7 hours away) not yet.
        XCTAssertEqual(try fixtures().map { $0["startsAt"] as? String }, ["2026-03-12T19:00:00+01:00"])

        // Day by day, as the scheduler's passes would: each next one is made once, at 19:00 in
        // summer time too, and a pass run twice makes nothing twice.
        for _ in 0..<24 {
            clock.advance(by: 86_400)
            server.application.makeDueFixtures()
            server.application.makeDueFixtures()
        }
        let made = try fixtures().map { $0["startsAt"] as? String }
        XCTAssertEqual(made, ["2026-03-12T19:00:00+01:00", "2026-03-19T19:00:00+01:00", "2026-03-26T19:00:00+01:00",
                              "2026-04-02T19:00:00+02:00", "2026-04-09T19:00:00+02:00"])
        XCTAssertEqual(Set(try fixtures().compactMap { $0["seriesId"] as? Int }), [series])

        let read = try organiser.request(.get, "/api/fixture-series/\(series)").jsonObject()
        XCTAssertEqual(read["kickOff"] as? String, "19:00")
        XCTAssertEqual(read["timeZone"] as? String, "Europe/Amsterdam")
        XCTAssertEqual(read["aheadDays"] as? Int, 14)
    }

    func testOneOccurrenceChangesAloneAndTheSeriesChangesTheRest() throws {
        let first = try organiser.request(.post, "/api/fixtures", json: [
            "startsAt": "2026-03-12T19:00:00+01:00", "repeat": "weekly", "places": 10, "aheadDays": 28,
        ]).jsonObject()
        let series = try XCTUnwrap(first["seriesId"] as? Int)
        var all = try fixtures()
        guard all.count == 3 else { return XCTFail("28 days ahead: the 12th, 19th and 26th, not \(all.count)") }
        let moved = try XCTUnwrap(all[1]["id"] as? Int)
        XCTAssertEqual(try organiser.request(.patch, "/api/fixtures/\(moved)", json: ["startsAt": "2026-03-20T20:00:00+01:00",
                                                                                        "places": 12]).status, 200)
        XCTAssertEqual(try organiser.request(.patch, "/api/fixture-series/\(series)", json: ["places": 14, "place": "Hall B"]).status, 200)
        all = try fixtures()
        guard all.count == 3 else { return XCTFail("\(all.count) fixtures") }
        XCTAssertEqual(all.map { $0["places"] as? Int }, [14, 12, 14], "the occurrence changed on its own keeps its change")
        XCTAssertEqual(all[1]["startsAt"] as? String, "2026-03-20T20:00:00+01:00")
        XCTAssertEqual(all[2]["place"] as? String, "Hall B")

        // Ending the series cancels what is to come, and makes no more.
        XCTAssertEqual(try organiser.request(.delete, "/api/fixture-series/\(series)").status, 204)
        XCTAssertEqual(try fixtures().map { $0["status"] as? String }, ["cancelled", "cancelled", "cancelled"])
        clock.advance(by: 20 * 86_400)
        server.application.makeDueFixtures()
        XCTAssertEqual(try fixtures().count, 3)
        XCTAssertEqual(try organiser.request(.patch, "/api/fixture-series/\(series)", json: ["places": 8]).status, 409)
    }

    func testAnotherGroupsSeriesIsNotFoundAndABadRepeatIsRefused() throws {
        let first = try organiser.request(.post, "/api/fixtures", json: [
            "startsAt": "2026-03-12T19:00:00+01:00", "repeat": "weekly", "places": 10,
        ]).jsonObject()
        let series = try XCTUnwrap(first["seriesId"] as? Int)
        let stranger = try server.registeredClient().client
        XCTAssertEqual(try stranger.request(.get, "/api/fixture-series/\(series)").status, 404)
        XCTAssertEqual(try stranger.request(.delete, "/api/fixture-series/\(series)").status, 404)
        let monthly = try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-03-12T19:00:00+01:00", "repeat": "monthly",
                                                                             "places": 10])
        XCTAssertEqual(monthly.status, 400)
        XCTAssertTrue(try monthly.errorReason().contains("weekly"))
    }

    func testRegularsAreInForEachNewOccurrenceAndCanStillSayOut() throws {
        var ids: [String: Int] = [:]
        for (name, regular) in [("Ana", true), ("Ben", true), ("Cy", false)] {
            let created = try organiser.request(.post, "/api/players", json: ["name": name, "regular": regular])
            XCTAssertEqual(created.status, 201, created.text)
            XCTAssertEqual(try created.jsonObject()["regular"] as? Bool, regular)
            ids[name] = try XCTUnwrap(created.jsonObject()["id"] as? Int)
        }
        // A change from a client that does not know the field keeps it.
        let ben = try XCTUnwrap(ids["Ben"])
        XCTAssertEqual(try organiser.request(.put, "/api/players/\(ben)", json: ["name": "Ben B"]).status, 204)
        XCTAssertEqual(try organiser.request(.get, "/api/players/\(ben)").jsonObject()["regular"] as? Bool, true)

        let first = try organiser.request(.post, "/api/fixtures", json: [
            "startsAt": "2026-03-12T19:00:00+01:00", "repeat": "weekly", "places": 1,
        ]).jsonObject()
        let answers = first["answers"] as? [[String: Any]] ?? []
        XCTAssertEqual(answers.compactMap { $0["playerId"] as? Int }, [ids["Ana"], ben].compactMap { $0 }, "the regulars, in roster order")
        XCTAssertEqual(answers.map { $0["answer"] as? String }, ["in", "in"])
        XCTAssertEqual(answers.last?["waiting"] as? Int, 1, "more regulars than places: the rest wait")
        let fixture = try XCTUnwrap(first["id"] as? Int)
        let out = try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(ids["Ana"] ?? 0)", json: ["answer": "out"]).jsonObject()
        let after = out["answers"] as? [[String: Any]] ?? []
        XCTAssertEqual(after.first { $0["playerId"] as? Int == ben }?["place"] as? Int, 1)
        XCTAssertEqual(try organiser.request(.put, "/api/players/\(ben)", json: ["name": "Ben", "regular": "yes"]).status, 400)
    }
}
