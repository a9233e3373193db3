import Foundation
import Glibc
import Storage
import TestSupport
import XCTest

/// A share link's front page in a real browser (headless Chromium), at a phone's size and a
/// laptop's: what a friend reads, hostile names shown as text, no sideways scrolling, times in the
/// reader's zone, the match being played and saved results arriving without a reload, and not one
/// error in the console (the page's strict Content-Security-Policy reports a blocked script or
/// style there). Chromium is driven step by step by Tests/GatherServerTests/Browser/share_page.py,
/// so the organiser can act through the API while the page stays open.
final class SharePageBrowserTests: XCTestCase {
    private var server: TestServer!
    private var organiser: APIClient!
    private var players: [String: Int] = [:]
    private var browser: Browser?

    private static let group = "Thursday <five> & friends"
    private static let hostile = "<script>alert(1)</script>"
    private static let quoted = "Dan \"the man\" & co"

    override func setUpWithError() throws {
        server = try TestServer()
        organiser = try server.registeredClient().client
        for name in ["Ana", "Ben", Self.hostile, Self.quoted] {
            let created = try organiser.request(.post, "/api/players", json: ["name": name])
            XCTAssertEqual(created.status, 201, created.text)
            players[name] = try XCTUnwrap(created.jsonObject()["id"] as? Int)
        }
        try play("3-2", on: "2026-11-20T18:00:00Z", teamA: ["Ana", "Ben"], teamB: [Self.hostile, Self.quoted])
        try play("1-1", on: "2026-11-21T18:00:00Z", teamA: ["Ana", Self.hostile], teamB: ["Ben", Self.quoted])
    }

    override func tearDown() {
        // The browser first: its event stream would otherwise reconnect to a server going away.
        browser?.quit()
        server?.stop()
    }

    private func play(_ score: String, on date: String, teamA: [String], teamB: [String]) throws {
        try organiser.saveMatch(score, on: date, teamA: teamA.map { players[$0] ?? 0 }, teamB: teamB.map { players[$0] ?? 0 })
    }

    private func shareLink() throws -> String {
        let created = try organiser.request(.post, "/api/shares", json: ["name": Self.group])
        XCTAssertEqual(created.status, 201, created.text)
        return "http://127.0.0.1:\(server.port)" + (try XCTUnwrap(created.jsonObject()["path"] as? String))
    }

    private func publish(score: String, phase: String = "running", remaining: Int = 300, goals: [[String: Any]] = []) throws {
        let update: [String: Any] = ["gatherId": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "teamA": [players["Ana"] ?? 0, players[Self.hostile] ?? 0],
                                     "teamB": [players["Ben"] ?? 0, players[Self.quoted] ?? 0], "score": score, "phase": phase,
                                     "remainingSeconds": remaining, "durationSeconds": 600, "goals": goals]
        let published = try organiser.request(.put, "/api/live", json: update)
        XCTAssertEqual(published.status, 204, published.text)
    }

