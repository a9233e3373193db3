import Foundation
import HTTP
import Networking

/// One account correcting its oldest match on several keep-alive connections at once, each
/// sending its next correction the moment the last is answered, as fast as the server lets it
/// (after a 429 it waits the `Retry-After` it was given: a flood of refused requests is the heavy
/// reads' scenario). Every correction changes what the whole history's ratings were learned from:
/// what once replayed that history on the committer, in front of every other account's writes.
/// The answers are counted by status.
final class CorrectionFlood: @unchecked Sendable {
    struct Tally: Codable {
        var ok = 0
        /// 429: over the account's write rate or its allowance of queued writes.
        var tooMany = 0
        var other = 0
        /// No answer: a timeout or a connection that broke.
        var failed = 0
    }

    private let lock = NSLock()
    private var running = true
    private var tally = Tally()
    private let connections = DispatchGroup()

    init(port: Int, account: SeededAccount, gatherID: String, connections count: Int) {
        let headers: HTTPHeaders = ["Authorization": account.bearer, "Content-Type": "application/json"]
        for lane in 0..<count {
            connections.enter()
            Thread.detachNewThread { [self] in
                defer { connections.leave() }
                var connection: HTTPClientConnection?
                var round = lane
                while lock.withLock({ running }) {
                    round += 1
                    let body = round % 2 == 0 ? #"{"score":"1-0","winnerTeam":"Team A"}"# : #"{"score":"0-1","winnerTeam":"Team B"}"#
                    do {
                        let open = try (connection?.isReusable == true ? connection : nil)
                            ?? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                        connection = open
                        let response = try open.send(method: .put, target: "/api/gathers/\(gatherID)", headers: headers,
                                                     body: Array(body.utf8), timeout: .seconds(30))
                        lock.withLock {
                            switch response.status {
                            case 200..<300: tally.ok += 1
                            case 429: tally.tooMany += 1
                            default: tally.other += 1
                            }
                        }
                        if response.status == 429 {
                            let wait = response.headers["Retry-After"].flatMap { UInt32($0) } ?? 1
                            sleep(min(wait, 5))
                        }
                    } catch {
                        connection = nil
                        lock.withLock { tally.failed += 1 }
                    }
                }
            }
        }
    }

    /// What was counted so far.
    var counts: Tally { lock.withLock { tally } }

    /// Stops after each connection's request under way.
    func stop() {
        lock.withLock { running = false }
        connections.wait()
    }

    /// A match of `account`'s squad dated before every other, uploaded whole: the oldest match,
    /// which the flood corrects.
    static func oldestMatch(of account: SeededAccount, on server: ServerUnderTest) throws -> String {
        let players = account.playerIDs.enumerated().map { index, id in #"{"id":\#(id),"team":"\#(index % 2 == 0 ? "Team A" : "Team B")"}"# }
        let body = #"{"score":"1-0","winnerTeam":"Team A","createdAt":"1980-01-01T18:00:00Z","endedAt":"1980-01-01T19:00:00Z","players":["#
            + players.joined(separator: ",") + "]}"
        let response = try server.connect().send(method: .post, target: "/api/gathers",
                                                  headers: ["Authorization": account.bearer, "Content-Type": "application/json"],
                                                  body: Array(body.utf8), timeout: .seconds(30))
        guard response.status == 201, let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
              let id = object["id"] as? String else { throw BenchmarkError("the oldest match: \(response.status) \(response.text)") }
        return id
    }
}
