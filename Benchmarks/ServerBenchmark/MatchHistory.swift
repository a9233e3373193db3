import Foundation
import HTTP
import Networking

/// An account with a long past, made through the API as its owner's client would make it: a squad
/// of players, then years of matches, each uploaded whole in one `POST /api/gathers` (its players
/// and sides, score, winner and the time it was played). Every record, leaderboard and page of
/// history this account asks for reads all of it.
///
/// The same every run (a seeded generator): sides drawn at random, the side with the stronger
/// players a goal ahead on average, so the players' records differ and record weighting has
/// something to weigh.
enum MatchHistory {
    /// Registers `username` with `players` players of every skill and position and uploads
    /// `matches` matches of all of them, on `connections` connections at once. The server must
    /// let one account write that fast (`--write-burst`, `--writes-per-second`).
    static func build(_ username: String, on server: ServerUnderTest, players: Int, matches: Int,
                      connections: Int) throws -> SeededAccount {
        let empty = try SeededAccount.make(username, on: server, players: 0)
        let connection = try server.connect()
        let headers: HTTPHeaders = ["Authorization": empty.bearer, "Content-Type": "application/json"]
        let skills = ["beginner", "amateur", "professional"]
        let positions = ["goalkeeper", "defender", "midfielder", "winger", "striker"]
        var ids: [Int] = []
        for index in 0..<players {
            let body = #"{"name":"Regular \#(index + 1)","age":\#(18 + index % 30),"skill":"\#(skills[index % 3])","#
                + #""preferredPosition":"\#(positions[index % 5])","favouriteTeam":"Team \#(index % 4)"}"#
            let response = try connection.send(method: .post, target: "/api/players", headers: headers, body: Array(body.utf8),
                                               timeout: .seconds(10))
            guard response.status == 201, let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                  let id = object["id"] as? Int else { throw BenchmarkError("player: \(response.status) \(response.text)") }
            ids.append(id)
        }
        let account = SeededAccount(username: empty.username, token: empty.token, playerIDs: ids, gatherID: nil)
        let squad = ids

        let failure = FirstFailure()
        let port = server.port
        let uploaders = DispatchGroup()
        for lane in 0..<max(1, connections) {
            uploaders.enter()
            Thread.detachNewThread {
                defer { uploaders.leave() }
                do {
                    let connection = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                    for match in stride(from: lane, to: matches, by: max(1, connections)) where failure.message == nil {
                        let body = Array(upload(match: match, of: squad).utf8)
                        let response = try connection.send(method: .post, target: "/api/gathers", headers: headers, body: body,
                                                           timeout: .seconds(30))
                        guard response.status == 201 else {
                            throw BenchmarkError("match \(match): \(response.status) \(response.text.prefix(300))")
                        }
                    }
                } catch {
                    failure.note("\(error)")
                }
            }
        }
        uploaders.wait()
        if let message = failure.message { throw BenchmarkError("building the match history: \(message)") }
        return account
    }

    /// The body of match number `match`: every player on a side, the score, its winner, and a
    /// time six hours after the previous match's, from 2020-01-01 on (5,000 matches end in 2023,
    /// in the past as the server requires).
    private static func upload(match: Int, of players: [Int]) -> String {
        var random = SplitMix64(seed: UInt64(match))
        let shuffled = players.enumerated().shuffled(using: &random)
        let half = shuffled.count / 2
        // Strength by the player's place in the squad (0–4): the side with more of it scores more.
        let strengthA = shuffled.prefix(half).reduce(0) { $0 + $1.offset % 5 }
        let strengthB = shuffled.dropFirst(half).reduce(0) { $0 + $1.offset % 5 }
        let goalsA = Int(random.next() % 4) + (strengthA > strengthB ? 1 : 0)
        let goalsB = Int(random.next() % 4) + (strengthB > strengthA ? 1 : 0)
        let winner = goalsA > goalsB ? "Team A" : goalsB > goalsA ? "Team B" : "None"
        let played = Date(timeIntervalSince1970: 1_577_836_800 + Double(match) * 6 * 3_600)
        let sides = shuffled.enumerated().map { place, player in
            #"{"id":\#(player.element),"team":"\#(place < half ? "Team A" : "Team B")"}"#
        }
        return #"{"score":"\#(goalsA)-\#(goalsB)","winnerTeam":"\#(winner)","createdAt":"\#(played.ISO8601Format())","#
            + #""players":[\#(sides.joined(separator: ","))]}"#
    }
}

/// The first error of the uploading threads; the others stop at their next match.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: String?

    var message: String? { lock.withLock { first } }

    func note(_ message: String) {
        lock.withLock { if first == nil { first = message } }
    }
}

/// A small seeded generator (SplitMix64), so a seeded history is the same in every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
