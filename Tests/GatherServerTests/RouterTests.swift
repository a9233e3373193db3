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
}
