import Foundation
import GatherServer
import HTTP
import XCTest

/// Personal links (`/p/<token>`): a friend answers "who's in?" for themselves, without an
/// account, from a page that works with a plain form.
final class PersonalLinkTests: XCTestCase {
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

    private struct Group {
        let organiser: APIClient
        let players: [Int]
        let fixture: Int
    }

    private func group(players count: Int = 3, places: Int = 2) throws -> Group {
        let organiser = try server.registeredClient().client
        let players = try (1...count).map { index in
            try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": "Friend \(index)", "age": 41,
                                                                               "favouriteTeam": "Ajax"]).jsonObject()["id"] as? Int)
        }
        let fixture = try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-03T19:00:00+01:00",
                                                                             "place": "Sportpark <Noord>", "places": places]).jsonObject()
        return Group(organiser: organiser, players: players, fixture: try XCTUnwrap(fixture["id"] as? Int))
    }

    private func link(_ group: Group, player: Int) throws -> String {
        let made = try group.organiser.request(.post, "/api/players/\(player)/link")
        XCTAssertEqual(made.status, 201, made.text)
        let body = try made.jsonObject()
        XCTAssertEqual(made.headers["Location"], "/api/players/\(player)/link")
        let path = try XCTUnwrap(body["path"] as? String)
        XCTAssertNotNil(path.range(of: #"^/p/[A-Za-z0-9_-]{43}$"#, options: .regularExpression), path)
        return path
    }

    private func answer(_ path: String, fixture: Int, _ answer: String, headers: HTTPHeaders = HTTPHeaders()) throws -> ReceivedResponse {
        var headers = headers
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        return try server.client(token: nil).request(.post, "\(path)/fixtures/\(fixture)/answer", rawBody: "answer=\(answer)", headers: headers)
    }

    private func answers(_ group: Group) throws -> [Int: [String: Any]] {
        let fixture = try group.organiser.request(.get, "/api/fixtures/\(group.fixture)").jsonObject()
        var byPlayer: [Int: [String: Any]] = [:]
        for answer in fixture["answers"] as? [[String: Any]] ?? [] {
            if let id = answer["playerId"] as? Int { byPlayer[id] = answer }
        }
        return byPlayer
    }

    /// What a reader sees of a page: its main part, character references read.
    private func visible(_ response: ReceivedResponse) -> String {
        let text = response.text
        guard let start = text.range(of: "<main"), let end = text.range(of: "</main>") else { return "" }
        // The text a reader sees: tags (and the link's token in their addresses) left out.
        return String(text[start.lowerBound..<end.upperBound]).replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    func testAFriendAnswersFromTheirPageAndSeesTheirPlace() throws {
        let group = try group()
        let path = try link(group, player: group.players[0])
        let anonymous = try server.client(token: nil)

        let page = try anonymous.request(.get, path)
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertEqual(page.headers["Cache-Control"], "private, no-cache")
        XCTAssertTrue(page.headers["Content-Security-Policy"]?.contains("form-action 'self'") ?? false)
        XCTAssertTrue(page.text.contains("Thu 3 Dec, 19:00"), "the kick-off in the fixture's zone")
        XCTAssertTrue(page.text.contains("Sportpark &lt;Noord&gt;"), "escaped")
        XCTAssertTrue(visible(page).contains("You haven't answered yet."), page.text)
        XCTAssertTrue(page.text.contains(#"action="\#(path)/fixtures/\#(group.fixture)/answer""#))
        XCTAssertNil(visible(page).range(of: #"\b41\b"#, options: .regularExpression), "no ages: \(visible(page))")
        XCTAssertFalse(page.text.contains("Ajax"), "no favourite teams")

        let answered = try answer(path, fixture: group.fixture, "in")
        XCTAssertEqual(answered.status, 303, answered.text)
        XCTAssertEqual(answered.headers["Location"], "\(path)#fixture-\(group.fixture)")
        XCTAssertEqual(try answers(group)[group.players[0]]?["place"] as? Int, 1)
        XCTAssertTrue(visible(try anonymous.request(.get, path)).contains("You're in: place 1 of 2."))

        // Two more friends: the third waits, and moves up when the first drops out.
        let second = try link(group, player: group.players[1])
        let third = try link(group, player: group.players[2])
        XCTAssertEqual(try answer(second, fixture: group.fixture, "in").status, 303)
        XCTAssertEqual(try answer(third, fixture: group.fixture, "in").status, 303)
        XCTAssertTrue(visible(try anonymous.request(.get, third)).contains("You're 1st on the waiting list."))
        XCTAssertEqual(try answer(path, fixture: group.fixture, "out").status, 303)
        let promoted = visible(try anonymous.request(.get, third))
        XCTAssertTrue(promoted.contains("You're in — moved up from the waiting list (place 2 of 2)."), promoted)
        XCTAssertTrue(promoted.contains("2 of 2 in"))

        let state = try group.organiser.request(.get, "/api/players/\(group.players[0])/link").jsonObject()
        XCTAssertNotNil(state["createdAt"] as? String)
        XCTAssertEqual(Set(state.keys), ["createdAt", "lastUsedAt"], "never the link itself")
    }

    func testAFriendsPageShowsTheirRecordTheTableAndTheLatestResultsWithoutLinksToOtherPages() throws {
        let group = try group(players: 3)
        let path = try link(group, player: group.players[1])
        let anonymous = try server.client(token: nil)
        let before = visible(try anonymous.request(.get, path))
        XCTAssertTrue(before.contains("No finished match yet: your record starts with your first."), before)
        XCTAssertFalse(before.contains("Player P"), "no table before anyone played")

        try group.organiser.saveMatch("3-1", on: "2026-11-20T18:00:00Z", teamA: [group.players[1], group.players[2]], teamB: [group.players[0]])
        try group.organiser.saveMatch("0-2", on: "2026-11-24T18:00:00Z", teamA: [group.players[1]], teamB: [group.players[0], group.players[2]])
        let page = try anonymous.request(.get, path)
        let text = visible(page)
        XCTAssertTrue(text.contains("Your record"), text)
        XCTAssertTrue(text.contains("Played 2: won 1, drawn 0, lost 1 · win 50% · "), text)
        XCTAssertTrue(text.contains("Team A 0 – 2 Team B"), "the latest results, newest first: \(text)")
        XCTAssertLessThan(text.range(of: "Team A 0 – 2 Team B")?.lowerBound ?? text.endIndex,
                          text.range(of: "Team A 3 – 1 Team B")?.lowerBound ?? text.startIndex)
        let table = try XCTUnwrap(page.text.components(separatedBy: "<section id=\"table\">").last?.components(separatedBy: "</section>").first)
        for index in 0..<3 { XCTAssertTrue(table.contains("Friend \(index + 1)"), table) }
        XCTAssertFalse(page.text.contains("/s/"), "no share link's pages: the friend has none")
        XCTAssertFalse(table.contains("<a "), "names without links")
        XCTAssertNil(text.range(of: #"\b41\b"#, options: .regularExpression), "no ages: \(text)")
    }

    func testARevokedReplacedOrDeletedPlayersLinkIsTheSameNotFound() throws {
        let group = try group()
        let anonymous = try server.client(token: nil)
        let unknown = try anonymous.request(.get, "/p/" + String(repeating: "A", count: 43))
        XCTAssertEqual(unknown.status, 404)

        let revoked = try link(group, player: group.players[0])
        XCTAssertEqual(try group.organiser.request(.delete, "/api/players/\(group.players[0])/link").status, 204)
        XCTAssertEqual(try anonymous.request(.get, revoked).status, 404)
        XCTAssertEqual(try anonymous.request(.get, revoked).text, unknown.text, "nothing tells a revoked link from an unknown one")
        XCTAssertEqual(try answer(revoked, fixture: group.fixture, "in").status, 404)

        let replaced = try link(group, player: group.players[1])
        let replacement = try link(group, player: group.players[1])
        XCTAssertEqual(try anonymous.request(.get, replaced).status, 404, "a new link replaces the old")
        XCTAssertEqual(try anonymous.request(.get, replacement).status, 200)

        let deleted = try link(group, player: group.players[2])
        XCTAssertEqual(try group.organiser.request(.delete, "/api/players/\(group.players[2])").status, 204)
        XCTAssertEqual(try anonymous.request(.get, deleted).status, 404)
        XCTAssertTrue(try answers(group).isEmpty, "no answer was saved through a dead link")
    }

    func testAnAnswerPostedFromAnotherSiteIsRefused() throws {
        let group = try group()
        let path = try link(group, player: group.players[0])
        let crossSite = try answer(path, fixture: group.fixture, "in", headers: ["Sec-Fetch-Site": "cross-site"])
        XCTAssertEqual(crossSite.status, 403, crossSite.text)
        XCTAssertTrue(crossSite.text.contains("Your answer was not saved"))
        let otherOrigin = try answer(path, fixture: group.fixture, "in", headers: ["Origin": "https://evil.example", "Host": "gather.example"])
        XCTAssertEqual(otherOrigin.status, 403)
        XCTAssertTrue(try answers(group).isEmpty)
        let sameOrigin = try answer(path, fixture: group.fixture, "in", headers: ["Sec-Fetch-Site": "same-origin"])
        XCTAssertEqual(sameOrigin.status, 303)
    }

    func testALinkReachesOnlyItsOwnGroupsFixtures() throws {
        let mine = try group()
        let theirs = try group()
        let path = try link(mine, player: mine.players[0])
        let refused = try answer(path, fixture: theirs.fixture, "in")
        XCTAssertEqual(refused.status, 404, refused.text)
        XCTAssertTrue(try answers(theirs).isEmpty)
        let badAnswer = try answer(path, fixture: mine.fixture, "yes")
        XCTAssertEqual(badAnswer.status, 400)
        XCTAssertTrue(badAnswer.text.contains("in, out or maybe"))
    }

    func testAFlurryFromOneLinkIsSlowedDown() throws {
        let group = try group()
        let path = try link(group, player: group.players[0])
        var statuses: [Int] = []
        for index in 0..<25 { statuses.append(try answer(path, fixture: group.fixture, index % 2 == 0 ? "in" : "out").status) }
        XCTAssertEqual(statuses.prefix(20).filter { $0 == 303 }.count, 20, "a friend changing their mind is never refused")
        XCTAssertTrue(statuses.suffix(5).contains(429), "\(statuses)")
        clock.advance(by: 60)
        XCTAssertEqual(try answer(path, fixture: group.fixture, "in").status, 303)
    }

    func testMakingALinkNeedsALoginAndAnOrganiser() throws {
        let group = try group()
        let token = try group.organiser.request(.post, "/api/tokens", json: ["name": "script", "scope": "write"]).jsonObject()
        let script = try server.client(token: try XCTUnwrap(token["token"] as? String))
        XCTAssertEqual(try script.request(.post, "/api/players/\(group.players[0])/link").status, 403)
        XCTAssertEqual(try group.organiser.request(.post, "/api/players/999999/link").status, 404)
    }
}
