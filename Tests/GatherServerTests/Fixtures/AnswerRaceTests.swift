import Foundation
import GatherServer
import HTTP
import Networking
import XCTest

/// Thirty friends tap "In" on their own links at the same moment for ten places, over real
/// sockets: every answer is taken, ten hold places 1–10 and twenty wait 1–20, each friend once.
final class AnswerRaceTests: XCTestCase {
    func testThirtyFriendsAtOnceForTenPlacesAllGetTheirAnswer() throws {
        let server = try TestServer()
        defer { server.stop() }
        let organiser = try server.registeredClient().client
        let kickOff = ISO8601DateFormatter().string(from: Date().addingTimeInterval(7 * 86_400))
        let fixture = try organiser.request(.post, "/api/fixtures", json: ["startsAt": kickOff, "places": 10]).jsonObject()
        let id = try XCTUnwrap(fixture["id"] as? Int)
        var links: [(player: Int, path: String)] = []
        for index in 1...30 {
            let player = try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": "Friend \(index)"]).jsonObject()["id"] as? Int)
            let link = try organiser.request(.post, "/api/players/\(player)/link").jsonObject()
            links.append((player, try XCTUnwrap(link["path"] as? String)))
        }

        // Each friend on a connection of their own, all released at once.
        let connections = try links.map { _ in try server.connect() }
        let start = StartingGate()
        let statuses = Mutex(Array(repeating: 0, count: links.count))
        let done = DispatchGroup()
        for (index, link) in links.enumerated() {
            done.enter()
            // Each connection is used by its own thread alone.
            nonisolated(unsafe) let connection = connections[index]
            let thread = Thread {
                start.wait()
                let response = try? connection.send(method: .post, target: "\(link.path)/fixtures/\(id)/answer",
                                                    headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                    body: Array("answer=in".utf8), timeout: .seconds(30))
                statuses.withLock { $0[index] = response?.status ?? -1 }
                done.leave()
            }
            thread.start()
        }
        start.open()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)

        XCTAssertEqual(statuses.withLock { $0 }, Array(repeating: 303, count: 30), "none refused or asked to retry")
        let answers = try organiser.request(.get, "/api/fixtures/\(id)").jsonObject()["answers"] as? [[String: Any]] ?? []
        XCTAssertEqual(answers.count, 30)
        XCTAssertEqual(Set(answers.compactMap { $0["playerId"] as? Int }), Set(links.map(\.player)), "each friend once")
        XCTAssertEqual(answers.compactMap { $0["place"] as? Int }.sorted(), Array(1...10))
        XCTAssertEqual(answers.compactMap { $0["waiting"] as? Int }.sorted(), Array(1...20))
        // Places follow the order the answers were taken in.
        let placed = answers.filter { $0["place"] is Int }.compactMap { $0["answeredAt"] as? String }
        let waiting = answers.filter { $0["waiting"] is Int }.compactMap { $0["answeredAt"] as? String }
        XCTAssertLessThanOrEqual(placed.max() ?? "", waiting.min() ?? "~")
    }
}

/// A value several threads change under one lock.
private final class Mutex<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Holds threads until it opens, then lets them all go at once.
private final class StartingGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    func wait() {
        condition.lock()
        while !isOpen { condition.wait() }
        condition.unlock()
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }
}
