import Foundation
import HTTP
import Networking
import TestSupport
import XCTest

/// A flood of logins from many addresses must not keep a real user out: the hashing queue is
/// fair between addresses (`FairHashingQueue`), where it was first come, first served and a flood
/// from 40 addresses had the real user's logins answered 503, 20 times out of 20.
final class LoginFloodTests: XCTestCase {
    /// Behind a trusted proxy (each request from the address it names), one hashing thread whose
    /// verifications wait at a gate the test opens, and an account "owner".
    private func gatedServerWithAnOwner() throws -> (TestServer, GatedHasher) {
        let hasher = GatedHasher()
        let server = try TestServer(passwordHasher: hasher) { configuration in
            configuration.http.trustProxyHeaders = true
            configuration.hashingThreads = 1
        }
        _ = try server.registeredClient(username: "owner", password: "right-password")
        return (server, hasher)
    }

    /// The queue's places are for logins waiting, not the one the thread has taken: until the
    /// first login is held at the gate it still holds a place, and a slow start would shed one
    /// more than the flood's share.
    private func waitForTheFirstAtTheGate(_ hasher: GatedHasher) {
        XCTAssertTrue(waitUntil(timeout: 10) { hasher.waitingCount == 1 }, "no login reached the hashing thread")
    }

    func testDuringAFloodFromFortyAddressesTheRealUserIsServedNextNotRefused() throws {
        let (server, hasher) = try gatedServerWithAnOwner()
        defer {
            hasher.open()
            server.stop()
        }
        hasher.close()
        let before = hasher.verifiedPasswords.count
        let logins = BackgroundLogins(port: server.port, username: "owner", password: "right-password")
        // Two logins from each of 40 addresses (each its allowance), naming nobody: one is held at
        // the gate, 32 fill the queue, the other 47 are refused.
        for address in 1...40 {
            for attempt in 1...2 {
                logins.send("flood \(address).\(attempt)", from: "198.51.100.\(address)",
                            username: "nobody-\(UUID().uuidString.prefix(8))", password: "wrong-password")
                if address == 1 && attempt == 1 { waitForTheFirstAtTheGate(hasher) }
            }
        }
        XCTAssertTrue(waitUntil(timeout: 20) { hasher.waitingCount == 1 && logins.all.count == 47 }, "\(logins.all.count) answered")
        XCTAssertEqual(Set(logins.all.values), [503])

        // The real user, from their own address: a place is made for them by shedding a flooding
        // address's login (one more 503), and they wait instead of being refused.
        logins.send("owner", from: "203.0.113.5")
        XCTAssertTrue(waitUntil(timeout: 10) { logins.all.count == 48 || logins["owner"] != nil }, "\(logins.all.count) answered")
        XCTAssertNil(logins["owner"], "the real user's login was answered \(logins["owner"] ?? 0) while the pool was still busy")

        // Served right after the login holding the thread, ahead of all 32 waiting.
        hasher.open()
        XCTAssertTrue(waitUntil(timeout: 20) { logins.all.count == 81 }, "\(logins.all.count) answered")
        XCTAssertEqual(logins["owner"], 200)
        let served = Array(hasher.verifiedPasswords.dropFirst(before))
        XCTAssertEqual(served.count, 33, "the one held and the 32 waiting, the real user among them")
        XCTAssertEqual(served.firstIndex(of: "right-password"), 1, "\(served)")
    }

    func testARealUserLogsInTenTimesOutOfTenWhileFortyAddressesFlood() throws {
        // Each verification takes 10 ms on the one hashing thread, as yescrypt would take its tens.
        let server = try TestServer(passwordHasher: SlowHasher(delay: 0.01)) { configuration in
            configuration.http.trustProxyHeaders = true
            configuration.hashingThreads = 1
        }
        defer { server.stop() }
        _ = try server.registeredClient(username: "owner", password: "right-password")
        let flood = LoginFlood(port: server.port, addresses: (1...40).map { "198.51.100.\($0)" }, perAddress: 2)
        // The queue overflows: the flood is being refused.
        XCTAssertTrue(waitUntil(timeout: 20) { flood.answers[503, default: 0] >= 200 }, "\(flood.answers)")

        var statuses: [Int] = []
        for _ in 0..<10 {
            var headers: HTTPHeaders = ["X-Forwarded-For": "203.0.113.5"]
            headers.add(name: "Authorization", value: APIClient.basic("owner", "right-password"))
            statuses.append(try server.client().request(.post, "/api/users/login", headers: headers).status)
        }
        flood.stop()
        // Every one answered, none refused; that each goes ahead of the flood's waiting logins
        // (rather than after them) is the test above's, told by the order of verification, not by a clock.
        XCTAssertEqual(statuses, Array(repeating: 200, count: 10), "flood: \(flood.answers)")
    }

    /// A flood from a new address for every request ties each stranger with the real user, so
    /// fairness between addresses cannot tell them apart; the address the owner always logs in
    /// from can: their login takes a stranger's place in the full queue and is served next.
    func testTheOwnersUsualAddressGoesFirstWhenEveryFloodRequestComesFromANewOne() throws {
        let (server, hasher) = try gatedServerWithAnOwner()
        defer {
            hasher.open()
            server.stop()
        }
        // The owner has logged in from home before.
        var home: HTTPHeaders = ["X-Forwarded-For": "203.0.113.5"]
        home.add(name: "Authorization", value: APIClient.basic("owner", "right-password"))
        XCTAssertEqual(try server.client().request(.post, "/api/users/login", headers: home).status, 200)
        hasher.close()
        let before = hasher.verifiedPasswords.count
        let logins = BackgroundLogins(port: server.port, username: "owner", password: "right-password")
        // 81 logins, each from an address never seen: one held at the gate, 32 waiting, 48 refused.
        for request in 1...81 {
            logins.send("flood \(request)", from: "198.51.\(100 + request / 200).\(request % 200 + 1)",
                        username: "nobody-\(UUID().uuidString.prefix(8))", password: "wrong-password")
            if request == 1 { waitForTheFirstAtTheGate(hasher) }
        }
        XCTAssertTrue(waitUntil(timeout: 20) { hasher.waitingCount == 1 && logins.all.count == 48 }, "\(logins.all.count) answered")

        logins.send("owner", from: "203.0.113.5")
        XCTAssertTrue(waitUntil(timeout: 10) { logins.all.count == 49 || logins["owner"] != nil }, "\(logins.all.count) answered")
        XCTAssertNil(logins["owner"], "the owner's login was answered \(logins["owner"] ?? 0) while the pool was still busy")

        hasher.open()
        XCTAssertTrue(waitUntil(timeout: 20) { logins.all.count == 82 }, "\(logins.all.count) answered")
        XCTAssertEqual(logins["owner"], 200)
        XCTAssertEqual(Array(hasher.verifiedPasswords.dropFirst(before)).firstIndex(of: "right-password"), 1, "next after the one held")
    }
}
