import Foundation
import GatherDomain
import GatherServer
import HTTP
import XCTest

/// `GET /api/gathers` with `status`, `limit` and `before`: newest first, a page at a time; without
/// them, the original list.
final class GatherListTests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!

    override func setUpWithError() throws {
        server = try InProcessAPI.withTickingClock()
        client = try server.registeredClient().client
    }

    override func tearDown() {
        server.stop()
    }

    /// Creates gathers in order; the names say which are ended (E) and unfinished (U).
    private func makeGathers(_ kinds: String) throws -> [String] {
        try kinds.map { kind in
            let body: [String: Any] = kind == "E" ? ["score": "1-0", "winnerTeam": "Team A"] : [:]
            return try XCTUnwrap(client.request(.post, "/api/gathers", json: body).jsonObject()["id"] as? String)
        }
    }

    private func ids(_ target: String) throws -> [String] {
        let response = try client.request(.get, target)
        XCTAssertEqual(response.status, 200, response.text)
        return try response.jsonArray().compactMap { $0["id"] as? String }
    }

    func testStatusLimitAndBeforePageNewestFirst() throws {
        let made = try makeGathers("EUEUE")
        XCTAssertEqual(try ids("/api/gathers"), made, "no parameters: the original order, oldest first")
        XCTAssertEqual(try ids("/api/gathers?status=ended"), [made[4], made[2], made[0]])
        XCTAssertEqual(try ids("/api/gathers?status=unfinished"), [made[3], made[1]])

        let firstPage = try client.request(.get, "/api/gathers?limit=2").jsonArray()
        XCTAssertEqual(firstPage.compactMap { $0["id"] as? String }, [made[4], made[3]])
        let cursor = try XCTUnwrap(firstPage.last?["createdAt"] as? String)
        XCTAssertEqual(try ids("/api/gathers?limit=2&before=\(cursor)"), [made[2], made[1]])
        XCTAssertEqual(try ids("/api/gathers?status=ended&limit=5&before=\(cursor)"), [made[2], made[0]])
    }

    func testBadParametersAreNamed() throws {
        let cases: [(String, String)] = [
            ("status=done", "status must be ended or unfinished"),
            ("limit=0", "limit must be a whole number from 1 to 200"),
            ("limit=201", "limit must be a whole number from 1 to 200"),
            ("limit=ten", "limit must be a whole number from 1 to 200"),
            ("before=yesterday", "before must be a date and time like 2026-01-02T03:04:05Z"),
            ("include=teams", "include must be players"),
            ("sort=name", "sort is not a parameter of this list (status, limit, before, beforeId, include)"),
            ("beforeId=7", "beforeId must be a gather id (a UUID)"),

        ]
        for (query, reason) in cases {
            let response = try client.request(.get, "/api/gathers?\(query)")
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(try response.errorReason(), reason, query)
        }
    }

    func testTheNextLinkWalksEveryGatherOnceWhateverSharesASecond() throws {
        // Twelve gathers imported with the same creation time, three with another.
        var made: [String] = []
        for index in 0..<15 {
            let createdAt = index < 12 ? "2025-06-01T18:00:00Z" : "2025-05-01T18:00:00Z"
            let response = try client.request(.post, "/api/gathers", json: ["createdAt": createdAt])
            XCTAssertEqual(response.status, 201, response.text)
            made.append(try XCTUnwrap(response.jsonObject()["id"] as? String))
        }
        var target = "/api/gathers?limit=5&include=players"
        var seen: [String] = []
        var pages = 0
        while pages < 10 {
            let response = try client.request(.get, target)
            XCTAssertEqual(response.status, 200, response.text)
            let page = try response.jsonArray().compactMap { $0["id"] as? String }
            pages += 1
            seen += page
            guard let link = response.headers["Link"] else { break }
            XCTAssertLessThanOrEqual(page.count, pages == 1 ? 10 : 5, "exactly the limit once the link names a gather")
            let next = try XCTUnwrap(link.split(separator: ">").first.map { String($0.dropFirst()) }, link)
            XCTAssertTrue(link.hasSuffix("; rel=\"next\""), link)
            XCTAssertTrue(next.contains("beforeId="), next)
            target = next
        }
        XCTAssertEqual(seen.count, 15, "\(seen)")
        XCTAssertEqual(Set(seen), Set(made), "every gather, none twice")

        // beforeId alone places the page by the named gather's own time; one not the caller's is 404.
        let firstFive = try ids("/api/gathers?limit=5")
        XCTAssertEqual(try ids("/api/gathers?limit=5&beforeId=\(firstFive[1])"), Array(seen.drop { $0 != firstFive[1] }.dropFirst().prefix(5)))
        let unknown = try client.request(.get, "/api/gathers?limit=5&beforeId=\(UUID().uuidString)")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(try unknown.errorReason(), "beforeId names no gather of yours (after one deleted since, pass its createdAt as before too)")
    }

    func testAPageWithPlayersStopsBeforeCarryingMoreThanItsBoundAndLinksToTheRest() throws {
        var players: [Int] = []
        for index in 0..<200 {
            players.append(try XCTUnwrap(client.request(.post, "/api/players", json: ["name": "P\(index)"]).jsonObject()["id"] as? Int))
        }
        // 26 matches of 200 players: 5,200 places, more than one page may carry.
        for _ in 0..<26 {
            let created = try client.request(.post, "/api/gathers", json: [
                "players": players.enumerated().map { ["id": $1, "team": $0 % 2 == 0 ? "Team A" : "Team B"] },
                "score": "1-0", "winnerTeam": "Team A",
            ])
            XCTAssertEqual(created.status, 201, created.text)
        }
        let first = try client.request(.get, "/api/gathers?include=players&limit=50")
        let page = try first.jsonArray()
        XCTAssertEqual(page.count, GatherQuery.playersPerPage / 200, "as many whole matches as 5,000 players make")
        XCTAssertEqual(page.map { ($0["players"] as? [Any])?.count }, Array(repeating: 200, count: page.count))
        let link = try XCTUnwrap(first.headers["Link"], "more follow")
        let next = try XCTUnwrap(link.split(separator: ">").first.map { String($0.dropFirst()) })
        let rest = try client.request(.get, next).jsonArray()
        XCTAssertEqual(rest.count, 26 - page.count)
        XCTAssertEqual(Set((page + rest).compactMap { $0["id"] as? String }).count, 26, "every match once")
    }

    func testAPageIsTheOwnersOnly() throws {
        _ = try makeGathers("EE")
        let (stranger, _) = try server.registeredClient()
        XCTAssertEqual(try stranger.request(.get, "/api/gathers?limit=50").jsonArray().count, 0)
    }

    func testIncludePlayersGivesEachGatherItsTeamsInOneRequest() throws {
        func addPlayer(_ name: String) throws -> Int {
            try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
        }
        let ana = try addPlayer("Ana"), ben = try addPlayer("Ben"), cleo = try addPlayer("Cleo")
        let made = try makeGathers("EUE")
        for (gather, player, team) in [(made[0], ana, "Team A"), (made[0], ben, "Team B"), (made[0], cleo, "Bench"),
                                       (made[2], ben, "Team A"), (made[2], ana, "Team B")] {
            XCTAssertEqual(try client.request(.post, "/api/gathers/\(gather)/players/\(player)", json: ["team": team]).status, 200)
        }
        // Ana retires: her past matches keep her, marked.
        XCTAssertEqual(try client.request(.delete, "/api/players/\(ana)").status, 204)

        let page = try client.request(.get, "/api/gathers?include=players&limit=10").jsonArray()

        XCTAssertEqual(page.compactMap { $0["id"] as? String }, [made[2], made[1], made[0]], "newest first")
        func teams(_ gather: [String: Any]) -> [String] {
            ((gather["players"] as? [[String: Any]]) ?? []).map {
                "\($0["name"] as? String ?? "?"):\($0["team"] as? String ?? "?")\(($0["retired"] as? Bool) == true ? "(retired)" : "")"
            }
        }
        XCTAssertEqual(teams(page[0]), ["Ana:Team B(retired)", "Ben:Team A"])
        XCTAssertEqual(teams(page[1]), [], "an unfinished gather with nobody in it")
        XCTAssertEqual(teams(page[2]), ["Ana:Team A(retired)", "Ben:Team B", "Cleo:Bench"])
        XCTAssertEqual(page[2]["score"] as? String, "1-0", "the gather's own fields are all there")
        XCTAssertNil(try client.request(.get, "/api/gathers?limit=10").jsonArray().first?["players"], "only when asked")
    }

    func testPastMatchesCanBeImportedWithTheirDates() throws {
        let imported = try client.request(.post, "/api/gathers", json: ["score": "2-2", "winnerTeam": "None",
                                                                       "createdAt": "2025-06-01T18:00:00Z", "endedAt": "2025-06-01T19:05:00Z"])
        XCTAssertEqual(imported.status, 201, imported.text)
        XCTAssertEqual(try imported.jsonObject()["createdAt"] as? String, "2025-06-01T18:00:00Z")
        XCTAssertEqual(try imported.jsonObject()["endedAt"] as? String, "2025-06-01T19:05:00Z")
        let defaulted = try client.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A",
                                                                        "createdAt": "2025-06-08T18:00:00Z"]).jsonObject()
        XCTAssertEqual(defaulted["endedAt"] as? String, "2025-06-08T18:00:00Z", "ended when created, unless said")
        let cases: [([String: Any], String)] = [
            (["createdAt": "2999-01-01T00:00:00Z"], "createdAt is in the future"),
            (["createdAt": "yesterday"], "createdAt must be a date and time like 2026-01-02T03:04:05Z"),
            (["endedAt": "2025-06-01T19:05:00Z"], "endedAt needs a score"),
            (["score": "1-0", "winnerTeam": "Team A", "createdAt": "2025-06-01T18:00:00Z", "endedAt": "2025-05-01T18:00:00Z"],
             "endedAt cannot be before createdAt"),
        ]
        for (body, reason) in cases {
            let response = try client.request(.post, "/api/gathers", json: body)
            XCTAssertEqual(response.status, 400, "\(body)")
            XCTAssertEqual(try response.errorReason(), reason, "\(body)")
        }
    }
}
