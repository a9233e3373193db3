import Foundation
import GatherDomain
import Storage
import XCTest

/// The form column of a table: each player's last five outcomes, newest first, from one query.
final class RecentFormTests: StorageTestCase {
    func testEachPlayersLastFiveOutcomesNewestFirst() throws {
        let pool = try makePool()
        let owner = try createUser(pool, "alice")
        let stranger = try createUser(pool, "bob")
        let (ana, ben, cy) = try pool.write { database in
            let players = PlayerRepository(database)
            return (try players.insert(PlayerDetails(name: "Ana"), owner: owner).id,
                    try players.insert(PlayerDetails(name: "Ben"), owner: owner).id,
                    try players.insert(PlayerDetails(name: "Cy"), owner: owner).id)
        }
        // Seven matches, Ana always on Team A, Ben on Team B, Cy on the bench: A wins, draws and loses in turn.
        let scores = ["1-0", "1-1", "0-1", "2-0", "2-2", "0-3", "4-1"]
        for (day, score) in scores.enumerated() {
            let when = Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400)
            try pool.write { database in
                let gathers = GatherRepository(database)
                let id = try gathers.insert(id: UUID(), owner: owner, result: GatherResult(score: try XCTUnwrap(Score(score))), createdAt: when).gather.id
                try gathers.assign(playerID: ana, to: id, owner: owner, team: .teamA)
                try gathers.assign(playerID: ben, to: id, owner: owner, team: .teamB)
                try gathers.assign(playerID: cy, to: id, owner: owner, team: .bench)
            }
        }
        // An unfinished match counts for nothing.
        try pool.write { database in
            let id = try GatherRepository(database).insert(id: UUID(), owner: owner, result: nil, createdAt: Date()).gather.id
            try GatherRepository(database).assign(playerID: ana, to: id, owner: owner, team: .teamA)
        }

        let form = try pool.read { try StatsRepository($0).recentForm(owner: owner) }
        XCTAssertEqual(form[ana], [.won, .lost, .drawn, .won, .lost], "4-1, 0-3, 2-2, 2-0, 0-1")
        XCTAssertEqual(form[ben], [.lost, .won, .drawn, .lost, .won])
        XCTAssertNil(form[cy], "the bench does not play")
        XCTAssertEqual(try pool.read { try StatsRepository($0).recentForm(owner: stranger) }, [:])
    }
}
