import Foundation
@testable import GatherServer
import HTTP
import Locking
import Networking
import Storage
import XCTest

/// One pipeline for every request: each route answered where its kind says, matched once (the
/// answer names the route for the access log and metrics, whichever thread made it).
final class RequestPipelineTests: XCTestCase {
    private var server: InProcessAPI!
    private var loop: InProcessLoop!

    override func setUpWithError() throws {
        server = try InProcessAPI()
        loop = try InProcessLoop()
    }

    override func tearDown() {
        loop.stop()
        server.stop()
    }

    private enum Where: Equatable { case loop, afterCommit, worker }

    /// Where the application disposes of the request, and the answer once carried out.
    private func send(_ method: HTTPMethod, _ target: String, token: String?, body: String? = nil) throws -> (Where, HTTPResponse) {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        var request = try HTTPRequest(method: method, target: target, headers: headers, body: Array((body ?? "").utf8))
        request.client = "127.0.0.1"
        let (application, asked) = (server.application, request)
        let answered = DispatchSemaphore(value: 0)
        let answer = Locked<HTTPResponse?>(nil)
        let reply = HTTPReply { response in
            answer.withLock { $0 = response }
            answered.signal()
        }
        let disposition = loop.run { application.respond(to: asked, on: EventLoopSlot(index: 0)) }
        let place: Where
        switch disposition {
        case .answered(let response):
            place = .loop
            reply.send(response)
        case .later(let start):
            place = .afterCommit
            loop.run { start(reply) }
        case .onWorker(let work):
            place = .worker
            DispatchQueue.global().async { work(reply) }
        }
        XCTAssertEqual(answered.wait(timeout: .now() + 30), .success)
        return (place, try XCTUnwrap(answer.withLock { $0 }))
    }

    func testEachRouteIsAnsweredWhereItsKindSaysAndNamedByTheRouteMatchedOnce() throws {
        let token = try XCTUnwrap(server.registeredClient().client.token)
        let (created, player) = try send(.post, "/api/players", token: token, body: #"{"name":"Ana"}"#)
        XCTAssertEqual(created, .afterCommit, "a write: authenticated on the loop, answered after its group commit")
        XCTAssertEqual(player.status, .created)
        XCTAssertEqual(player.route, "/api/players")
        let id = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(player.body)) as? [String: Any])?["id"] as? Int)

        let (read, roster) = try send(.get, "/api/players/\(id)", token: token)
        XCTAssertEqual(read, .loop, "a quick read: answered on the loop")
        XCTAssertEqual(roster.route, "/api/players/{id}")

        let (stats, record) = try send(.get, "/api/players/\(id)/stats", token: token)
        XCTAssertEqual(stats, .worker)
        XCTAssertEqual(record.status, .ok)
        XCTAssertEqual(record.route, "/api/players/{id}/stats", "the route matched on the loop travels to the worker")

        let (refused, unauthorised) = try send(.delete, "/api/players/\(id)", token: "not-a-token")
        XCTAssertEqual(refused, .loop, "a stranger's write is refused on the loop")
        XCTAssertEqual(unauthorised.status, .unauthorized)
        XCTAssertEqual(unauthorised.route, "/api/players/{id}")

        let (nowhere, missing) = try send(.get, "/api/nothing", token: token)
        XCTAssertEqual(nowhere, .loop)
        XCTAssertEqual(missing.status, .notFound)
        XCTAssertNil(missing.route, "no route: counted as unmatched")
    }

    /// A memory database has no read connection of its own to give a loop (its reads wait for its
    /// writer): its quick routes are answered on the workers instead, and a loop never waits.
    func testWithAMemoryDatabaseTheLoopHandsEvenQuickReadsToTheWorkers() throws {
        let memory = try DatabasePool(path: ":memory:")
        defer { memory.close() }
        let application = try GatherApplication(database: memory, options: InProcessAPI.defaultOptions,
                                                log: ServerLog(quiet: true, sink: { _ in }))
        defer { application.shutdown() }
        let request = try HTTPRequest(method: .get, target: "/health")
        let disposition = loop.run { application.respond(to: request, on: EventLoopSlot(index: 0)) }
        guard case .onWorker(let work) = disposition else { return XCTFail("answered on the loop: \(disposition)") }
        let answered = DispatchSemaphore(value: 0)
        let status = Locked<Int?>(nil)
        DispatchQueue.global().async {
            work(HTTPReply { response in
                status.withLock { $0 = response.map { Int($0.status.code) } }
                answered.signal()
            })
        }
        XCTAssertEqual(answered.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(status.withLock { $0 }, 200)
    }
}
