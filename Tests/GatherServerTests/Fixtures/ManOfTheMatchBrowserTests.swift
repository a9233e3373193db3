import Foundation
import XCTest

/// Voting for man of the match on a personal page in a real browser (headless Chromium), at a
/// phone's width, with scripts on (the vote is counted in place) and off (the form posts and
/// comes back to the match): a button for everyone else who played, the vote given pressed and
/// changeable, how many voted but never who leads, and the organiser's choice once made.
final class ManOfTheMatchBrowserTests: XCTestCase {
    private var server: TestServer!
    private var organiser: APIClient!
    private var players: [String: Int] = [:]
    private var match = ""
    private var browser: Browser?

    override func setUpWithError() throws {
        server = try TestServer()
        organiser = try server.registeredClient().client
        for name in ["Ana", "Ben", "<i>Cy</i> & co", "Dan", "Eve"] {
            players[name] = try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
        }
        let sides: [[String: Any]] = [["id": players["Ana"] ?? 0, "team": "Team A"], ["id": players["Ben"] ?? 0, "team": "Team A"],
                                      ["id": players["<i>Cy</i> & co"] ?? 0, "team": "Team B"], ["id": players["Dan"] ?? 0, "team": "Team B"],
                                      ["id": players["Eve"] ?? 0, "team": "Bench"]]
        let saved = try organiser.request(.post, "/api/gathers", json: ["score": "3-2", "winnerTeam": "Team A", "players": sides])
        XCTAssertEqual(saved.status, 201, saved.text)
        match = try XCTUnwrap(saved.jsonObject()["id"] as? String)
    }

    override func tearDown() {
        browser?.quit()
        server?.stop()
    }

    private func link(_ name: String) throws -> String {
        let made = try organiser.request(.post, "/api/players/\(players[name] ?? 0)/link")
        XCTAssertEqual(made.status, 201, made.text)
        return "http://127.0.0.1:\(server.port)" + (try XCTUnwrap(made.jsonObject()["path"] as? String))
    }

    private func button(_ name: String) -> String { "#man-of-the-match button[value=\"\(players[name] ?? 0)\"]" }

    private func pressed(_ browser: Browser, _ name: String) throws -> String? {
        try browser.value(["js", "return document.querySelector('\(button(name))').getAttribute('aria-pressed')"]) as? String
    }

    func testOnAPhoneWithScriptsAPlayerVotesInPlaceAndChangesTheirVote() throws {
        let anas = try link("Ana")
        let started = try Browser(scripts: true)
        browser = started
        _ = try started.value(["open", anas, 360, 740])
        XCTAssertEqual(try started.text("#man-of-the-match .notice"), "Who was the best player? You haven't voted yet.")
        let offered = try XCTUnwrap(started.value(["js", """
            return Array.from(document.querySelectorAll('#man-of-the-match button')).map(function (b) { return b.textContent; })
            """]) as? [String])
        XCTAssertEqual(offered, ["Ben", "<i>Cy</i> & co", "Dan"], "everyone else who played, either side; not the bench, not herself")

        _ = try started.value(["js", "window.stayed = true; document.querySelector('\(button("<i>Cy</i> & co"))').click();"])
        XCTAssertEqual(try started.waitText("#man-of-the-match .notice", "You voted for", seconds: 10),
                       "You voted for <i>Cy</i> & co. You can change your vote until it closes.")
        XCTAssertEqual(try started.value(["js", "return window.stayed === true"]) as? Bool, true, "voted in place")
        XCTAssertEqual(try pressed(started, "<i>Cy</i> & co"), "true")
        XCTAssertTrue(try started.text("#man-of-the-match")?.contains("1 vote so far") == true)

        _ = try started.value(["js", "document.querySelector('\(button("Ben"))').click();"])
        XCTAssertEqual(try started.waitText("#man-of-the-match .notice", "You voted for Ben", seconds: 10),
                       "You voted for Ben. You can change your vote until it closes.")
        XCTAssertEqual(try pressed(started, "<i>Cy</i> & co"), "false")
        XCTAssertTrue(try started.text("#man-of-the-match")?.contains("1 vote so far") == true, "changed, still one vote")

        let widths = try XCTUnwrap(started.value(["js", "return [document.documentElement.scrollWidth, window.innerWidth]"]) as? [Int])
        XCTAssertLessThanOrEqual(widths[0], widths[1], "no sideways scrolling")
        let heights = try XCTUnwrap(started.value(["js", """
            return Array.from(document.querySelectorAll('#man-of-the-match button')).map(function (b) { return b.getBoundingClientRect().height; })
            """]) as? [Double])
        XCTAssertTrue(heights.allSatisfy { $0 >= 44 }, "big enough for a thumb: \(heights)")
        XCTAssertEqual(try started.consoleErrors(), [])

        // The organiser chooses: the page says who, and offers no vote.
        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(match)/man-of-the-match", json: ["playerId": players["Dan"] ?? 0]).status, 200)
        _ = try started.value(["open", anas, 360, 740])
        XCTAssertEqual(try started.text("#man-of-the-match .notice"), "★ Dan (chosen)")
        XCTAssertEqual(try started.value(["js", "return document.querySelectorAll('#man-of-the-match button').length"]) as? Int, 0)
    }

