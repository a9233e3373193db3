import Foundation
import GatherServer
import HTTP
import XCTest

/// The calendars phones subscribe to, read by a real iCalendar parser (Debian's python3-icalendar):
/// the group's fixtures from its share link and one friend's from their personal link, with stable
/// UIDs, a SEQUENCE that grows with each change, kick-offs in their zone through the feed's own
/// VTIMEZONE, and cancelled fixtures marked so.
final class CalendarFeedTests: XCTestCase {
    private var server: InProcessAPI!
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

    /// What the parser read of the calendar at `path`.
    private func read(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let fetched = try server.client(token: nil).request(.get, path)
        XCTAssertEqual(fetched.status, 200, fetched.text, file: file, line: line)
        XCTAssertEqual(fetched.headers["Content-Type"], "text/calendar; charset=utf-8", file: file, line: line)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("read_calendar.py").path]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(fetched.body))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, complaint, file: file, line: line)
        let read = try XCTUnwrap(try JSONSerialization.jsonObject(with: printed) as? [String: Any], file: file, line: line)
        XCTAssertEqual(read["problems"] as? [String], [], file: file, line: line)
        return read
    }

    private func events(_ read: [String: Any]) -> [[String: Any]] { read["events"] as? [[String: Any]] ?? [] }

    func testTheGroupsCalendarHasEachFixtureInItsZoneWithAStableUID() throws {
        let organiser = try server.registeredClient().client
        let player = try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": "Ana"]).jsonObject()["id"] as? Int)
        let winter = try organiser.request(.post, "/api/fixtures", json: [
            "startsAt": "2026-12-03T19:00:00+01:00", "place": "Sportpark Noord, veld 3; achter", "places": 10, "minimum": 1,
        ]).jsonObject()
        let summer = try organiser.request(.post, "/api/fixtures", json: [
            "startsAt": "2027-06-03T19:00:00+02:00", "places": 10, "cost": "€4 each, pay Ana",
        ]).jsonObject()
        let newYork = try organiser.request(.post, "/api/fixtures", json: [
            "startsAt": "2027-03-20T10:00:00-04:00", "timeZone": "America/New_York", "places": 8,
        ]).jsonObject()
        let share = try organiser.request(.post, "/api/shares", json: ["name": "Thursday, five-a-side"]).jsonObject()
        let path = try XCTUnwrap(share["path"] as? String) + "/calendar.ics"

        let first = try read(path)
        XCTAssertEqual(first["name"] as? String, "Thursday, five-a-side")
        XCTAssertEqual(first["zones"] as? [String], ["America/New_York", "Europe/Amsterdam"])
        let listed = events(first)
        XCTAssertEqual(listed.map { $0["start"] as? String }, ["2026-12-03T18:00:00Z", "2027-03-20T14:00:00Z", "2027-06-03T17:00:00Z"],
                       "each kick-off at its instant, summer time and another zone included")
        XCTAssertEqual(listed.map { $0["tzid"] as? String }, ["Europe/Amsterdam", "America/New_York", "Europe/Amsterdam"])
        XCTAssertEqual(listed[0]["location"] as? String, "Sportpark Noord, veld 3; achter", "escaped and read back")
        XCTAssertEqual(listed[0]["status"] as? String, "TENTATIVE", "below its minimum")
        XCTAssertEqual(listed[0]["duration"] as? Int, 3600)
        XCTAssertEqual(Set(listed.compactMap { $0["uid"] as? String }).count, 3)

        // Answers, a move and a cancellation: the same UIDs, SEQUENCE grows where the fixture changed.
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(winter["id"] as? Int ?? 0)/answers/\(player)", json: ["answer": "in"]).status, 200)
        XCTAssertEqual(try organiser.request(.patch, "/api/fixtures/\(summer["id"] as? Int ?? 0)",
                                             json: ["startsAt": "2027-06-04T20:00:00+02:00"]).status, 200)
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/\(newYork["id"] as? Int ?? 0)").status, 204)
        let second = events(try read(path))
        XCTAssertEqual(second.map { $0["uid"] as? String }, listed.map { $0["uid"] as? String })
        XCTAssertEqual(second.map { $0["sequence"] as? Int }, [0, 1, 1])
        XCTAssertEqual(second.map { $0["status"] as? String }, ["CONFIRMED", "CANCELLED", "CONFIRMED"])
        XCTAssertEqual(second[2]["start"] as? String, "2027-06-04T18:00:00Z")
        XCTAssertEqual(second[0]["summary"] as? String, "Football: 1 of 10 in")
    }

    func testAFriendsCalendarCarriesTheirAnswer() throws {
        let organiser = try server.registeredClient().client
        let ids = try ["Ana", "Ben"].map { name in
            try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
        }
        var fixtures: [Int] = []
        for day in 3...6 {
            let created = try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-0\(day)T19:00:00+01:00", "places": 1])
            fixtures.append(try XCTUnwrap(created.jsonObject()["id"] as? Int))
        }
        func answer(_ fixture: Int, _ player: Int, _ answer: String) throws {
            XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(player)", json: ["answer": answer]).status, 200)
        }
        try answer(fixtures[0], ids[1], "in")
        try answer(fixtures[0], ids[0], "in")   // Ana waits
        try answer(fixtures[1], ids[0], "in")   // Ana plays
        try answer(fixtures[2], ids[0], "out")
        let link = try organiser.request(.post, "/api/players/\(ids[0])/link").jsonObject()
        let listed = events(try read(try XCTUnwrap(link["path"] as? String) + "/calendar.ics"))
        XCTAssertEqual(listed.map { $0["status"] as? String }, ["TENTATIVE", "CONFIRMED", "CANCELLED", "TENTATIVE"])
        XCTAssertEqual(listed.map { $0["summary"] as? String }, [
            "Football: you're 1st on the waiting list", "Football: you're in (place 1 of 1)", "Football: you're out",
            "Football: who's in? (0 of 1 in)",
        ])
        XCTAssertEqual(try server.client(token: nil).request(.get, "/p/" + String(repeating: "A", count: 43) + "/calendar.ics").status, 404)
    }
}
