import Foundation
import GatherDomain
import Storage

/// An account whose roster of `players` (every field set) is read from the database each time.
struct SeededRoster {
    /// The roster `gather-bench roster` reads, and `make bench-check` counts.
    static let measuredSize = 2_000

    let app: InProcessApplication

    init(players: Int) throws {
        app = try InProcessApplication(account: "roster", rosterCacheBytes: 0)
        let first = try app.send("POST /api/players", body: BenchmarkSeed.players[0])
        guard let object = try JSONSerialization.jsonObject(with: Data(first.body)) as? [String: Any], let id = object["id"] as? Int,
              let group = try app.database.read({ try $0.query("SELECT group_id FROM players WHERE id = ?", id).first?.uuid(0) })
        else { throw BenchmarkError("player not created") }
        // The rest straight into the database, in one transaction: a roster, not its writes, is measured.
        try app.database.write { database in
            let skills = Skill.allCases, positions = Position.allCases
            for index in 1..<players {
                _ = try PlayerRepository(database).insert(
                    PlayerDetails(name: "Player \(index + 1)", age: 18 + index % 40, skill: skills[index % skills.count],
                                  preferredPosition: positions[index % positions.count], favouriteTeam: "Team \(index % 4)"),
                    owner: group)
            }
        }
    }

    /// Reads the roster `count` times. Named for callgrind's `--toggle-collect`, as
    /// `measuredRequests` is; `make bench-check` counts it, divided by the players read.
    @inline(never)
    func measuredReads(_ count: Int) throws -> Int {
        var bytes = 0
        for _ in 0..<count {
            let response = try app.send("GET /api/players")
            guard response.status == 200 else { throw BenchmarkError("the roster answered \(response.status)") }
            bytes += response.body.count
        }
        return bytes
    }
}