    func testWithScriptsOffTheFormVotesAndComesBackToTheMatch() throws {
        let bens = try link("Ben")
        let started = try Browser(scripts: false)
        browser = started
        for (width, height, choice) in [(360, 740, "Dan"), (1280, 800, "Ana")] {
            _ = try started.value(["open", bens, width, height])
            let landed = try XCTUnwrap(started.value(["click", button(choice)]) as? String)
            XCTAssertTrue(landed.lowercased().hasSuffix("#match-\(match.lowercased())"), landed)
            XCTAssertEqual(try started.text("#man-of-the-match .notice"), "You voted for \(choice). You can change your vote until it closes.")
            XCTAssertEqual(try pressed(started, choice), "true")
            XCTAssertEqual(try started.consoleErrors(), [])
        }
    }

    /// A player's own money on their page, and the man of the match on the share page, at a
    /// phone's width and a laptop's, with scripts on: nothing off the side, a clean console.
    func testTheOwnBalanceAndTheSharePagesStarFitAPhoneAndALaptop() throws {
        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(match)/cost", json: ["cost": 1000]).status, 200)
        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(match)/man-of-the-match", json: ["playerId": players["Ana"] ?? 0]).status, 200)
        let share = try XCTUnwrap(try organiser.request(.post, "/api/shares", json: ["name": "Friends"]).jsonObject()["path"] as? String)
        let anas = try link("Ana")
        let started = try Browser(scripts: true)
        browser = started
        for (width, height) in [(360, 740), (1280, 800)] {
            _ = try started.value(["open", anas, width, height])
            XCTAssertEqual(try started.text("#money .headcount"), "You owe 2.50 EUR.")
            XCTAssertTrue(try started.text("#money")?.contains("Match 3–2: a share of 10.00 EUR") == true)
            _ = try started.value(["open", "http://127.0.0.1:\(server.port)" + share, width, height])
            let table = try started.text("#table") ?? ""
            XCTAssertTrue(table.contains("Ana ★1"), table)
            XCTAssertTrue(try started.text("#matches")?.contains("★ Man of the match: Ana") == true)
            XCTAssertFalse(try started.text("main")?.contains("EUR") == true, "no money on a share page")
            let widths = try XCTUnwrap(started.value(["js", "return [document.documentElement.scrollWidth, window.innerWidth]"]) as? [Int])
            XCTAssertLessThanOrEqual(widths[0], widths[1], "no sideways scrolling at \(width) px")
            XCTAssertEqual(try started.consoleErrors(), [])
        }
    }
}
