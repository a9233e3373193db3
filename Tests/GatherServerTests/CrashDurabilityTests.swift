import Foundation
import HTTP
import Networking
import Storage
import TestSupport
import XCTest

/// Concurrent writers of every kind, and the server killed (SIGKILL) at a random moment while they
/// write: after each restart the file is sound and every write that was answered 2xx is there with
/// its values. Writes in flight at the kill may or may not have happened; each writer touches
/// things no other write touches, so an answered value can only be found as it was sent.
final class CrashDurabilityTests: XCTestCase {
    private let password = "correct horse battery"

    func testAnsweredWritesOfEveryKindSurviveKillsAtRandomMoments() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("crash.sqlite").path
        var random = SystemRandomNumberGenerator()
        let answered = Answered()

        for round in 0..<4 {
            let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
            let port = try XCTUnwrap(server.waitForPort(), server.standardError)
            let token = try login(port: port, register: round == 0)
            // Players the team moves put into gathers, answered before the writers start.
            let setup = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)), token: token)
            var squad: [Int] = []
            for index in 0..<4 {
                let player = try setup.request(.post, "/api/players", json: ["name": "Squad \(round)-\(index)", "age": 20 + index]).jsonObject()
                let id = try XCTUnwrap(player["id"] as? Int)
                squad.append(id)
                answered.player(id, name: "Squad \(round)-\(index)", age: 20 + index)
            }

            let writers = DispatchGroup()
            for writer in 0..<4 {
                writers.enter()
                Thread.detachNewThread { [squad] in
                    defer { writers.leave() }
                    Self.write(kind: writer, round: round, port: port, token: token, squad: squad, into: answered)
                }
            }
            // Kill somewhere between the first writes and well into the stream of them.
            let before = answered.count
            XCTAssertTrue(waitUntil(timeout: 10) { answered.count > before }, "the writers got going")
            usleep(UInt32.random(in: 20_000...400_000, using: &random))
            server.terminate(signal: SIGKILL)
            XCTAssertNotNil(server.waitForExit())
            XCTAssertEqual(writers.wait(timeout: .now() + 30), .success, "every writer noticed the server was gone")

            let file = try Database(path: database, mode: .readOnly)
            XCTAssertEqual(try file.query("PRAGMA integrity_check").first?.string(0), "ok", "round \(round)")
            XCTAssertEqual(try file.query("PRAGMA foreign_key_check").count, 0, "round \(round)")
        }

        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let client = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)),
                               token: try login(port: port, register: false))
        try check(answered, through: client)
    }

    /// One writer's loop until the server stops answering. Kinds: 0 and 1 add players, 2 creates
    /// gathers and logs their scores, 3 creates gathers and moves the squad into teams.
    private static func write(kind: Int, round: Int, port: Int, token: String, squad: [Int], into answered: Answered) {
        guard let connection = try? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)) else { return }
        let client = APIClient(connection: connection, token: token)
        for index in 0... {
            switch kind {
            case 0, 1:
                let name = "Player \(round)-\(kind)-\(index)", age = index % 100
                guard let response = try? client.request(.post, "/api/players", json: ["name": name, "age": age]) else { return }
                if response.status == 201, let id = (try? response.jsonObject())?["id"] as? Int { answered.player(id, name: name, age: age) }
            case 2:
                guard let created = try? client.request(.post, "/api/gathers", json: [:]), created.status == 201,
                      let id = (try? created.jsonObject())?["id"] as? String else { return }
                answered.gather(id)
                let score = "\(index % 7)-\(index % 5)"
                let winner = index % 7 > index % 5 ? "Team A" : index % 7 < index % 5 ? "Team B" : "None"
                guard let put = try? client.request(.put, "/api/gathers/\(id)", json: ["score": score, "winnerTeam": winner]) else { return }
                if put.status == 204 { answered.score(score, winner: winner, of: id) }
            default:
                guard let created = try? client.request(.post, "/api/gathers", json: [:]), created.status == 201,
                      let id = (try? created.jsonObject())?["id"] as? String else { return }
                answered.gather(id)
                for (position, player) in squad.enumerated() {
                    let team = (position + index) % 2 == 0 ? "Team A" : "Team B"
                    guard let moved = try? client.request(.post, "/api/gathers/\(id)/players/\(player)", json: ["team": team]) else { return }
                    if moved.status == 200 { answered.move(player, to: team, in: id) }
                }
            }
        }
    }

    private func login(port: Int, register: Bool) throws -> String {
        let client = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10)), token: nil)
        if register {
            XCTAssertEqual(try client.request(.post, "/api/users", json: ["username": "survivor", "password": password]).status, 201)
        }
        let login = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("survivor", password)])
        return try XCTUnwrap(try login.jsonObject()["token"] as? String, "login: \(login.status)")
    }

    private func check(_ answered: Answered, through client: APIClient) throws {
        let snapshot = answered.snapshot
        XCTAssertGreaterThan(snapshot.players.count, 16, "enough writes were answered for the test to mean something")
        XCTAssertGreaterThan(snapshot.moves.count, 0)
        XCTAssertGreaterThan(snapshot.scores.count, 0)

        var stored: [Int: (String, Int?)] = [:]
        for player in try client.request(.get, "/api/players").jsonArray() {
            if let id = player["id"] as? Int, let name = player["name"] as? String { stored[id] = (name, player["age"] as? Int) }
        }
        for (id, expected) in snapshot.players {
            XCTAssertEqual(stored[id]?.0, expected.name, "player \(id)")
            XCTAssertEqual(stored[id]?.1, expected.age, "player \(id)")
        }
        var gathers: [String: [String: Any]] = [:]
        for gather in try client.request(.get, "/api/gathers").jsonArray() {
            if let id = gather["id"] as? String { gathers[id] = gather }
        }
        for id in snapshot.gathers { XCTAssertNotNil(gathers[id], "gather \(id)") }
        for (id, result) in snapshot.scores {
            XCTAssertEqual(gathers[id]?["score"] as? String, result.score, "gather \(id)")
            XCTAssertEqual(gathers[id]?["winnerTeam"] as? String, result.winner, "gather \(id)")
        }
        for (gather, moves) in Dictionary(grouping: snapshot.moves, by: \.gather) {
            var teams: [Int: String] = [:]
            for player in try client.request(.get, "/api/gathers/\(gather)/players").jsonArray() {
                if let id = player["id"] as? Int, let team = player["team"] as? String { teams[id] = team }
            }
            for move in moves { XCTAssertEqual(teams[move.player], move.team, "player \(move.player) in gather \(gather)") }
        }
    }
}

/// Every write the server answered 2xx, from every writer thread.
private final class Answered: @unchecked Sendable {
    struct Move { var player: Int; var team: String; var gather: String }
    struct Snapshot {
        var players: [Int: (name: String, age: Int)] = [:]
        var gathers: [String] = []
        var scores: [String: (score: String, winner: String)] = [:]
        var moves: [Move] = []
    }

    private let lock = NSLock()
    private var state = Snapshot()

    var snapshot: Snapshot { lock.withLock { state } }
    var count: Int { lock.withLock { state.players.count + state.gathers.count + state.scores.count + state.moves.count } }

    func player(_ id: Int, name: String, age: Int) { lock.withLock { state.players[id] = (name, age) } }
    func gather(_ id: String) { lock.withLock { state.gathers.append(id) } }
    func score(_ score: String, winner: String, of gather: String) { lock.withLock { state.scores[gather] = (score, winner) } }
    func move(_ player: Int, to team: String, in gather: String) {
        lock.withLock { state.moves.append(Move(player: player, team: team, gather: gather)) }
    }
}
