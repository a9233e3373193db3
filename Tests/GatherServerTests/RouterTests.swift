@testable import GatherServer
import HTTP
import XCTest

final class RouterTests: XCTestCase {
    private let router = Routes.router()

    private func matchedPattern(_ method: HTTPMethod, _ segments: [String]) -> ([Route.Component], [String: String])? {
        if case let .found(route, parameters) = router.match(method: method, segments: segments) {
            return (route.components, parameters.values)
        }
        return nil
    }

    func testConstantAndParameterSegments() {
        let match = matchedPattern(.post, ["api", "gathers", "ABC", "players", "7"])
        XCTAssertEqual(match?.1, ["id": "ABC", "playerId": "7"])
        XCTAssertEqual(matchedPattern(.post, ["api", "users", "login"])?.0, [.constant("api"), .constant("users"), .constant("login")])
        XCTAssertEqual(matchedPattern(.get, ["api", "players", "3"])?.1, ["id": "3"])
    }

    func testHeadFallsBackToGet() {
        XCTAssertNotNil(matchedPattern(.head, ["health"]))
        XCTAssertNotNil(matchedPattern(.head, ["api", "players"]))
    }

    func testWrongMethodListsWhatIsAllowed() {
        guard case .methodNotAllowed(let allowed) = router.match(method: .delete, segments: ["api", "players"]) else {
            return XCTFail("expected 405")
        }
        XCTAssertEqual(allowed, [.get, .post, .head])
        guard case .methodNotAllowed(let userMethods) = router.match(method: .get, segments: ["api", "users"]) else {
            return XCTFail("expected 405")
        }
        XCTAssertEqual(userMethods, [.post, .delete])
    }

    func testUnknownPathsAreNotFound() {
        for segments in [["api"], ["api", "players", "1", "extra"], ["API", "players"], []] {
            guard case .notFound = router.match(method: .get, segments: segments) else {
                return XCTFail("\(segments) should be 404")
            }
        }
    }

    func testParametersOfTheWrongShapeAreNotFound() {
        let parameters = RouteParameters(values: ["id": "x1", "gather": "not-a-uuid", "zero": "0"])
        XCTAssertThrowsError(try parameters.int("id", resource: "player")) { XCTAssertEqual(($0 as? APIError)?.status, .notFound) }
        XCTAssertThrowsError(try parameters.int("zero", resource: "player"))
        XCTAssertThrowsError(try parameters.uuid("gather", resource: "gather"))
        XCTAssertEqual(try RouteParameters(values: ["id": "42"]).int("id", resource: "player"), 42)
    }

    /// What each kind of bearer token reaches, route by route: a read token reads and changes
    /// nothing (trying teams and ending itself aside); who belongs to a group and who can see it,
    /// the tokens and the account are for a login only. A new route gets the method's default and
    /// must be added here if it is an exception.
    func testEveryRouteSaysWhatATokenMayDo() {
        func pattern(_ route: Route) -> String {
            "\(route.method.rawValue) /" + route.components.map { component in
                switch component {
                case .constant(let text): return text
                case .parameter(let name): return ":" + name
                }
            }.joined(separator: "/")
        }
        var readChanges: Set<String> = [], accountOnly: Set<String> = []
        for route in router.routes {
            guard route.kind.isAuthenticated else { continue }
            let reads = route.method == .get || route.method == .head
            if reads { XCTAssertEqual(route.permission, .read, pattern(route)) }
            if !reads && route.permission == .read { readChanges.insert(pattern(route)) }
            if route.permission == .account { accountOnly.insert(pattern(route)) }
        }
        XCTAssertEqual(readChanges, ["POST /api/users/logout", "POST /api/teams/balance", "POST /api/groups/:groupId/teams/balance"])
        XCTAssertEqual(accountOnly, [
            "DELETE /api/users", "PUT /api/users/me/password", "POST /api/tokens", "DELETE /api/tokens/:id",
            "PATCH /api/groups/:groupId", "DELETE /api/groups/:groupId", "PUT /api/groups/:groupId/members/:userId",
            "DELETE /api/groups/:groupId/members/:userId", "POST /api/groups/:groupId/invites",
            "DELETE /api/groups/:groupId/invites/:id", "POST /api/invites/:code/accept",
            "POST /api/players/:id/link", "POST /api/groups/:groupId/players/:id/link",
            "POST /api/shares", "DELETE /api/shares/:id", "POST /api/groups/:groupId/shares", "DELETE /api/groups/:groupId/shares/:id",
            "POST /api/channels", "PATCH /api/channels/:id", "POST /api/groups/:groupId/channels", "PATCH /api/groups/:groupId/channels/:id",
        ])
    }
}