    /// A player's rating as the API gives it, as the page writes it (one decimal).
    private func rating(_ name: String) throws -> String {
        let listed = try organiser.request(.get, "/api/ratings").jsonArray()
        let mean = try XCTUnwrap((listed.first { $0["name"] as? String == name }?["rating"] as? [String: Any])?["mean"] as? Double)
        // To the tenth, halves away from zero, as the page rounds the API's figure.
        let tenths = Int((mean * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    private func startBrowser(scripts: Bool = true, textSize: Int = 100) throws -> Browser {
        let started = try Browser(scripts: scripts, textSize: textSize)
        browser = started
        return started
    }

    /// The table's rows as shown, each cell's text, in `rows`; a script goes on from there.
    private static let readRows = """
        var rows = Array.from(document.querySelectorAll("#table tbody tr")).map(function (row) {
          return Array.from(row.cells).map(function (cell) { return cell.innerText.trim(); });
        });
        """

    func testOnAPhoneThePageReadsWellAndFollowsTheMatchAndResultsWithoutReloading() throws {
        try walkThrough(width: 360, height: 740)
    }

    func testOnALaptopThePageReadsWellAndFollowsTheMatchAndResultsWithoutReloading() throws {
        try walkThrough(width: 1280, height: 800)
    }

    /// Everything a friend sees on the front page at one size, from the first load to the end of a match.
    private func walkThrough(width: Int, height: Int) throws {
        let link = try shareLink()
        let browser = try startBrowser()
        let viewport = try browser.value(["open", link, width, height]) as? [Int]
        XCTAssertEqual(viewport, [width, height], "the page is laid out for exactly this viewport")

        // What the server wrote: the group's name, the table by rank, the latest results newest first.
        XCTAssertEqual(try browser.text("h1"), Self.group, "the group's name, < and & as typed")
        let rows = try XCTUnwrap(browser.value(["js", Self.readRows + "return rows;"]) as? [[String]])
        XCTAssertEqual(rows.map { $0[1] }, ["Ana", "Ben", Self.hostile, Self.quoted], "ranked: win %, then goal difference, then name")
        // #, Player, P, W, D, L, Win %, GD, Rating (as the API has it, to one decimal), Form (newest first).
        XCTAssertEqual(rows.first, ["1", "Ana", "2", "1", "1", "0", "50%", "+1", try rating("Ana"), "DW"])
        XCTAssertEqual(rows.last, ["4", Self.quoted, "2", "0", "1", "1", "0%", "-1", try rating(Self.quoted), "DL"])
        let results = try XCTUnwrap(browser.value(["texts", "#matches li"]) as? [String])
        XCTAssertEqual(results.count, 2)
        XCTAssertTrue(results.first?.contains("Team A 1 – 1 Team B\nA: Ana, \(Self.hostile)\nB: Ben, \(Self.quoted)") == true,
                      "the draw first, both sides named: \(results)")
        XCTAssertTrue(results.last?.contains("Team A 3 – 2 Team B") == true, "\(results)")

        // A name made of markup is text: shown as typed, no script of its own, nothing opened.
        XCTAssertEqual(try browser.value(["js", "return document.scripts.length"]) as? Int, 1, "only the page's own script")
        XCTAssertNil(try browser.value(["alert"]), "no alert opened")
        XCTAssertEqual(try browser.value(["js", "return document.querySelectorAll('#table tbody a')[2].textContent"]) as? String, Self.hostile)

        // Nothing wider than the screen: the page never scrolls sideways (the table scrolls in its box).
        let widths = try XCTUnwrap(browser.value(["js", "return [document.documentElement.scrollWidth, window.innerWidth]"]) as? [Int])
        XCTAssertLessThanOrEqual(widths[0], widths[1], "the page is wider than the \(width) px screen")
        // What the table's columns mean is a sentence to read, not to scroll sideways for.
        let overhang = try XCTUnwrap(browser.value(["js", """
            var words = document.querySelector("#table p");
            return Math.round(words.getBoundingClientRect().right - window.innerWidth);
            """]) as? Int)
        XCTAssertLessThanOrEqual(overhang, 0, "at \(width) px the table's explanation runs \(overhang) px past the screen")
        // On a phone, the columns a friend looks for are on screen without scrolling the table.
        let lastColumn = try XCTUnwrap(browser.value(["js", """
            var cells = document.querySelectorAll("#table thead th");
            return Math.round(cells[7].getBoundingClientRect().right - window.innerWidth);
            """]) as? Int)
        XCTAssertLessThanOrEqual(lastColumn, 0, "at \(width) px the goal difference column is \(lastColumn) px off screen")

        // The script wrote the times in the reader's zone (the browser runs in São Paulo, UTC−3).
        let times = try XCTUnwrap(browser.value(["texts", "#matches time"]) as? [String])
        XCTAssertEqual(times.count, 2)
        for time in times {
            XCTAssertFalse(time.hasSuffix(" UTC"), "not rewritten by the page's script: \(time)")
            XCTAssertTrue(time.contains("2026") && time.contains("3:00"), "18:00 UTC is 15:00 in São Paulo: \(time)")
        }
        XCTAssertEqual(try browser.visible("#live"), false, "no match being played yet")

        // A match starts while the page is open: it appears without a reload (the marker survives).
        _ = try browser.value(["js", "window.stillTheSamePage = true"])
        try publish(score: "1-0")
        try browser.waitVisible("#live", seconds: 10)
        XCTAssertEqual(try browser.waitText("#live-score", "1 – 0", seconds: 10), "1 – 0")
        XCTAssertEqual(try browser.value(["texts", "#live-team-a li"]) as? [String], ["Ana", Self.hostile])
        XCTAssertEqual(try browser.value(["texts", "#live-team-b li"]) as? [String], ["Ben", Self.quoted])
        XCTAssertEqual(try browser.text("#live-state"), "Clock running")
        XCTAssertEqual(try browser.value(["js", "return window.stillTheSamePage === true"]) as? Bool, true, "the page was reloaded")
        // Read at a glance: "Team A", the score and "Team B" each on one line ("1 –" above "0" misreads).
        XCTAssertEqual(try browser.value(["js", Self.wrappedScoreline]) as? [String], [],
                       "at \(width) px these parts of the score line break over two lines")

        // A goal: the score changes, and who scored shows under each side, names as typed.
        try publish(score: "1-1", remaining: 290, goals: [["team": "Team A", "scorer": players[Self.hostile] ?? 0, "minute": 3],
                                                          ["team": "Team B", "scorer": players["Ana"] ?? 0, "minute": 5, "ownGoal": true]])
        XCTAssertEqual(try browser.waitText("#live-score", "1 – 1", seconds: 10), "1 – 1")
        XCTAssertEqual(try browser.waitText("#live-goals-a", "\(Self.hostile) 3'", seconds: 10), "\(Self.hostile) 3'")
        XCTAssertEqual(try browser.text("#live-goals-b"), "own goal (Ana) 5'")

        // The clock counts down on the page itself, between the organiser's updates.
        let clock = try XCTUnwrap(browser.text("#live-clock"))
        let first = try XCTUnwrap(seconds(clock), "a clock mm:ss: \(clock)")
        XCTAssertLessThanOrEqual(first, 290)
        let later = try XCTUnwrap(browser.value(["wait-js", """
            var shown = document.getElementById("live-clock").textContent;
            return shown !== arguments[0] ? shown : null;
            """, 3, clock]) as? String)
        XCTAssertLessThan(try XCTUnwrap(seconds(later), later), first, "the clock went down: \(later)")

        // A result saved: the table and the results change in place, times rewritten again.
        try play("0-2", on: "2026-11-22T18:00:00Z", teamA: ["Ana", Self.hostile], teamB: ["Ben", Self.quoted])
        XCTAssertTrue(try browser.waitText("#matches li", "Team A 0 – 2 Team B", seconds: 10).contains("A: Ana, \(Self.hostile)"))
        let ranked = try XCTUnwrap(browser.value(["wait-js", Self.readRows + "return rows.length && rows[0][1] === arguments[0] ? rows : null;",
                                                  2, "Ben"]) as? [[String]])
        // Ben 2 won of 3; Dan and Ana 1 of 3 each, Dan ahead on goal difference (+1 against −1).
        XCTAssertEqual(ranked.map { $0[1] }, ["Ben", Self.quoted, "Ana", Self.hostile])
        XCTAssertEqual(ranked.first, ["1", "Ben", "3", "2", "1", "0", "67%", "+3", try rating("Ben"), "WDW"])
        let newTimes = try XCTUnwrap(browser.value(["texts", "#matches time"]) as? [String])
        XCTAssertEqual(newTimes.count, 3)
        XCTAssertTrue(newTimes.allSatisfy { !$0.hasSuffix(" UTC") }, "the new results' times rewritten too: \(newTimes)")
        XCTAssertEqual(try browser.value(["js", "return window.stillTheSamePage === true"]) as? Bool, true, "the page was reloaded")
        XCTAssertEqual(try browser.visible("#live"), true, "the match stays shown while the table changes")

        // Kept for a person to look at: the whole page, the match and the new result on it.
        let artifacts = Self.packageRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshot = artifacts.appendingPathComponent("share-page-\(width)x\(height).png")
        _ = try browser.value(["screenshot", screenshot.path])
        XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0, 10_000)

        // The organiser ends the match: the box goes.
        let ended = try organiser.request(.delete, "/api/live")
        XCTAssertEqual(ended.status, 204, ended.text)
        try browser.waitHidden("#live", seconds: 10)

        // Names written by the script (textContent) stayed text too.
        XCTAssertNil(try browser.value(["alert"]), "no alert opened")
        XCTAssertEqual(try browser.consoleErrors(), [], "the console at \(width)×\(height)")
    }

    func testAPlayersNameInTheTableOpensTheirRecord() throws {
        let link = try shareLink()
        let browser = try startBrowser()
        _ = try browser.value(["open", link, 360, 740])
        let url = try XCTUnwrap(browser.value(["click", "#table tbody tr:nth-child(3) th a"]) as? String)
        XCTAssertTrue(url.hasSuffix("/players/\(players[Self.hostile] ?? 0)"), url)
        XCTAssertEqual(try browser.text("h1"), Self.hostile)
        XCTAssertEqual(try browser.value(["texts", "#record dd"]) as? [String],
                       ["2: won 0, drawn 1, lost 1", "0%", "3 – 4", "1 drawn", "DL"], "played, win rate, goals, run, form")
        XCTAssertEqual(try browser.value(["texts", "#matches .result"]) as? [String], ["Team A 1 – 1 Team B", "Team A 3 – 2 Team B"])
        XCTAssertEqual(try browser.text("main > p:nth-of-type(2)"), "← " + Self.group, "the way back to the table")
        XCTAssertNil(try browser.value(["alert"]))
        XCTAssertEqual(try browser.consoleErrors(), [])
    }

    /// The season picker: a season's page with its table and awards, then all time, by links
    /// that work with scripts or without, at a phone's width and a laptop's.
    func testTheSeasonPickerOpensASeasonsTableAndAwardsThenAllTime() throws {
        let created = try organiser.request(.post, "/api/seasons", json: ["name": "Week <46>", "startsOn": "2026-11-16",
                                                                          "endsOn": "2026-11-20"])
        XCTAssertEqual(created.status, 201, created.text)
        let season = try XCTUnwrap(created.jsonObject()["id"] as? Int)
        XCTAssertNotNil(try organiser.request(.get, "/api/seasons/\(season)").jsonObject()["awards"], "ended and frozen")
        let link = try shareLink()
        for scripts in [true, false] {
            let browser = try startBrowser(scripts: scripts)
            for (width, height) in [(360, 740), (1280, 800)] {
                try pickSeasons(browser, link: link, season: season, width: width, height: height)
            }
        }
    }

    private func pickSeasons(_ browser: Browser, link: String, season: Int, width: Int, height: Int) throws {
        do {
            _ = try browser.value(["open", link, width, height])
            XCTAssertEqual(try browser.visible("nav.seasons"), true)
            XCTAssertEqual(try browser.value(["texts", "nav.seasons a"]) as? [String], ["All time", "Week <46>"])
            let url = try XCTUnwrap(browser.value(["click", "nav.seasons a[href$='/seasons/\(season)']"]) as? String)
            XCTAssertTrue(url.hasSuffix("/seasons/\(season)"), url)
            let rows = try XCTUnwrap(browser.value(["js", Self.readRows + "return rows;"]) as? [[String]])
            XCTAssertEqual(rows.map { $0[2] }, ["1", "1", "1", "1"], "the season's one match each")
            XCTAssertEqual(try browser.text("#awards dt"), "Most wins")
            XCTAssertEqual(try browser.value(["js", "return document.querySelector('nav.seasons a[aria-current]').textContent"]) as? String,
                           "Week <46>")
            let widths = try XCTUnwrap(browser.value(["js", "return [document.documentElement.scrollWidth, window.innerWidth]"]) as? [Int])
            XCTAssertLessThanOrEqual(widths[0], widths[1], "no sideways scrolling at \(width) px")
            let back = try XCTUnwrap(browser.value(["click", "nav.seasons a[href$='/all-time']"]) as? String)
            XCTAssertTrue(back.hasSuffix("/all-time"), back)
            let all = try XCTUnwrap(browser.value(["js", Self.readRows + "return rows;"]) as? [[String]])
            XCTAssertEqual(all.map { $0[2] }, ["2", "2", "2", "2"], "every match")
            XCTAssertEqual(try browser.consoleErrors(), [], "the console at \(width)×\(height)")
        }
    }

    func testTheRatingHeadingOrdersTheTableByRatingAndBack() throws {
        let link = try shareLink()
        let browser = try startBrowser()
        for (width, height) in [(360, 740), (1280, 800)] {
            try orderByRatingAndBack(browser, link: link, width: width, height: height)
        }
    }

    private func orderByRatingAndBack(_ browser: Browser, link: String, width: Int, height: Int) throws {
        _ = try browser.value(["open", link, width, height])
        let url = try XCTUnwrap(browser.value(["click", "#table thead a[href$='/by-rating']"]) as? String)
        XCTAssertTrue(url.hasSuffix("/by-rating"), url)
        let rows = try XCTUnwrap(browser.value(["js", Self.readRows + "return rows;"]) as? [[String]])
        let means = rows.compactMap { Double($0[8]) }
        XCTAssertEqual(means.count, 4)
        XCTAssertEqual(means, means.sorted(by: >), "highest rating first: \(rows)")
        XCTAssertEqual(rows.map { $0[0] }, ["1", "2", "3", "4"])
        XCTAssertEqual(rows.first?[1], try XCTUnwrap(try organiser.request(.get, "/api/ratings").jsonArray().first?["name"] as? String))
        let back = try XCTUnwrap(browser.value(["click", "#table thead th a"]) as? String)
        XCTAssertFalse(back.hasSuffix("/by-rating"), back)
        let widths = try XCTUnwrap(browser.value(["js", "return [document.documentElement.scrollWidth, window.innerWidth]"]) as? [Int])
        XCTAssertLessThanOrEqual(widths[0], widths[1], "no sideways scrolling at \(width) px")
        XCTAssertEqual(try browser.consoleErrors(), [], "the console at \(width)×\(height)")
    }

    /// A friend who reads with 150 % or 200 % text on a phone: the table keeps Player, P, Win %
    /// and Rating on the screen (the columns that can wait give way), the order by rating and back
    /// is a heading away on both tables, and the live box's long names wrap inside it.
    func testWithLargeTextOnAPhoneTheTableKeepsWhatMattersOnTheScreen() throws {
        try publish(score: "1-0")
        let long = "Bartholomew-Alexander Featherstonehaugh"
        XCTAssertEqual(try organiser.request(.put, "/api/players/\(players["Ana"] ?? 0)", json: ["name": long]).status, 204)
        let link = try shareLink()
        for textSize in [150, 200] {
            let browser = try startBrowser(textSize: textSize)
            defer { browser.quit() }
            for page in [link, link + "/by-rating"] {
                _ = try browser.value(["open", page, 360, 740])
                let shown = try XCTUnwrap(browser.value(["js", """
                    var right = window.innerWidth;
                    return Array.from(document.querySelectorAll("#table thead th")).filter(function (th) {
                      var box = th.getBoundingClientRect();
                      return box.width > 0 && box.left >= 0 && box.right <= right + 0.5;
                    }).map(function (th) { return th.innerText.trim(); });
                    """]) as? [String], "at \(textSize) %")
                for heading in ["Player", "P", "Win %"] {
                    XCTAssertTrue(shown.contains(heading), "\(heading) on the screen at \(textSize) % on \(page): \(shown)")
                }
                XCTAssertTrue(shown.contains { $0.hasPrefix("Rating") }, "Rating on the screen at \(textSize) %: \(shown)")
                XCTAssertTrue(shown.contains("#"), "the way back to the record's order at \(textSize) %: \(shown)")
                let widths = try XCTUnwrap(browser.value(["js", "return [document.documentElement.scrollWidth, window.innerWidth]"]) as? [Int])
                XCTAssertLessThanOrEqual(widths[0], widths[1], "no sideways scrolling at \(textSize) % on \(page)")
                // Nothing spills out of its box: the live box's sides hold their names.
                let spills = try XCTUnwrap(browser.value(["js", """
                    return Array.from(document.querySelectorAll("#live .sides > div, #live, .table-box")).filter(function (box) {
                      return box.getClientRects().length > 0 && box.scrollWidth > box.clientWidth + 1
                        && getComputedStyle(box).overflowX !== "auto";
                    }).map(function (box) { return box.className || box.id; });
                    """]) as? [String])
                XCTAssertEqual(spills, [], "at \(textSize) % on \(page)")
            }
            _ = try browser.value(["open", link, 360, 740])
            let sorted = try XCTUnwrap(browser.value(["click", "#table thead th a[href$='/by-rating']"]) as? String)
            XCTAssertTrue(sorted.hasSuffix("/by-rating"), "the Rating heading orders by rating at \(textSize) %: \(sorted)")
            XCTAssertEqual(try browser.consoleErrors(), [], "the console at \(textSize) %")
        }
        // On a laptop the table by rating fits its box whole, Form included.
        let laptop = try startBrowser()
        _ = try laptop.value(["open", link + "/by-rating", 1280, 800])
        let box = try XCTUnwrap(laptop.value(["js", """
            var box = document.querySelector(".table-box");
            return [box.scrollWidth, box.clientWidth];
            """]) as? [Int])
        XCTAssertLessThanOrEqual(box[0], box[1], "the table by rating scrolls at 1280 px")
    }

    /// The rating's course on a player's page: an inline chart, read by a screen reader as words,
    /// within the screen at a phone's width and a laptop's.
    func testAPlayersPageDrawsTheirRatingsCourse() throws {
        try play("4-0", on: "2026-11-22T18:00:00Z", teamA: ["Ana", Self.hostile], teamB: ["Ben", Self.quoted])
        let link = try shareLink()
        let browser = try startBrowser()
        for (width, height) in [(360, 740), (1280, 800)] {
            _ = try browser.value(["open", link + "/players/\(players["Ana"] ?? 0)", width, height])
            XCTAssertEqual(try browser.text("#rating h2"), "Rating")
            let sentence = try browser.text("#rating p") ?? "", expected = try rating("Ana")
            XCTAssertTrue(sentence.hasPrefix(expected + " (likely between "), sentence)
            let chart = try XCTUnwrap(browser.value(["js", """
                var svg = document.querySelector("#rating svg");
                var box = svg.getBoundingClientRect();
                var line = svg.querySelector("polyline").getAttribute("points").split(" ").length;
                var labels = svg.getAttribute("aria-labelledby").split(" ").map(function (id) { return document.getElementById(id).textContent; });
                return [Math.round(box.width), Math.round(box.height), Math.round(box.right), line, svg.getAttribute("role")].concat(labels);
                """]) as? [Any])
            let (chartWidth, chartHeight, right) = (chart[0] as? Int ?? 0, chart[1] as? Int ?? 0, chart[2] as? Int ?? 0)
            XCTAssertGreaterThan(chartWidth, 150, "at \(width) px: \(chart)")
            XCTAssertGreaterThan(chartHeight, 30, "at \(width) px: \(chart)")
            XCTAssertLessThanOrEqual(right, width, "the chart stays on the screen at \(width) px")
            XCTAssertEqual(chart[3] as? Int, 3, "one point a match")
            XCTAssertEqual(chart[4] as? String, "img")
            XCTAssertEqual(chart[5] as? String, "Rating over the last 3 matches")
            XCTAssertTrue((chart[6] as? String)?.hasPrefix("From ") == true, "\(chart)")
            XCTAssertTrue((chart[6] as? String)?.hasSuffix(expected + ".") == true, "ends at today's rating: \(chart)")
            let widths = try XCTUnwrap(browser.value(["js", "return [document.documentElement.scrollWidth, window.innerWidth]"]) as? [Int])
            XCTAssertLessThanOrEqual(widths[0], widths[1], "no sideways scrolling at \(width) px")
            XCTAssertEqual(try browser.consoleErrors(), [], "no script, no style refused at \(width) px")
        }
        let artifacts = Self.packageRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        _ = try browser.value(["screenshot", artifacts.appendingPathComponent("share-player-rating.png").path])
    }

    /// The server restarted mid-match, the organiser last heard 50 s before: the page shows the
    /// match at once, as it was kept, and says how long ago it was heard (it may be behind).
    func testAfterARestartThePageShowsTheMatchAndSaysHowLongAgoItWasHeard() throws {
        let link = try shareLink()
        try publish(score: "2-1", phase: "paused", remaining: 200)
        server.server.shutdown()
        let copy = server.copyingItsDatabase()
        let restarted = try TestServer(prepareDatabase: { path in
            try copy(path)
            // Heard 50 s before the restart (heard_at is in milliseconds).
            let database = try Database(path: path)
            try database.execute("UPDATE live_matches SET heard_at = heard_at - 50000")
        })
        defer { restarted.stop() }
        let browser = try startBrowser()
        let path = String(link.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
        _ = try browser.value(["open", "http://127.0.0.1:\(restarted.port)" + path, 360, 740])
        try browser.waitVisible("#live", seconds: 10)
        XCTAssertEqual(try browser.text("#live-score"), "2 – 1", "the match as it was kept, not 'no match'")
        let state = try browser.waitText("#live-state", "not heard for", seconds: 10)
        XCTAssertTrue(state.hasPrefix("Paused · not heard for 5"), state)
        XCTAssertEqual(try browser.consoleErrors(), [])
    }

    /// A restart behind a proxy: the stream is answered once with a 502 (which makes the browser's
    /// EventSource give up for good), the page says it is reconnecting, tries again by itself,
    /// and shows the match again once the server is back, without a reload. The table is read
    /// by screen readers politely, the sorted column marked.
    func testThePageReconnectsByItselfAfterAProxys502AndSaysWhenItIsBehind() throws {
        let link = try shareLink()
        let path = String(link.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
        try publish(score: "1-0", phase: "paused", remaining: 400)
        let browser = try startBrowser()
        _ = try browser.value(["open", link, 360, 740])
        try browser.waitVisible("#live", seconds: 10)
        _ = try browser.value(["js", "window.stillTheSamePage = true"])
        XCTAssertEqual(try browser.value(["js", "return document.getElementById('live-score').getAttribute('aria-live')"]) as? String, "polite")
        XCTAssertEqual(try browser.value(["js", "return document.querySelector('th[aria-sort]').textContent.trim()"]) as? String, "#",
                       "ordered by rank, marked so")

        // The server stops; a proxy answers 502 where it was.
        let port = server.port
        server.server.shutdown()
        let proxy = try MisbehavingServer(port: port)
        proxy.answer("GET", path + "/events", with: .html(status: 502, reasonPhrase: "Bad Gateway"))
        XCTAssertTrue(try browser.waitText("#live-state", "reconnecting", seconds: 5).contains("Paused"))
        XCTAssertTrue(waitUntil(timeout: 10) { proxy.requests("GET", path + "/events") >= 1 }, "the page asked again after the 502")

        // Back on the same port, with the match kept across the restart.
        proxy.stop()
        let copy = server.copyingItsDatabase()
        var restarted: TestServer?
        XCTAssertTrue(waitUntil(timeout: 10) {
            restarted = try? TestServer(configure: { $0.http.port = port }, prepareDatabase: copy)
            return restarted != nil
        }, "the port is free again")
        defer { restarted?.stop() }
        let state = try browser.waitText("#live-state", "Paused", seconds: 40)
        XCTAssertEqual(try browser.value(["wait-js", "return !document.getElementById('live-state').textContent.includes('reconnecting')",
                                          40]) as? Bool, true, state)
        XCTAssertEqual(try browser.text("#live-score"), "1 – 0")
        XCTAssertEqual(try browser.value(["js", "return window.stillTheSamePage === true"]) as? Bool, true, "no reload")
    }

    /// A player's matches a page at a time, with scripts on and off, at a phone's size and a
    /// laptop's: the links both ways are followed as a friend clicks them, nothing runs off the
    /// screen, the console stays clean, and the preview card's tags are in the head.
    func testAPlayersMatchesPageBothWaysWithScriptsOnAndOff() throws {
        for day in 0..<22 {
            try play("\(day % 3)-1", on: String(format: "2026-09-%02dT18:00:00Z", day + 1), teamA: ["Ana"], teamB: ["Ben"])
        }
        let link = try shareLink()
        for scripts in [true, false] {
            let browser = try startBrowser(scripts: scripts)
            defer { browser.quit() }
            for (width, height) in [(360, 740), (1280, 800)] {
                _ = try browser.value(["open", link + "/players/\(players["Ana"] ?? 0)", width, height])
                let said = "scripts \(scripts ? "on" : "off"), \(width) px"
                // The page's script rewrites times in the reader's zone: proof of whether it ran.
                let time = try XCTUnwrap(browser.value(["js", "return document.querySelector('#matches time').textContent"]) as? String)
                XCTAssertEqual(time.hasSuffix(" UTC"), !scripts, "\(said): \(time)")
                XCTAssertEqual(try browser.value(["js", "return document.querySelectorAll('#matches li').length"]) as? Int, 20, said)
                XCTAssertEqual(try browser.value(["js", "return document.querySelector('meta[property=\"og:title\"]') !== null"]) as? Bool,
                               true, said)
                _ = try browser.value(["click", "#matches p:last-of-type a"])
                XCTAssertEqual(try browser.text("#matches h2"), "Older matches", said)
                XCTAssertEqual(try browser.value(["js", "return document.querySelectorAll('#matches li').length"]) as? Int, 2 + 22 - 20, said)
                let widths = try XCTUnwrap(browser.value(["js", "return [document.documentElement.scrollWidth, window.innerWidth]"]) as? [Int])
                XCTAssertLessThanOrEqual(widths[0], widths[1], "no sideways scrolling, \(said)")
                _ = try browser.value(["click", "#matches p a"])
                XCTAssertEqual(try browser.text("#matches h2"), "Matches", "back to the latest, \(said)")
                XCTAssertEqual(try browser.consoleErrors(), [], said)
            }
        }
    }

    func testALinkThatDoesNotExistSaysSo() throws {
        let missing = "/s/" + String(repeating: "A", count: 43)
        // The status a browser gets, which the page itself cannot show.
        XCTAssertEqual(try server.client().request(.get, missing).status, 404)
        let browser = try startBrowser()
        _ = try browser.value(["open", "http://127.0.0.1:\(server.port)" + missing, 360, 740])
        XCTAssertEqual(try browser.text("h1"), "This link does not work")
        XCTAssertTrue(try browser.text("main")?.contains("Ask them for a new one.") == true)
        // The one error is the 404 itself, which Chromium logs for the document.
        XCTAssertEqual(try browser.consoleErrors().filter { !$0.contains("\(missing) - Failed to load resource: the server responded with a status of 404") },
                       [])
    }

    /// The parts of the live score line (`Team A`, the score, `Team B`) whose text takes more than one line.
    private static let wrappedScoreline = """
        return Array.from(document.querySelectorAll("#live .scoreline > *")).filter(function (part) {
          var range = document.createRange();
          range.selectNodeContents(part);
          var lines = {};
          Array.from(range.getClientRects()).forEach(function (rect) { lines[Math.round(rect.top)] = true; });
          return Object.keys(lines).length > 1;
        }).map(function (part) { return part.textContent; });
        """

    /// `mm:ss` in seconds.
    private func seconds(_ clock: String?) -> Int? {
        guard let parts = clock?.split(separator: ":"), parts.count == 2, let minutes = Int(parts[0]), let rest = Int(parts[1]) else { return nil }
        return minutes * 60 + rest
    }

    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
