import Foundation
import HTTP
import Networking
import TestSupport
import XCTest

/// Password hashing runs on its own small pool: with that pool busy, ordinary requests are still
/// answered, and a login beyond its queue is refused at once instead of waiting.
final class PasswordHashingIsolationTests: XCTestCase {
    func testWithTheHashingPoolSaturatedOrdinaryRequestsGoOnAndFurtherLoginsGet503() throws {
        let hasher = GatedHasher()
        // One worker for everything else: if hashing held it, nothing else could be answered.
        let server = try TestServer(passwordHasher: hasher) { configuration in
            configuration.http.workerCount = 1
            configuration.hashingThreads = 1
            configuration.hashingQueueLimit = 1
            // Each login from its own address, so only the pool's own bound is at work.
            configuration.http.trustProxyHeaders = true
        }
        defer {
            hasher.open()
            server.stop()
        }
        let (owner, _) = try server.registeredClient(username: "owner", password: "right-password")
        XCTAssertEqual(try owner.request(.post, "/api/players", json: ["name": "Ana"]).status, 201)

        hasher.close()
        let results = BackgroundLogins(port: server.port, username: "owner", password: "right-password")
        // The first login takes the only hashing thread and waits at the gate.
        results.send("running", from: "198.51.100.1")
        XCTAssertTrue(waitUntil { hasher.waitingCount == 1 }, "the first login reached the hasher")
        // Two more: one fits the queue of one, the other is refused at once.
        results.send("second", from: "198.51.100.2")
        results.send("third", from: "198.51.100.3")
        XCTAssertTrue(waitUntil(timeout: 10) { results["second"] == 503 || results["third"] == 503 }, "\(results.all)")
        XCTAssertEqual(results["running"], nil, "still hashing")

        // Meanwhile, with the gate still closed, the one ordinary worker answers at once.
        let list = try owner.request(.get, "/api/players")
        XCTAssertEqual(list.status, 200)
        XCTAssertEqual(try list.jsonArray().count, 1)
        XCTAssertEqual(try owner.request(.get, "/health").status, 200)

        let refused = try server.client().request(.post, "/api/users", json: ["username": "late", "password": "long-enough"],
                                                  headers: ["X-Forwarded-For": "198.51.100.4"])
        XCTAssertEqual(refused.status, 503, "registrations share the pool")
        XCTAssertEqual(refused.headers["Retry-After"], "1")
        XCTAssertEqual(try refused.errorReason(), "the server is busy checking passwords; try again shortly")

        hasher.open()
        XCTAssertTrue(waitUntil(timeout: 10) { results.all.count == 3 }, "\(results.all)")
        XCTAssertEqual(results.all.values.sorted(), [200, 200, 503], "the queued login completes once the pool frees")
    }

    func testOneClientCannotFillTheQueueEveryoneShares() throws {
        let hasher = GatedHasher()
        let server = try TestServer(passwordHasher: hasher) { configuration in
            configuration.http.trustProxyHeaders = true
            configuration.hashingThreads = 2
        }
        defer {
            hasher.open()
            server.stop()
        }
        _ = try server.registeredClient(username: "owner", password: "right-password")
        hasher.close()
        let results = BackgroundLogins(port: server.port, username: "owner", password: "right-password")
        results.send("first", from: "198.51.100.1")
        results.send("second", from: "198.51.100.1")
        XCTAssertTrue(waitUntil { hasher.waitingCount == 2 }, "both hashing threads hold one of its logins")
        // A third from the same address finds its two places taken: 429 at once, though the queue has room.
        var headers: HTTPHeaders = ["X-Forwarded-For": "198.51.100.1"]
        headers.add(name: "Authorization", value: APIClient.basic("owner", "right-password"))
        XCTAssertTrue(waitUntil {
            (try? server.client().request(.post, "/api/users/login", headers: headers).status) == 429
        }, "a third concurrent login from one address")
        results.send("elsewhere", from: "198.51.100.2")
        hasher.open()
        XCTAssertTrue(waitUntil(timeout: 10) { results.all.count == 3 }, "\(results.all)")
        XCTAssertEqual(results.all, ["first": 200, "second": 200, "elsewhere": 200])
        XCTAssertEqual(try server.client().request(.post, "/api/users/login", headers: headers).status, 200,
                       "places are given back before the answer goes out")
    }

    func testRefusalsHappenBeforeHashing() throws {
        // Throttled, malformed and closed-registration requests never take a hashing place.
        let hasher = GatedHasher()
        let server = try TestServer(passwordHasher: hasher) { configuration in
            configuration.hashingThreads = 1
            configuration.hashingQueueLimit = 1
            configuration.registration = .closed
        }
        defer {
            hasher.open()
            server.stop()
        }
        hasher.close()
        let client = try server.client()
        let closed = try client.request(.post, "/api/users", json: ["username": "x", "password": "long-enough"])
        XCTAssertEqual(closed.status, 403)
        let malformed = try client.request(.post, "/api/users/login", headers: ["Authorization": "Basic " + Data("a\u{0}:b".utf8).base64EncodedString()])
        XCTAssertEqual(malformed.status, 400)
        XCTAssertEqual(hasher.waitingCount, 0)

        // Five failures with the gate open; then, with it closed, the throttled sixth never waits for it.
        hasher.open()
        for _ in 0..<5 {
            XCTAssertEqual(try client.request(.post, "/api/users/login",
                                              headers: ["Authorization": APIClient.basic("nobody", "wrong-password")]).status, 401)
        }
        hasher.close()
        let throttled = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("nobody", "wrong-password")])
        XCTAssertEqual(throttled.status, 429)
        XCTAssertEqual(hasher.waitingCount, 0)
    }
}
