import Foundation
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
            ("before=yesterday", "before must be an ISO 8601 time, e.g. 2026-11-22T18:00:00Z"),
            ("sort=name", "sort is not a parameter of this list (status, limit, before)"),
        ]
        for (query, reason) in cases {
            let response = try client.request(.get, "/api/gathers?\(query)")
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(try response.errorReason(), reason, query)
        }
    }

    func testAPageIsTheOwnersOnly() throws {
        _ = try makeGathers("EE")
        let (stranger, _) = try server.registeredClient()
        XCTAssertEqual(try stranger.request(.get, "/api/gathers?limit=50").jsonArray().count, 0)
    }
}
