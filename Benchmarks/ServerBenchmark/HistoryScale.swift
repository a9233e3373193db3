import Foundation
import GatherDomain
import GatherServer
import Networking
import Storage

/// `gather-bench history`: what the reads that summarise a history cost as it grows. One account
/// with 60 players and 10, 1,000 or 100,000 ended matches (five a side, drawn from the 60), each
/// request handled in-process (parsing, routing, authentication, the database, JSON), so the
/// figure is the server's own time: microseconds per request, the mean of many.
///
/// The matches are written straight into the database, a few thousand a transaction, through
/// the same repositories and triggers the server's writes use (a whole upload through the API
/// would wait for 100,000 fsyncs).
struct HistoryScale {
    static let sizes = [10, 1_000, 100_000]
    static let squad = 60

    func run() throws {
        print("History scale: one account, \(HistoryScale.squad) players, five a side; µs per request handled in-process")
        print("matches    leaderboard   player's record   record-weighted teams   history page")
        for size in HistoryScale.sizes {
            let account = try SeededHistory(matches: size, players: HistoryScale.squad)
            defer { account.close() }
            let leaderboard = try account.microseconds("GET /api/stats/leaderboard")
            let record = try account.microseconds("GET /api/players/\(account.playerIDs[0])/stats")
            let teams = try account.microseconds("POST /api/teams/balance",
                                                 body: #"{"playerIds":[\#(account.playerIDs.prefix(10).map(String.init).joined(separator: ","))],"seed":1,"weighting":"record"}"#)
            let page = try account.microseconds("GET /api/gathers?include=players&limit=20")
            print(String(format: "%7d %13.1f %17.1f %23.1f %14.1f", size, leaderboard, record, teams, page))
        }
    }
}

/// An account and its history in a new database in a temporary directory.
private struct SeededHistory {
    let app: InProcessApplication
    let playerIDs: [Int]

    init(matches: Int, players: Int) throws {
        app = try InProcessApplication(account: "history")
        var ids: [Int] = []
        for index in 0..<players {
            let created = try app.send("POST /api/players", body: #"{"name":"Regular \#(index + 1)","skill":"amateur"}"#)
            guard let object = try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any], let id = object["id"] as? Int
            else { throw BenchmarkError("player not created") }
            ids.append(id)
        }
        playerIDs = ids
        guard let group = try app.database.read({ try $0.query("SELECT group_id FROM players WHERE id = ?", ids[0]).first?.uuid(0) })
        else { throw BenchmarkError("the players' group is not stored") }
        try SeededHistory.play(matches, among: ids, group: group, in: app.database)
    }

    /// `count` ended matches, two hours apart from 1990 on (all in the past), five a side.
    private static func play(_ count: Int, among players: [Int], group: UUID, in database: DatabasePool) throws {
        var random = SplitMix64(seed: 7)
        var next = 0
        while next < count {
            let batch = min(count - next, 5_000)
            let first = next
            try database.write { database in
                let gathers = GatherRepository(database)
                for match in first..<(first + batch) {
                    let sides = players.shuffled(using: &random).prefix(10)
                    guard let score = Score(teamA: Int(random.next() % 5), teamB: Int(random.next() % 5)) else { continue }
                    let id = UUID()
                    _ = try gathers.insert(id: id, owner: group, result: GatherResult(score: score),
                                           createdAt: Date(timeIntervalSince1970: 631_152_000 + Double(match) * 7_200))
                    for (place, player) in sides.enumerated() {
                        try gathers.assign(playerID: player, to: id, owner: group, team: place < 5 ? .teamA : .teamB)
                    }
                }
                if first + batch == count { try RatingRepository(database).settle(owner: group) }
            }
            next += batch
        }
    }

    /// The mean time of `line` handled in-process, after one unmeasured run: at least 20 runs
    /// and at least half a second.
    func microseconds(_ line: String, body: String? = nil) throws -> Double {
        let first = try app.send(line, body: body)
        guard first.status < 300 else { throw BenchmarkError("\(line) answered \(first.status): \(String(decoding: first.body, as: UTF8.self))") }
        var runs = 0
        let start = MonotonicClock.now()
        var elapsed: UInt64 = 0
        while runs < 20 || elapsed < 500_000_000 {
            _ = try app.send(line, body: body)
            runs += 1
            elapsed = MonotonicClock.now() - start
        }
        return Double(elapsed) / Double(runs) / 1_000
    }

    func close() {
        app.close()
    }
}
