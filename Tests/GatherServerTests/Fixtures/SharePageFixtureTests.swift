import Foundation
import GatherServer
import HTTP
import XCTest

/// The share page shows the next match: when (in the reader's zone once the script runs), where,
/// the headcount and the names, the teams once published, and no buttons: a shared link is not a person.
final class SharePageFixtureTests: XCTestCase {
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

    func testTheNextMatchIsShownWithoutButtons() throws {
        let organiser = try server.registeredClient().client
        let ids = try ["Ana", "Ben", "<i>Cy</i>"].map { name in
            try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
        }
        let later = try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-10T19:00:00+01:00", "places": 2]).jsonObject()
        let next = try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-03T19:00:00+01:00", "places": 2,
                                                                          "place": "Sportpark Noord"]).jsonObject()
        let id = try XCTUnwrap(next["id"] as? Int)
        for player in ids {
            XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(id)/answers/\(player)", json: ["answer": "in"]).status, 200)
        }
        let share = try organiser.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()
        let path = try XCTUnwrap(share["path"] as? String)
        var page = try server.client(token: nil).request(.get, path).text
        let section = try XCTUnwrap(page.range(of: #"<section id="next"[\s\S]*?</section>"#, options: .regularExpression).map { String(page[$0]) })
        XCTAssertTrue(section.contains(#"<time datetime="2026-12-03T19:00:00+01:00">Thu 3 Dec, 19:00</time>"#), section)
        XCTAssertTrue(section.contains("Sportpark Noord"))
        XCTAssertTrue(section.contains("2 of 2 in · 1 waiting"), section)
        XCTAssertTrue(section.contains("&lt;i&gt;Cy&lt;/i&gt;"), "names escaped")
        XCTAssertFalse(section.contains("<form"), "no buttons on a shared link")
        XCTAssertFalse(page.contains("2026-12-10T19:00"), "only the next one: \(later["id"] ?? "")")

        // Published teams show; the page is read afresh after the write.
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(id)/teams", json: ["balance": true]).status, 200)
        page = try server.client(token: nil).request(.get, path).text
        XCTAssertTrue(page.contains("Team A") && page.contains("Predicted: Team A"), page)

        // Cancelled, it still shows, marked so.
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/\(id)").status, 204)
        page = try server.client(token: nil).request(.get, path).text
        XCTAssertTrue(page.contains("Cancelled."), page)
    }
}
