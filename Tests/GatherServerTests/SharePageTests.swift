import Foundation
import GatherServer
import HTTP
import Storage
import TestSupport
import XCTest

/// A share link's pages as a friend's phone gets them: what they show, escaped; the headers that
/// keep them safe and cheap to reload; the same 404 for every link that does not work; views.
final class SharePageTests: XCTestCase {
    private var server: InProcessAPI!
    private var organiser: APIClient!
    private var players: [String: Int] = [:]

    override func setUpWithError() throws {
        server = try InProcessAPI()
        organiser = try server.registeredClient().client
        for name in ["Ana", "Ben", "<script>alert(1)</script>", "Dan \"the man\" & co"] {
            players[name] = try XCTUnwrap(organiser.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
        }
        try play("3-2", on: "2026-11-20T18:00:00Z", teamA: ["Ana", "Ben"], teamB: ["<script>alert(1)</script>", "Dan \"the man\" & co"])
        try play("1-1", on: "2026-11-21T18:00:00Z", teamA: ["Ana", "<script>alert(1)</script>"], teamB: ["Ben", "Dan \"the man\" & co"])
    }

    override func tearDown() {
        server?.stop()
    }

    @discardableResult
    private func play(_ score: String, on date: String, teamA: [String], teamB: [String]) throws -> String {
        try organiser.saveMatch(score, on: date, teamA: teamA.map { players[$0] ?? 0 }, teamB: teamB.map { players[$0] ?? 0 })
    }

    private func share(_ name: String = "Thursday <five> & friends") throws -> (path: String, id: Int) {
        let created = try organiser.request(.post, "/api/shares", json: ["name": name]).jsonObject()
        return (try XCTUnwrap(created["path"] as? String), try XCTUnwrap(created["id"] as? Int))
    }

    private func get(_ path: String, headers: HTTPHeaders = HTTPHeaders()) throws -> ReceivedResponse {
        try server.client().request(.get, path, headers: headers)
    }

    func testTheTopScorersAreOnTheFrontPageOnceSomeoneScoredAndOnTheirOwnPage() throws {
        let path = try share().path
        XCTAssertFalse(try get(path).text.contains("Top scorers"), "nobody has scored yet")
        let hostile = "<script>alert(1)</script>"
        try organiser.saveMatch("2-0", on: "2026-11-22T18:00:00Z", teamA: [players[hostile] ?? 0, players["Ben"] ?? 0],
                                teamB: [players["Ana"] ?? 0],
                                goals: [["team": "Team A", "scorer": players[hostile] ?? 0, "assist": players["Ben"] ?? 0],
                                        ["team": "Team A", "scorer": players[hostile] ?? 0]])

        let html = try get(path).text
        let section = try XCTUnwrap(html.components(separatedBy: "<section id=\"scorers\">").last?.components(separatedBy: "</section>").first)
        XCTAssertTrue(section.contains("<h2>Top scorers</h2>"), section)
        let rows = section.components(separatedBy: "<tr>").dropFirst(2)
        XCTAssertEqual(rows.count, 2)
        XCTAssertTrue(rows.first?.contains("&lt;script&gt;alert(1)&lt;/script&gt;") == true, section)
        XCTAssertTrue(rows.first?.contains(#"<td class="number">2</td><td class="number">0</td><td class="number">3</td>"#) == true,
                      "2 goals, no assist, 3 matches: \(section)")
        XCTAssertTrue(rows.last?.contains(#"<bdi>Ben</bdi></a></th><td class="number">0</td><td class="number">1</td>"#) == true, section)
        XCTAssertFalse(html.contains("alert(1)</script>"))

        let ben = try get("\(path)/players/\(players["Ben"] ?? 0)").text
        XCTAssertTrue(ben.contains("<dt>Scored and made</dt><dd>0 scored, 1 made</dd>"), ben)
        XCTAssertFalse(try get("\(path)/players/\(players["Ana"] ?? 0)").text.contains("Scored and made"), "neither, not shown")
    }

    func testTheFrontPageIsTheSeasonUnderWayWithAPickerAndAnEndedSeasonShowsItsAwards() throws {
        let path = try share().path
        XCTAssertFalse(try get(path).text.contains("aria-label=\"Seasons\""), "no seasons, no picker")
        func season(_ name: String, _ from: Date, _ to: Date) throws -> Int {
            let day = DateFormatter()
            day.dateFormat = "yyyy-MM-dd"
            day.timeZone = TimeZone(identifier: "UTC")
            let made = try organiser.request(.post, "/api/seasons", json: ["name": name, "startsOn": day.string(from: from),
                                                                            "endsOn": day.string(from: to)])
            XCTAssertEqual(made.status, 201, made.text)
            return try XCTUnwrap(made.jsonObject()["id"] as? Int)
        }
        let autumn = try season("Autumn <2026>", ISO8601DateFormatter().date(from: "2026-11-01T00:00:00Z") ?? Date(),
                                ISO8601DateFormatter().date(from: "2026-11-22T00:00:00Z") ?? Date())
        let now = try season("This one", Date().addingTimeInterval(-86_400 * 3), Date().addingTimeInterval(86_400 * 30))
        _ = try organiser.request(.get, "/api/seasons/\(autumn)")

        let front = try get(path).text
        XCTAssertTrue(front.contains("No finished match in this season yet."), "the season under way, nobody played in it yet")
        XCTAssertTrue(front.contains(#"<nav class="seasons" aria-label="Seasons">"#), front)
        XCTAssertTrue(front.contains(#"<a href="\#(path)/seasons/\#(now)" aria-current="page"><bdi>This one</bdi></a>"#), front)
        XCTAssertTrue(front.contains(#"<a href="\#(path)/seasons/\#(autumn)"><bdi>Autumn &lt;2026&gt;</bdi></a>"#), front)
        XCTAssertTrue(front.contains(#"<a href="\#(path)/all-time">All time</a>"#))

        let allTime = try get("\(path)/all-time")
        XCTAssertEqual(allTime.status, 200)
        XCTAssertTrue(allTime.text.contains(#"<a href="\#(path)/all-time" aria-current="page">All time</a>"#))
        XCTAssertEqual(allTime.text.components(separatedBy: "<tbody>")[1].components(separatedBy: "<tr>").count - 1, 4, "everyone who played")

        let ended = try get("\(path)/seasons/\(autumn)").text
        XCTAssertTrue(ended.contains("Autumn &lt;2026&gt;: 2026-11-01 to 2026-11-22"), ended)
        XCTAssertTrue(ended.contains("<h2>Awards</h2>"), ended)
        XCTAssertTrue(ended.contains("<dt>Most wins</dt>"), ended)
        XCTAssertTrue(ended.contains("<dt>Best attendance</dt><dd><bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>, <bdi>Ana</bdi>"), ended)
        XCTAssertEqual(try get("\(path)/seasons/999").status, 404)
        XCTAssertEqual(try get("\(path)/seasons/x").status, 404)
    }

    func testTheFrontPageShowsTheTableAndTheResultsWithEveryNameEscaped() throws {
        let path = try share().path
        let page = try get(path)
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["Content-Type"], "text/html; charset=utf-8")
        let html = page.text
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html><html lang=\"en\">"))
        XCTAssertTrue(html.contains("<title>Thursday &lt;five&gt; &amp; friends</title>"), html)
        XCTAssertTrue(html.contains("<h1><bdi>Thursday &lt;five&gt; &amp; friends</bdi></h1>"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(html.contains("Dan &quot;the man&quot; &amp; co"))
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1, "only the page's own script")
        XCTAssertFalse(html.contains("alert(1)</script>"))

        // The table, by win rate, then games, goal difference and name: Ana and Ben each won one and drew one.
        let rows = try XCTUnwrap(html.range(of: "<tbody>")).upperBound
        let table = String(html[rows...].components(separatedBy: "</tbody>")[0])
        let ranked = table.components(separatedBy: "<tr>").dropFirst().map { row in
            row.range(of: #"<bdi>(.*?)</bdi>"#, options: .regularExpression).map { String(row[$0]).dropFirst(5).dropLast(6) } ?? ""
        }
        XCTAssertEqual(ranked, ["Ana", "Ben", "&lt;script&gt;alert(1)&lt;/script&gt;", "Dan &quot;the man&quot; &amp; co"])
        XCTAssertTrue(table.contains(#"<td class="number">2</td><td class="number extra">1</td><td class="number extra">1</td><td class="number extra">0</td><td class="number">50%</td><td class="number extra">+1</td>"#),
                      "Ana: P2 W1 D1 L0, 50 %, +1: \(table)")
        XCTAssertTrue(table.contains(#"<span class="won" title="won">W</span>"#), "form")
        XCTAssertTrue(table.contains(#"<a href="\#(path)/players/\#(players["Ana"] ?? 0)"><bdi>Ana</bdi></a>"#), "a link to her page")

        // The latest results, newest first, with both teams and their dates.
        let results = try XCTUnwrap(html.components(separatedBy: "<section id=\"matches\">").last)
        let draw = try XCTUnwrap(results.range(of: "Team A 1 – 1 Team B"))
        let win = try XCTUnwrap(results.range(of: "Team A 3 – 2 Team B"))
        XCTAssertLessThan(draw.lowerBound, win.lowerBound, "newest first")
        XCTAssertTrue(results.contains(#"<time datetime="2026-11-21T18:00:00Z">2026-11-21 18:00 UTC</time>"#))
        XCTAssertTrue(html.contains(#"<section id="live" class="live" aria-label="The match being played" hidden>"#), "no match being played")
    }

    func testHeadersKeepThePageToItselfAndAReloadCheap() throws {
        let path = try share().path
        let first = try get(path)
        let policy = try XCTUnwrap(first.headers["Content-Security-Policy"])
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; style-src 'sha256-"), policy)
        XCTAssertFalse(policy.contains("unsafe"))
        XCTAssertTrue(policy.contains("frame-ancestors 'none'"))
        XCTAssertEqual(first.headers["X-Content-Type-Options"], "nosniff")
        XCTAssertEqual(first.headers["Referrer-Policy"], "no-referrer")
        XCTAssertEqual(first.headers["X-Robots-Tag"], "noindex, nofollow")
        XCTAssertEqual(first.headers["Cache-Control"], "private, no-cache")
        let etag = try XCTUnwrap(first.headers["ETag"])

        let again = try get(path, headers: ["If-None-Match": etag])
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
        XCTAssertEqual(again.headers["ETag"], etag)
        XCTAssertEqual(try get(path, headers: ["If-None-Match": "\"other\", W/\(etag)"]).status, 304, "a list, weakly compared")
        XCTAssertEqual(try get(path, headers: ["If-None-Match": "\"other\""]).status, 200)
        XCTAssertEqual(try server.client().request(.head, path).status, 200)

        // A result saved changes the page at once: another tag, the new score.
        try play("0-4", on: "2026-11-22T18:00:00Z", teamA: ["Ana"], teamB: ["Ben"])
        let changed = try get(path, headers: ["If-None-Match": etag])
        XCTAssertEqual(changed.status, 200)
        XCTAssertNotEqual(changed.headers["ETag"], etag)
        XCTAssertTrue(changed.text.contains("Team A 0 – 4 Team B"))
    }

    func testEveryLinkThatDoesNotWorkGetsTheSamePage() throws {
        let (path, id) = try share()
        let unknown = try get("/s/" + String(repeating: "A", count: 43))
        XCTAssertEqual(unknown.status, 404)
        XCTAssertTrue(unknown.text.contains("This link does not work"))
        XCTAssertEqual(unknown.headers["Content-Type"], "text/html; charset=utf-8")
        XCTAssertEqual(try get("/s/short").body, unknown.body)
        XCTAssertEqual(try get(path + "x").body, unknown.body)
        XCTAssertEqual(try get(path + "/players/999999").body, unknown.body)
        XCTAssertEqual(try get(path + "/players/abc").body, unknown.body)
        XCTAssertEqual(try get(path + "/matches/6F9619FF-8B86-D011-B42D-00C04FC964FF").body, unknown.body)

        XCTAssertEqual(try get(path).status, 200)
        XCTAssertEqual(try organiser.request(.delete, "/api/shares/\(id)").status, 204)
        let revoked = try get(path)
        XCTAssertEqual(revoked.status, 404, "revoked: from the next request on")
        XCTAssertEqual(revoked.body, unknown.body, "a revoked link looks like one that never was")

        // Another account's link never shows this organiser's players.
        let stranger = try server.registeredClient().client
        let theirs = try XCTUnwrap(stranger.request(.post, "/api/shares", json: ["name": "Other"]).jsonObject()["path"] as? String)
        let other = try get(theirs)
        XCTAssertEqual(other.status, 200)
        XCTAssertFalse(other.text.contains("Ana"))
        XCTAssertTrue(other.text.contains("No one has played a finished match yet."))
        XCTAssertEqual(try get(theirs + "/players/\(players["Ana"] ?? 0)").status, 404, "not their player")
    }

    func testAPlayersPageAndOlderResults() throws {
        let path = try share().path
        let ana = try get(path + "/players/\(players["Ana"] ?? 0)")
        XCTAssertEqual(ana.status, 200)
        XCTAssertTrue(ana.text.contains("<h1><bdi>Ana</bdi></h1>"))
        XCTAssertTrue(ana.text.contains("<dd>2: won 1, drawn 1, lost 0</dd>"), ana.text)
        XCTAssertTrue(ana.text.contains("Team A 1 – 1 Team B") && ana.text.contains("Team A 3 – 2 Team B"))

        // Thirty more results: the front page shows ten and links to the rest, a page at a time.
        for day in 0..<30 {
            try play("\(day % 4)-1", on: String(format: "2026-10-%02dT18:00:00Z", day + 1), teamA: ["Ana"], teamB: ["Ben"])
        }
        let front = try get(path).text
        XCTAssertEqual(front.components(separatedBy: "<li>").count - 1, 10)
        let link = try XCTUnwrap(front.range(of: #"href="(/s/[^"]+/matches/[^"]+)""#, options: .regularExpression))
        let older = String(front[link].dropFirst(6).dropLast())
        let second = try get(older)
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(second.text.components(separatedBy: "<li>").count - 1, 20)
        XCTAssertTrue(second.text.contains("Older results"))
    }

    func testAPlayersPagePagesThroughEveryMatchBothWays() throws {
        let path = try share().path
        let ana = path + "/players/\(players["Ana"] ?? 0)"
        let played = try XCTUnwrap(get(ana).text.components(separatedBy: "<li>").count) - 1
        // Twenty-five more for Ana: the page shows the latest twenty and links to the rest.
        for day in 0..<25 {
            try play("\(day % 3)-1", on: String(format: "2026-09-%02dT18:00:00Z", day + 1), teamA: ["Ana"], teamB: ["Ben"])
        }
        let first = try get(ana).text
        XCTAssertEqual(first.components(separatedBy: "<li>").count - 1, 20)
        XCTAssertFalse(first.contains("← Latest matches"))
        let link = try XCTUnwrap(first.range(of: #"href="(/s/[^"]+/players/[0-9]+/matches/[^"]+)">Older matches"#, options: .regularExpression))
        let older = String(first[link].dropFirst(6).prefix { $0 != "\"" })
        let second = try get(older)
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(second.text.components(separatedBy: "<li>").count - 1, played + 25 - 20, "the rest, none twice")
        XCTAssertTrue(second.text.contains("<h2>Older matches</h2>"))
        XCTAssertTrue(second.text.contains(#"← Latest matches"#), "the way back")
        XCTAssertFalse(second.text.contains("Older matches →"), "nothing older")
        XCTAssertEqual(try get(path + "/players/\(players["Ana"] ?? 0)/matches/6F9619FF-8B86-D011-B42D-00C04FC964FF").status, 404,
                       "not one of the group's matches")
    }

    func testOlderResultsAreOfferedOnlyWhenThereAreSome() throws {
        let path = try share().path
        let ended = try organiser.request(.get, "/api/gathers?status=ended&limit=200").jsonArray().count
        // Exactly a front page's worth (ten): nothing older to offer.
        for day in 0..<(10 - ended) {
            try play("1-0", on: String(format: "2026-09-%02dT18:00:00Z", day + 1), teamA: ["Ana"], teamB: ["Ben"])
        }
        XCTAssertFalse(try get(path).text.contains("Older results →"), "ten results, none older")
        try play("2-0", on: "2026-08-01T18:00:00Z", teamA: ["Ana"], teamB: ["Ben"])
        XCTAssertTrue(try get(path).text.contains("Older results →"), "an eleventh")
    }

    func testALinkPastedInAChatGetsAPreviewCardThatIsNotCountedAsAView() throws {
        let (path, id) = try share()
        let whatsapp: HTTPHeaders = ["User-Agent": "WhatsApp/2.23.20.0 A"]
        let card = try get(path, headers: whatsapp).text
        XCTAssertTrue(card.contains(#"<meta property="og:type" content="website">"#), card)
        XCTAssertTrue(card.contains(#"<meta property="og:title" content=""#), card)
        XCTAssertTrue(card.contains(#"<meta property="og:description" content="Latest result: Team A"#), card)
        XCTAssertFalse(card.contains(#"content="<script"#), "names escaped in the card's text")
        XCTAssertTrue(card.contains(#"<meta name="twitter:card" content="summary">"#), card)
        for agent in ["TelegramBot (like TwitterBot)", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
                      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"] {
            XCTAssertEqual(try get(path, headers: ["User-Agent": agent]).status, 200)
        }
        // A friend reading it is counted (the first view of a batch is written at once): one, not five.
        XCTAssertEqual(try get(path, headers: ["User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile"]).status, 200)
        XCTAssertTrue(waitUntil {
            (try? self.organiser.request(.get, "/api/shares").jsonArray().first { $0["id"] as? Int == id }?["views"] as? Int) ?? 0 >= 1
        })
        XCTAssertEqual(try organiser.request(.get, "/api/shares").jsonArray().first { $0["id"] as? Int == id }?["views"] as? Int, 1)
    }

    func testViewsAreCountedForTheOrganiser() throws {
        let (path, id) = try share()
        for _ in 0..<3 { XCTAssertEqual(try get(path).status, 200) }
        // The first view is written at once, the rest with the next batch.
        XCTAssertTrue(waitUntil {
            (try? self.organiser.request(.get, "/api/shares").jsonArray().first { $0["id"] as? Int == id }?["views"] as? Int) ?? 0 >= 1
        })
        let listed = try XCTUnwrap(organiser.request(.get, "/api/shares").jsonArray().first)
        XCTAssertNotNil(listed["lastViewedAt"] as? String)
    }

    func testTheMatchBeingPlayedIsOnThePageForReadersWithoutScripts() throws {
        let path = try share().path
        let update: [String: Any] = ["gatherId": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "teamA": [players["Ana"] ?? 0],
                                     "teamB": [players["<script>alert(1)</script>"] ?? 0], "score": "2-1", "phase": "paused",
                                     "remainingSeconds": 125, "durationSeconds": 600]
        XCTAssertEqual(try organiser.request(.put, "/api/live", json: update).status, 204)
        let html = try get(path).text
        XCTAssertTrue(html.contains(#"<section id="live" class="live" aria-label="The match being played">"#), "shown")
        XCTAssertTrue(html.contains(#"<strong id="live-score" aria-live="polite">2 – 1</strong>"#), "a goal read out politely")
        XCTAssertTrue(html.contains(#"<p id="live-clock" class="clock">02:05</p>"#))
        XCTAssertTrue(html.contains("<li><bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi></li>"))
        XCTAssertEqual(try organiser.request(.delete, "/api/live").status, 204)
        XCTAssertTrue(try get(path).text.contains("aria-label=\"The match being played\" hidden>"), "gone with the match")
    }
}
