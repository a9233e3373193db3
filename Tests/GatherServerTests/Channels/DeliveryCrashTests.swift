import Foundation
import HTTP
import Networking
import TestSupport
import XCTest

/// The server killed (SIGKILL) while announcements are due and some are on the wire: after the
/// restart every one is delivered, each once, or once more with the same idempotency key when the
/// kill came between the far end's answer and the record of it. Nothing is lost, nothing doubled
/// under two keys.
final class DeliveryCrashTests: XCTestCase {
    private let password = "correct horse battery"

    func testDeliveriesDueAtAKillAreEachDeliveredAfterTheRestartUnderOneKey() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-delivery-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("crash.sqlite").path
        let receiver = try ChannelReceiver()
        defer { receiver.stop() }
        // A slow far end: deliveries are on the wire, answered or not, when the kill comes.
        receiver.answer(path: "/hook", with: .delayed(.milliseconds(150), then: .status(200)))
        let arguments = ["--port", "0", "--db", database, "--quiet", "--allow-http-channels", "--allow-private-channels"]
        let fixtures = 12

        let first = try ServerProcess(arguments: arguments)
        let port = try XCTUnwrap(first.waitForPort(), first.standardError)
        var client = try login(port: port, register: true)
        XCTAssertEqual(try client.request(.post, "/api/channels", json: ["kind": "webhook", "name": "Bot", "url": receiver.baseURL + "/hook"]).status, 201)
        let dates = ISO8601DateFormatter()
        for day in 0..<fixtures {
            let kickOff = dates.string(from: Date().addingTimeInterval(Double(day + 2) * 86_400))
            let created = try client.request(.post, "/api/fixtures", json: ["startsAt": kickOff, "places": 10])
            XCTAssertEqual(created.status, 201, created.text)
        }
        XCTAssertTrue(waitUntil(timeout: 10) { receiver.requests.count >= 3 }, "deliveries under way")
        first.terminate(signal: SIGKILL)
        XCTAssertNotNil(first.waitForExit())
        let beforeRestart = receiver.requests.count
        XCTAssertLessThan(beforeRestart, fixtures, "some were still due at the kill")

        let second = try ServerProcess(arguments: arguments)
        defer { second.terminate() }
        let restarted = try XCTUnwrap(second.waitForPort(), second.standardError)
        client = try login(port: restarted, register: false)
        XCTAssertTrue(try waitUntil(timeout: 20) {
            try client.request(.get, "/api/channels/1/deliveries?limit=50").jsonArray().filter { $0["state"] as? String == "sent" }.count == fixtures
        }, "every delivery recorded sent after the restart")

        // Each fixture told under one key; at most once more than once (the one answered, not recorded).
        var keys: [Int: Set<String>] = [:]
        var copies: [String: Int] = [:]
        for request in receiver.requests {
            let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
            let fixture = try XCTUnwrap((body["fixture"] as? [String: Any])?["id"] as? Int)
            let key = try XCTUnwrap(request.header("Idempotency-Key"))
            XCTAssertEqual(body["id"] as? String, key)
            keys[fixture, default: []].insert(key)
            copies[key, default: 0] += 1
        }
        XCTAssertEqual(keys.count, fixtures, "every fixture was told")
        XCTAssertTrue(keys.values.allSatisfy { $0.count == 1 }, "one key a delivery, across the restart: \(keys)")
        XCTAssertTrue(copies.values.allSatisfy { $0 <= 2 }, "at most one repeat: \(copies)")
        XCTAssertLessThanOrEqual(copies.values.filter { $0 == 2 }.count, 8, "only what was on the wire at the kill")
    }

    private func login(port: Int, register: Bool) throws -> APIClient {
        let client = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)), token: nil)
        if register {
            XCTAssertEqual(try client.request(.post, "/api/users", json: ["username": "organiser", "password": password]).status, 201)
        }
        let login = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("organiser", password)])
        client.token = try XCTUnwrap(try login.jsonObject()["token"] as? String, "login: \(login.status)")
        return client
    }
}
