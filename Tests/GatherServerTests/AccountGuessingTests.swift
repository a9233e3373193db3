import Foundation
import GatherServer
import HTTP
import XCTest

/// Guessing one account's password from many addresses, each within its own per-address limits:
/// 218 wrong passwords in 15 seconds went through once (about 52,000 an hour). The account brake
/// (`AccountBrake`) slows that to about 12 an hour without locking the owner out.
final class AccountGuessingTests: XCTestCase {
    func testWrongPasswordsFromManyAddressesMeetTheAccountBrakeAfterTen() throws {
        let server = try TestServer { $0.http.trustProxyHeaders = true }
        defer { server.stop() }
        _ = try server.registeredClient(username: "target", password: "right-password")
        let attacker = try server.client()
        var statuses: [Int] = []
        var firstRefusal: ReceivedResponse?
        for index in 1...40 {
            let response = try attacker.request(.post, "/api/users/login",
                                                headers: login("Target", "wrong-guess-\(index)", from: "198.51.100.\(index)"))
            statuses.append(response.status)
            if response.status == 429, firstRefusal == nil { firstRefusal = response }
        }
        XCTAssertEqual(Array(statuses.prefix(10)), Array(repeating: 401, count: 10), "\(statuses)")
        // The delays after the tenth (1, 2, 4 seconds) may run out during a slow run, letting a
        // guess or two more through; never dozens.
        XCTAssertLessThanOrEqual(statuses.filter { $0 == 401 }.count, 13, "\(statuses)")
        let refused = try XCTUnwrap(firstRefusal, "\(statuses)")
        XCTAssertTrue(try refused.errorReason().hasPrefix("too many failed logins for this account"), refused.text)
        XCTAssertNotNil(refused.headers["Retry-After"].flatMap { Int($0) }, "\(refused.headers)")

        // The owner, from the address they logged in from before, is not held by it.
        let owner = try server.client().request(.post, "/api/users/login",
                                                headers: ["Authorization": APIClient.basic("target", "right-password")])
        XCTAssertEqual(owner.status, 200, owner.text)
    }

    func testAnAttackerTakingEveryTurnForAnHourLocksTheOwnerOutForFiveMinutesAtMost() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        var options = GatherApplication.Options()
        options.passwordHasher = PasswordHasher.forTests
        options.now = { clock.now }
        let api = try InProcessAPI(options: options)
        defer { api.stop() }
        let home = api.client(from: "192.0.2.10")
        XCTAssertEqual(try home.request(.post, "/api/users", json: ["username": "owner", "password": "right-password"]).status, 201)
        XCTAssertEqual(try home.request(.post, "/api/users/login", headers: login("owner", "right-password")).status, 200)

        // Each guess from an address of its own, the next one the moment the brake allows it.
        var guesses = 0
        var longestWait = 0
        var elapsed = 0
        for index in 1...500 where elapsed < 3600 {
            let response = try api.client(from: "198.51.100.\(index % 250)")
                .request(.post, "/api/users/login", headers: login("owner", "wrong-guess-\(index)"))
            if response.status == 429 {
                let wait = try XCTUnwrap(response.headers["Retry-After"].flatMap { Int($0) })
                longestWait = max(longestWait, wait)
                // Meanwhile the owner, at home, gets in.
                if index % 10 == 0 {
                    XCTAssertEqual(try home.request(.post, "/api/users/login", headers: login("owner", "right-password")).status, 200)
                }
                clock.advance(by: TimeInterval(wait))
                elapsed += wait
            } else {
                XCTAssertEqual(response.status, 401, response.text)
                guesses += 1
            }
        }
        XCTAssertLessThanOrEqual(guesses, 30, "about 20 in the first ten minutes, then 12 an hour")
        XCTAssertEqual(longestWait, 300, "the delay stops growing at five minutes")

        // The owner from a new address, right after the attacker took the turn that was open, is
        // told to wait, five minutes at most, and then gets in.
        XCTAssertEqual(try api.client(from: "198.51.100.251").request(.post, "/api/users/login", headers: login("owner", "one-more-guess")).status, 401)
        let travelling = api.client(from: "203.0.113.77")
        let refused = try travelling.request(.post, "/api/users/login", headers: login("owner", "right-password"))
        XCTAssertEqual(refused.status, 429, refused.text)
        let wait = try XCTUnwrap(refused.headers["Retry-After"].flatMap { Int($0) })
        XCTAssertLessThanOrEqual(wait, 300)
        clock.advance(by: TimeInterval(wait))
        XCTAssertEqual(try travelling.request(.post, "/api/users/login", headers: login("owner", "right-password")).status, 200)
        // From then on that address is the owner's too.
        for index in 1...12 {
            _ = try api.client(from: "198.51.100.\(index)").request(.post, "/api/users/login", headers: login("owner", "wrong-guess-\(index)"))
        }
        XCTAssertEqual(try travelling.request(.post, "/api/users/login", headers: login("owner", "right-password")).status, 200)
    }

    private func login(_ username: String, _ password: String, from address: String? = nil) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Authorization": APIClient.basic(username, password)]
        if let address { headers.add(name: "X-Forwarded-For", value: address) }
        return headers
    }
}
