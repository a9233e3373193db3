import Foundation
import HTTP
import Networking
import XCTest

/// Writes over real sockets share group commits: each answered only after its group is on disk,
/// a failing one failing alone.
final class GroupCommitAPITests: XCTestCase {
    func testConcurrentWritesWithSomeFailingLeaveEveryGoodOneCommitted() throws {
        // One account's forty at once: more than its allowance of queued writes, which is not what this is about.
        let server = try TestServer { $0.limits.queuedWritesPerAccount = 40 }
        defer { server.stop() }
        let (owner, _) = try server.registeredClient()
        let (stranger, _) = try server.registeredClient()
        let token = try XCTUnwrap(owner.token)
        let foreignPlayer = try stranger.request(.post, "/api/players", json: ["name": "Not yours"]).jsonObject()["id"] as? Int
        let gather = try XCTUnwrap(try owner.request(.post, "/api/gathers", json: [:]).jsonObject()["id"] as? String)

        let statuses = Statuses()
        let group = DispatchGroup()
        for index in 0..<40 {
            group.enter()
            let port = try XCTUnwrap(server.port)
            Thread.detachNewThread {
                defer { group.leave() }
                guard let connection = try? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)) else {
                    return statuses.add(index, -1)
                }
                let client = APIClient(connection: connection, token: token)
                let response: ReceivedResponse?
                switch index % 4 {
                case 3:
                    // Fails inside its write: the player is another account's (404), nothing changed.
                    response = try? client.request(.post, "/api/gathers/\(gather)/players/\(foreignPlayer ?? 0)", json: ["team": "Team A"])
                case 2:
                    response = try? client.request(.put, "/api/players/999999", json: ["name": "Nobody"])
                default:
                    response = try? client.request(.post, "/api/players", json: ["name": "Player \(index)"])
                }
                statuses.add(index, response?.status ?? -1)
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        for (index, status) in statuses.all {
            XCTAssertEqual(status, index % 4 >= 2 ? 404 : 201, "request \(index)")
        }
        let names = try owner.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }
        XCTAssertEqual(Set(names), Set((0..<40).filter { $0 % 4 < 2 }.map { "Player \($0)" }))
        XCTAssertEqual(try owner.request(.get, "/api/gathers/\(gather)/players").jsonArray().count, 0)
    }

    /// An answered write is committed: killing the server (SIGKILL, no shutdown) the moment the
    /// answers arrive loses none of them.
    func testEveryAnsweredWriteSurvivesAKillRightAfterTheAnswer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-commit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("kill.sqlite").path
        var answered: [String] = []
        for round in 0..<3 {
            let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
            let port = try XCTUnwrap(server.waitForPort())
            let connection = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
            let client = APIClient(connection: connection, token: nil)
            if round == 0 {
                XCTAssertEqual(try client.request(.post, "/api/users", json: ["username": "keeper", "password": "correct horse battery"]).status, 201)
            }
            let login = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("keeper", "correct horse battery")])
            client.token = try login.jsonObject()["token"] as? String
            for index in 0..<25 {
                let name = "Round \(round) player \(index)"
                if try client.request(.post, "/api/players", json: ["name": name]).status == 201 { answered.append(name) }
            }
            server.terminate(signal: SIGKILL)
            XCTAssertNotNil(server.waitForExit())
        }
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let port = try XCTUnwrap(server.waitForPort())
        let client = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)), token: nil)
        let login = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("keeper", "correct horse battery")])
        client.token = try login.jsonObject()["token"] as? String
        let names = try client.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }
        XCTAssertEqual(answered.count, 75)
        XCTAssertEqual(names, answered)
    }
}

private final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int: Int] = [:]
    func add(_ index: Int, _ status: Int) { lock.withLock { statuses[index] = status } }
    var all: [(Int, Int)] { lock.withLock { statuses.sorted { $0.key < $1.key } } }
}
