import Foundation
import GatherServer
import HTTP
import XCTest

final class LoginThrottleTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    func testFifthFailureLocksThatUsernameForThatClientOnly() {
        let throttle = LoginThrottle(maxFailures: 5, window: 900)
        for second in 0..<4 {
            throttle.recordFailure(username: "Ana", client: "10.0.0.1", now: start.addingTimeInterval(Double(second)))
            XCTAssertNil(throttle.retryAfter(username: "ana", client: "10.0.0.1", now: start.addingTimeInterval(Double(second))))
        }
        throttle.recordFailure(username: "ana", client: "10.0.0.1", now: start.addingTimeInterval(4))
        XCTAssertEqual(throttle.retryAfter(username: "ANA", client: "10.0.0.1", now: start.addingTimeInterval(4)), 896, "until the oldest failure leaves the window")
        XCTAssertNil(throttle.retryAfter(username: "ana", client: "10.0.0.2", now: start.addingTimeInterval(4)), "another client")
        XCTAssertNil(throttle.retryAfter(username: "bob", client: "10.0.0.1", now: start.addingTimeInterval(4)), "another user")
        // The window slides: once the oldest failure is older than it, one more try is allowed.
        XCTAssertNil(throttle.retryAfter(username: "ana", client: "10.0.0.1", now: start.addingTimeInterval(900.5)))
    }

    func testFailuresOverManyNamesFromOneClientAddUp() {
        let throttle = LoginThrottle(maxFailures: 5, maxFailuresPerClient: 10, window: 900)
        for index in 0..<10 {
            throttle.recordFailure(username: "name\(index)", client: "10.0.0.1", now: start)
        }
        XCTAssertNotNil(throttle.retryAfter(username: "fresh", client: "10.0.0.1", now: start))
        XCTAssertNil(throttle.retryAfter(username: "fresh", client: "10.0.0.2", now: start))
        // A success clears the name's count, not the client's.
        throttle.recordSuccess(username: "fresh", client: "10.0.0.1")
        XCTAssertNotNil(throttle.retryAfter(username: "fresh", client: "10.0.0.1", now: start))
    }

    func testSuccessClearsTheFailures() {
        let throttle = LoginThrottle(maxFailures: 2, window: 60)
        throttle.recordFailure(username: "ana", client: "c", now: start)
        throttle.recordSuccess(username: "ana", client: "c")
        throttle.recordFailure(username: "ana", client: "c", now: start)
        XCTAssertNil(throttle.retryAfter(username: "ana", client: "c", now: start))
    }

    func testCapacityBoundsMemory() {
        let throttle = LoginThrottle(maxFailures: 1, maxFailuresPerClient: 1_000, window: 60, capacity: 10)
        for index in 0..<50 {
            throttle.recordFailure(username: "user\(index)", client: "c", now: start.addingTimeInterval(Double(index) / 100))
        }
        // The newest are kept; the oldest were dropped to stay within capacity.
        XCTAssertNotNil(throttle.retryAfter(username: "user49", client: "c", now: start.addingTimeInterval(1)))
        XCTAssertNil(throttle.retryAfter(username: "user0", client: "c", now: start.addingTimeInterval(1)))
    }

    func testRepeatedWrongPasswordsOverTheWireAre429() throws {
        let server = try TestServer { $0.http.trustProxyHeaders = true }
        defer { server.stop() }
        _ = try server.registeredClient(username: "target", password: "right-password")
        let attacker = try server.client()
        let from: HTTPHeaders = ["X-Forwarded-For": "198.51.100.9"]
        for _ in 0..<5 {
            var headers = from
            headers.add(name: "Authorization", value: APIClient.basic("target", "wrong-password"))
            XCTAssertEqual(try attacker.request(.post, "/api/users/login", headers: headers).status, 401)
        }
        var right = from
        right.add(name: "Authorization", value: APIClient.basic("target", "right-password"))
        let refused = try attacker.request(.post, "/api/users/login", headers: right)
        XCTAssertEqual(refused.status, 429)
        XCTAssertTrue(try refused.errorReason().hasPrefix("too many failed logins"))
        XCTAssertNotNil(refused.headers["Retry-After"].flatMap { Int($0) })

        // The owner, from elsewhere, still gets in.
        var owner: HTTPHeaders = ["X-Forwarded-For": "203.0.113.5"]
        owner.add(name: "Authorization", value: APIClient.basic("target", "right-password"))
        XCTAssertEqual(try attacker.request(.post, "/api/users/login", headers: owner).status, 200)
    }
}
