import Foundation
import HTTP
import Networking
import TestSupport
import XCTest

/// Registrations cost a password hash and a row: limited per client address, and an operator
/// can close them.
final class RegistrationAbuseTests: XCTestCase {
    private func register(_ client: APIClient, _ username: String, from address: String) throws -> ReceivedResponse {
        try client.request(.post, "/api/users", json: ["username": username, "password": "long-enough"],
                           headers: ["X-Forwarded-For": address])
    }

    func testRegistrationsPerAddressAreLimited() throws {
        let server = try TestServer { configuration in
            configuration.http.trustProxyHeaders = true
            configuration.registrationsPerHour = 3
        }
        defer { server.stop() }
        let client = try server.client()
        for index in 0..<3 {
            XCTAssertEqual(try register(client, "bulk\(index)", from: "198.51.100.1").status, 201)
        }
        let refused = try register(client, "bulk3", from: "198.51.100.1")
        XCTAssertEqual(refused.status, 429)
        XCTAssertTrue(try refused.errorReason().hasPrefix("too many registrations from this address; try again in "))
        let wait = try XCTUnwrap(refused.headers["Retry-After"].flatMap { Int($0) })
        XCTAssertTrue((3500...3600).contains(wait), "about an hour: \(wait)")

        XCTAssertEqual(try register(client, "elsewhere", from: "198.51.100.2").status, 201, "another address")
        // Invalid bodies cost nothing and do not count.
        for _ in 0..<5 {
            let invalid = try client.request(.post, "/api/users", json: ["username": "x", "password": "short"],
                                             headers: ["X-Forwarded-For": "198.51.100.3"])
            XCTAssertEqual(invalid.status, 400)
        }
        XCTAssertEqual(try register(client, "valid", from: "198.51.100.3").status, 201)
    }

    func testARegistrationRefusedAfterItsCheckIsNotCharged() throws {
        let hasher = GatedHasher()
        let server = try TestServer(passwordHasher: hasher) { configuration in
            configuration.http.trustProxyHeaders = true
            configuration.registrationsPerHour = 1
            configuration.hashingThreads = 2
        }
        defer {
            hasher.open()
            server.stop()
        }
        _ = try server.registeredClient(username: "owner", password: "right-password")
        hasher.close()
        // Two logins from one address hold both hashing threads: that address has no place left.
        let logins = BackgroundLogins(port: server.port, username: "owner", password: "right-password")
        logins.send("first", from: "198.51.100.7")
        logins.send("second", from: "198.51.100.7")
        XCTAssertTrue(waitUntil { hasher.waitingCount == 2 })
        let client = try server.client()
        // Passed the registration check, then refused for want of a place: the check is taken back.
        XCTAssertEqual(try register(client, "newcomer", from: "198.51.100.7").status, 429)
        XCTAssertEqual(try register(client, "newcomer", from: "198.51.100.7").status, 429)
        hasher.open()
        XCTAssertTrue(waitUntil { (try? self.register(client, "newcomer", from: "198.51.100.7").status) == 201 },
                      "the refusals did not use the one registration allowed")
        let over = try register(client, "another", from: "198.51.100.7")
        XCTAssertEqual(over.status, 429)
        XCTAssertTrue(try over.errorReason().hasPrefix("too many registrations from this address"))
    }

    func testSprayingOnePasswordOverManyNamesIsThrottledToo() throws {
        let server = try TestServer { $0.http.trustProxyHeaders = true }
        defer { server.stop() }
        _ = try server.registeredClient(username: "target", password: "right-password")
        let attacker = try server.client()
        func guess(_ name: String, _ password: String, from address: String) throws -> Int {
            var headers: HTTPHeaders = ["X-Forwarded-For": address]
            headers.add(name: "Authorization", value: APIClient.basic(name, password))
            return try attacker.request(.post, "/api/users/login", headers: headers).status
        }
        for index in 0..<50 {
            XCTAssertEqual(try guess("user\(index)", "Summer2026!", from: "2001:db8:1:2::\(index)"), 401)
        }
        // A 51st name, from another address of the same /64: refused without a guess.
        XCTAssertEqual(try guess("target", "right-password", from: "2001:db8:1:2:ffff::1"), 429)
        XCTAssertEqual(try guess("target", "right-password", from: "2001:db8:1:3::1"), 200, "another network")
    }

    func testClosedRegistrationIs403AndLoginStillWorks() throws {
        let server = try TestServer { $0.registration = .closed }
        defer { server.stop() }
        let refused = try server.client().request(.post, "/api/users", json: ["username": "newcomer", "password": "long-enough"])
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(try refused.errorReason(), "registration is closed on this server; ask its operator for an account")
        XCTAssertEqual(try server.client().request(.get, "/health").status, 200)
    }

    func testClientChosenForwardedEntriesDoNotEscapeTheThrottle() throws {
        let server = try TestServer { $0.http.trustProxyHeaders = true }
        defer { server.stop() }
        _ = try server.registeredClient(username: "target", password: "right-password")
        let attacker = try server.client()
        // The proxy appends the attacker's real address; the attacker varies everything before it.
        func guess(_ password: String, spoofing index: Int) throws -> Int {
            var headers: HTTPHeaders = ["X-Forwarded-For": "10.0.0.\(index), 198.51.100.9"]
            headers.add(name: "X-Real-IP", value: "10.1.1.\(index)")
            headers.add(name: "Authorization", value: APIClient.basic("target", password))
            return try attacker.request(.post, "/api/users/login", headers: headers).status
        }
        for index in 0..<5 {
            XCTAssertEqual(try guess("wrong-password", spoofing: index), 401)
        }
        XCTAssertEqual(try guess("right-password", spoofing: 99), 429)
    }

    func testAForwardedEntryThatIsNoAddressIsIgnored() throws {
        let server = try TestServer { $0.http.trustProxyHeaders = true }
        defer { server.stop() }
        _ = try server.registeredClient(username: "target", password: "right-password")
        let attacker = try server.client()
        // Without an address to trust, the peer is the client: varying junk does not reset the count.
        for index in 0..<5 {
            var headers: HTTPHeaders = ["X-Forwarded-For": "junk\(index) with spaces"]
            headers.add(name: "Authorization", value: APIClient.basic("target", "wrong-password"))
            XCTAssertEqual(try attacker.request(.post, "/api/users/login", headers: headers).status, 401)
        }
        var headers: HTTPHeaders = ["X-Forwarded-For": "more junk"]
        headers.add(name: "Authorization", value: APIClient.basic("target", "right-password"))
        XCTAssertEqual(try attacker.request(.post, "/api/users/login", headers: headers).status, 429)
    }
}
