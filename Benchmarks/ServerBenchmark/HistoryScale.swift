import Foundation
import GatherDomain
import GatherServer
import Networking
import Storage

/// `gather-bench history`: what the reads that summarise a history cost as it grows (who owes
/// what among them: every match with a pitch fee, charges worked out on each read), and what a
/// roster read from the database costs as it grows. One account
/// with 60 players and 10, 1,000 or 100,000 ended matches (five a side, drawn from the 60), each
/// request handled in-process (parsing, routing, authentication, the database, JSON), so the
/// figure is the server's own time: microseconds per request, the mean of many (for rosters, the
/// fastest single request beside it).
///
/// The matches are written straight into the database, a few thousand a transaction, through
/// the same repositories and triggers the server's writes use (a whole upload through the API
/// would wait for 100,000 fsyncs).
struct HistoryScale {
    static let sizes = [10, 1_000, 100_000]
    static let squad = 60

    /// Both tables, or only the one `part` names ("matches" or "rosters").
    func run(part: String? = nil) throws {
        if part != "rosters" { try runMatches() }
        if part != "matches" { try runRosters() }
    }

    private func runMatches() throws {
        print("History scale: one account, \(HistoryScale.squad) players, five a side; µs per request handled in-process")
        print("matches    leaderboard   player's record   record-weighted teams   history page      balances   an account")
        for size in HistoryScale.sizes {
            let account = try SeededHistory(matches: size, players: HistoryScale.squad)
            defer { account.close() }
            let leaderboard = try account.app.microseconds("GET /api/stats/leaderboard")
            let record = try account.app.microseconds("GET /api/players/\(account.playerIDs[0])/stats")
            let teams = try account.app.microseconds("POST /api/teams/balance",
                                                 body: #"{"playerIds":[\#(account.playerIDs.prefix(10).map(String.init).joined(separator: ","))],"seed":1,"weighting":"record"}"#)
            let page = try account.app.microseconds("GET /api/gathers?include=players&limit=20")
            let balances = try account.app.microseconds("GET /api/balances")
            let ledger = try account.app.microseconds("GET /api/balances/\(account.playerIDs[0])")
            print(String(format: "%7d %13.1f %17.1f %23.1f %14.1f %13.1f %12.1f", size, leaderboard, record, teams, page, balances, ledger))
        }
    }

    private func runRosters() throws {
        print("Roster scale: GET /api/players with the roster cache off (every list read and written out); µs per request in-process")
        print("players     list (mean)   per player      fastest   per player")
        var timings: [(players: Int, mean: Double, fastest: Double)] = []
        for size in HistoryScale.rosters {
            let roster = try SeededRoster(players: size)
            defer { roster.app.close() }
            let list = try roster.app.timing("GET /api/players")
            timings.append((size, list.mean, list.fastest))
            print(String(format: "%7d %15.1f %12.3f %12.1f %12.3f", size, list.mean, list.mean / Double(size),
                         list.fastest, list.fastest / Double(size)))
        }
        // What one more player costs, the set-up of a request taken out.
        if let larger = timings.last, timings.count > 1 {
            let smaller = timings[timings.count - 2]
            let players = Double(larger.players - smaller.players)
            print(String(format: "a further player (%d to %d): %.3f µs (mean), %.3f µs (fastest)", smaller.players, larger.players,
                         (larger.mean - smaller.mean) / players, (larger.fastest - smaller.fastest) / players))
        }
    }

    static let rosters = [20, 200, 2_000]
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
        // Every match cost 60.00, shared among those who played; each player paid once a month.
        try app.database.write { database in
            try database.execute("UPDATE gathers SET cost = 6000 WHERE group_id = ?", group)
            let months = max(1, matches / 360)
            for player in ids {
                for month in 0..<months {
                    try database.execute("""
                        INSERT INTO payments (group_id, player_id, amount, paid_on, note, recorded_at) VALUES (?, ?, 1000, ?, 'cash', 0)
                        """, group, player, String(format: "%04d-%02d-01", 1990 + month / 12, month % 12 + 1))
                }
            }
        }
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
                _ = try RatingRepository(database).applyNewResults(owner: group, at: Date())
            }
            next += batch
        }
    }

    func close() {
        app.close()
    }
}
