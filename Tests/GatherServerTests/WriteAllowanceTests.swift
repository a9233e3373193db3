import Foundation
import HTTP
import Locking
import Networking
import Storage
import XCTest

/// One account's writes waiting for the group commit are held to an allowance of their own, so it
/// cannot fill the committer's queue in front of everyone else's; another account's still queue.
final class WriteAllowanceTests: XCTestCase {
    func testAnAccountsQueuedWritesStopAtItsAllowanceWhileAnothersStillQueue() throws {
        var options = InProcessAPI.defaultOptions
        options.limits.queuedWritesPerAccount = 3
        let server = try InProcessAPI(options: options)
        defer { server.stop() }
        let busy = try XCTUnwrap(server.registeredClient().client.token)
        let other = try XCTUnwrap(server.registeredClient().client.token)

        // The committer held by a write of its own, so every write after it waits in the queue.
        let release = DispatchSemaphore(value: 0)
        server.database.enqueueWrite({ _ in release.wait() }, completion: { _ in })

        let answers = Locked<[String: Int]>([:])
        let answered = DispatchGroup()
        func send(_ name: String, token: String) throws {
            var request = try HTTPRequest(method: .post, target: "/api/players",
                                          headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                                          body: Array(#"{"name": "\#(name)"}"#.utf8))
            request.client = "127.0.0.1"
            answered.enter()
            server.application.respond(to: request, reply: HTTPReply { response in
                answers.withLock { $0[name] = response.map { Int($0.status.code) } ?? -1 }
                answered.leave()
            })
        }
        for index in 0..<3 { try send("Queued \(index)", token: busy) }
        try send("One too many", token: busy)
        XCTAssertEqual(answers.withLock { $0 }, ["One too many": 429], "refused at once, while the others wait")
        try send("Someone else's", token: other)
        XCTAssertEqual(answers.withLock { $0.count }, 1, "another account's write is queued, not refused")

        release.signal()
        XCTAssertEqual(answered.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(answers.withLock { $0 }, ["Queued 0": 201, "Queued 1": 201, "Queued 2": 201, "One too many": 429, "Someone else's": 201])
        // Its places given back once answered: the account writes again.
        let again = try server.client(token: busy).request(.post, "/api/players", json: ["name": "Later"])
        XCTAssertEqual(again.status, 201, again.text)
    }
}
