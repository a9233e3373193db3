import Foundation
import GatherDomain
import GatherRating
@testable import Storage
import TestSupport
import XCTest

/// The records kept as results change (`player_results`, `player_records`) answer exactly what the
/// full queries over every match answer, through every kind of write, in any order; a migrated
/// history gets them too, and a damaged copy is found and rebuilt.
final class PlayerRecordsTests: StorageTestCase {
    private struct History {
        let pool: DatabasePool
        let owner: UUID
        var stranger: UUID
        var strangers = 0
        var players: [Int] = []
        var gathers: [UUID] = []
    }

    /// Every answer of `StatsRepository` for the owner, beside the full queries' answer.
    private func assertKeptRecordsAgree(_ history: History, after step: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try history.pool.read { database in
            let kept = StatsRepository(database), full = FullHistoryStats(database)
            for owner in [history.owner, history.stranger] {
                for minimum in [0, 1, 3] {
                    XCTAssertEqual(try kept.leaderboard(owner: owner, minimumGames: minimum),
                                   try full.leaderboard(owner: owner, minimumGames: minimum),
                                   "leaderboard (min \(minimum)) after \(step)", file: file, line: line)
                }
                XCTAssertEqual(try kept.playedAndWon(owner: owner).mapValues { [$0.played, $0.won] },
                               try full.playedAndWon(owner: owner).mapValues { [$0.played, $0.won] },
                               "played and won after \(step)", file: file, line: line)
                XCTAssertEqual(try kept.recentForm(owner: owner), try full.recentForm(owner: owner), "form after \(step)", file: file, line: line)
            }
            for player in history.players {
                XCTAssertEqual(try kept.playerStats(id: player, owner: history.owner), try full.playerStats(id: player, owner: history.owner),
                               "player \(player)'s record after \(step)", file: file, line: line)
            }
            XCTAssertEqual(try RecordRepository(database).problems(), [], "after \(step)", file: file, line: line)
        }
    }

    private func makeHistory(file: String = "gather.sqlite") throws -> History {
        let pool = try DatabasePool(path: path(file), configuration: DatabasePool.Configuration())
        var history = History(pool: pool, owner: try createUser(pool, "alice"), stranger: try createUser(pool, "bob"))
        history.players = try pool.write { database in
            try (0..<8).map { try PlayerRepository(database).insert(PlayerDetails(name: "Player \($0)"), owner: history.owner).id }
        }
        return history
    }

    private static let base = Date(timeIntervalSince1970: 1_700_000_000)

    private func randomScore(_ random: inout SeededGenerator) throws -> GatherResult {
        GatherResult(score: try XCTUnwrap(Score(teamA: Int.random(in: 0...4, using: &random), teamB: Int.random(in: 0...4, using: &random))))
    }

    private func randomMembers(of players: [Int], _ random: inout SeededGenerator) -> [GatherDraft.Member] {
        let teams: [Team] = [.teamA, .teamB, .bench]
        return players.shuffled(using: &random).prefix(Int.random(in: 2...6, using: &random)).map { id in
            GatherDraft.Member(id: id, team: teams.randomElement(using: &random) ?? .teamA)
        }
    }

    /// One random write of the kinds the server makes: a match saved (with its teams), a result
    /// saved or corrected, a match uploaded again, deleted, held in question or released, a player
    /// moved, taken out, or removed from the roster (deleted, or retired when they played).
    private func randomWrite(_ history: inout History, _ random: inout SeededGenerator) throws -> String {
        let owner = history.owner
        let players = history.players
        let gather = history.gathers.randomElement(using: &random)
        // Minutes apart, often the same one: ties are ordered by id.
        let when = PlayerRecordsTests.base.addingTimeInterval(Double(Int.random(in: 0...40, using: &random)) * 60)
        // An end given with the match (a whole upload), or none (the start, or the moment the result came).
        let end = Bool.random(using: &random) ? when.addingTimeInterval(Double(Int.random(in: 0...90, using: &random)) * 60) : nil
        let kind = gather == nil ? 0 : Int.random(in: 0...12, using: &random)
        switch kind {
        case 0, 1:
            let id = UUID()
            let result = Bool.random(using: &random) ? try randomScore(&random) : nil
            let members = randomMembers(of: players, &random)
            try history.pool.write { database in
                let gathers = GatherRepository(database)
                _ = try gathers.insert(id: id, owner: owner, result: result, createdAt: when, endedAt: end)
                try gathers.replacePlayers(of: id, owner: owner, with: members)
            }
            history.gathers.append(id)
            return "a match saved"
        case 2:
            let result = try randomScore(&random)
            try history.pool.write { _ = try GatherRepository($0).updateResult(id: gather!, owner: owner, result: result, at: when) }
            return "a result saved or corrected"
        case 3:
            let result = Bool.random(using: &random) ? try randomScore(&random) : nil
            let members = randomMembers(of: players, &random)
            try history.pool.write { database in
                let gathers = GatherRepository(database)
                try gathers.overwrite(id: gather!, owner: owner, result: result, createdAt: Bool.random(using: &random) ? when : nil,
                                      endedAt: end, balanceSeed: nil, now: when)
                try gathers.replacePlayers(of: gather!, owner: owner, with: members)
            }
            return "a match uploaded again"
        case 4:
            try history.pool.write { _ = try GatherRepository($0).delete(id: gather!, owner: owner) }
            history.gathers.removeAll { $0 == gather }
            return "a match deleted"
        case 5:
            guard let original = history.gathers.filter({ $0 != gather }).randomElement(using: &random) else { return "nothing" }
            try history.pool.write { try GatherRepository($0).hold(gather!, asRepeatOf: original, owner: owner) }
            return "a match held in question"
        case 6:
            try history.pool.write { _ = try GatherRepository($0).release(gather!, owner: owner) }
            return "a match released"
        case 7:
            let team: Team = [.teamA, .teamB, .bench].randomElement(using: &random) ?? .teamA
            let player = players.randomElement(using: &random)!
            try history.pool.write { try GatherRepository($0).assign(playerID: player, to: gather!, owner: owner, team: team) }
            return "a player moved to \(team)"
        case 8:
            let player = players.randomElement(using: &random)!
            try history.pool.write { _ = try GatherRepository($0).remove(playerID: player, from: gather!, owner: owner) }
            return "a player taken out of a match"
        case 9:
            let player = players.randomElement(using: &random)!
            let removal = try history.pool.write { try PlayerRepository($0).remove(id: player, owner: owner, at: when) }
            if case .deleted = removal { history.players.removeAll { $0 == player } }
            let added = try history.pool.write { try PlayerRepository($0).insert(PlayerDetails(name: "New \(player)"), owner: owner).id }
            history.players.append(added)
            return "a player removed from the roster, another added"
        case 12:
            // The same result uploaded again with another end: only the match's time changes.
            let newEnd = end ?? when.addingTimeInterval(600)
            try history.pool.write { database in
                let gathers = GatherRepository(database)
                guard let current = try gathers.find(id: gather!, owner: owner) else { return }
                try gathers.overwrite(id: gather!, owner: owner, result: current.result, createdAt: nil, endedAt: newEnd,
                                      balanceSeed: nil, now: when)
            }
            return "a match's end moved"
        case 11:
            // The other account closed and deleted with everything of its own; another takes its place.
            let stranger = history.stranger
            history.strangers += 1
            let next = try createUser(history.pool, "stranger-\(history.strangers)")
            try history.pool.write { _ = try UserRepository($0).delete(id: stranger) }
            history.stranger = next
            return "another account deleted"
        default:
            // The stranger's own match, with the stranger's own player: never in the owner's records.
            let stranger = history.stranger
            let result = try randomScore(&random)
            try history.pool.write { database in
                let player = try PlayerRepository(database).insert(PlayerDetails(name: "Stranger"), owner: stranger).id
                let id = try GatherRepository(database).insert(id: UUID(), owner: stranger, result: result, createdAt: when).gather.id
                try GatherRepository(database).assign(playerID: player, to: id, owner: stranger, team: .teamA)
            }
            return "another account's match"
        }
    }

    func testTheKeptRecordsAnswerWhatTheFullQueriesAnswerThroughEveryKindOfWrite() throws {
        for seed in 1...6 {
            var random = SeededGenerator(seed: UInt64(seed))
            var history = try makeHistory(file: "seed-\(seed).sqlite")
            defer { history.pool.close() }
            for step in 0..<120 {
                let what = try randomWrite(&history, &random)
                try assertKeptRecordsAgree(history, after: "step \(step) of seed \(seed): \(what)")
            }
        }
    }

    /// Matches of the first two players, a minute apart, the first on Team A.
    private func play(_ scores: [String], in history: inout History) throws {
        let (ana, ben) = (history.players[0], history.players[1])
        for (minute, score) in scores.enumerated() {
            let id = UUID()
            let owner = history.owner
            try history.pool.write { database in
                let gathers = GatherRepository(database)
                _ = try gathers.insert(id: id, owner: owner, result: GatherResult(score: try XCTUnwrap(Score(score))),
                                       createdAt: PlayerRecordsTests.base.addingTimeInterval(Double(minute) * 60))
                try gathers.replacePlayers(of: id, owner: owner, with: [.init(id: ana, team: .teamA), .init(id: ben, team: .teamB)])
            }
            history.gathers.append(id)
        }
    }

    func testAStreakIsCountedToTheFirstMatchThatEndedOtherwise() throws {
        var history = try makeHistory()
        let (ana, ben) = (history.players[0], history.players[1])
        // Ana: lost, then won five in a row; Ben on the other side.
        try play(["0-1", "1-0", "2-0", "3-1", "1-0", "2-1"], in: &history)
        let stats = try history.pool.read { try StatsRepository($0).playerStats(id: ana, owner: history.owner) }
        XCTAssertEqual(stats?.currentStreak, PlayerStats.Streak(outcome: .won, length: 5))
        XCTAssertEqual(stats?.played, 6)
        XCTAssertEqual(stats?.lastFive, [.won, .won, .won, .won, .won])
        let bens = try history.pool.read { try StatsRepository($0).playerStats(id: ben, owner: history.owner) }
        XCTAssertEqual(bens?.currentStreak, PlayerStats.Streak(outcome: .lost, length: 5))
        try assertKeptRecordsAgree(history, after: "six matches")

        // The lost match corrected to a win: the streak runs through the whole history.
        try history.pool.write { _ = try GatherRepository($0).updateResult(id: history.gathers[0], owner: history.owner,
                                                                            result: GatherResult(score: try XCTUnwrap(Score("2-0"))), at: Date()) }
        let corrected = try history.pool.read { try StatsRepository($0).playerStats(id: ana, owner: history.owner) }
        XCTAssertEqual(corrected?.currentStreak, PlayerStats.Streak(outcome: .won, length: 6))
        try assertKeptRecordsAgree(history, after: "the correction")
    }

    func testADamagedCopyIsFoundAndRebuilt() throws {
        var history = try makeHistory()
        try play(["2-1", "0-0", "1-3"], in: &history)
        try history.pool.write { database in
            try database.execute("UPDATE player_records SET won = won + 1 WHERE player_id = (SELECT min(player_id) FROM player_records)")
            try database.execute("DELETE FROM player_results WHERE (gather_id, player_id) = (SELECT gather_id, player_id FROM player_results LIMIT 1)")
        }
        let problems = try history.pool.read { try RecordRepository($0).problems() }
        XCTAssertTrue(problems.contains { $0.hasPrefix("missing result of player") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("is not the sum of their results") }, "\(problems)")

        try history.pool.write { try RecordRepository($0).rebuild() }
        try assertKeptRecordsAgree(history, after: "the rebuild")
    }

    func testAHistoryFromBeforeTheRecordsGetsThemWhenMigrated() throws {
        var history = try makeHistory()
        var random = SeededGenerator(seed: 7)
        for _ in 0..<60 { _ = try randomWrite(&history, &random) }
        // As a database of schema version 15 had it: no records at all (and nothing of versions 17
        // to 25, whose ratings' triggers version 15's stand for here; the account changes' triggers,
        // which version 25 makes anew, are left out).
        try history.pool.write { database in
            try database.executeScript("""
                DROP TRIGGER results_match_changed; DROP TRIGGER results_place_taken;
                DROP TRIGGER results_place_left; DROP TRIGGER results_place_changed;
                DROP TRIGGER rating_match_inserted; DROP TRIGGER rating_match_ended; DROP TRIGGER rating_match_changed;
                DROP TRIGGER rating_match_deleted; DROP TRIGGER rating_side_joined; DROP TRIGGER rating_side_left;
                DROP TRIGGER rating_side_changed; DROP TRIGGER rating_level_changed;
                DROP TABLE player_records; DROP TABLE player_results; DROP TABLE rating_snapshots; DROP TABLE live_matches;
                DROP TRIGGER fixture_match_deleted; DROP TABLE personal_links; DROP TABLE fixture_teams; DROP TABLE fixture_answers;
                DROP TABLE deliveries; DROP TABLE announcements; DROP TABLE channels;
                DROP TABLE fixtures; DROP TABLE fixture_series;
                ALTER TABLE players DROP COLUMN regular; ALTER TABLE groups DROP COLUMN time_zone; ALTER TABLE groups DROP COLUMN guests_allowed;
                ALTER TABLE groups DROP COLUMN auto_teams; ALTER TABLE groups DROP COLUMN match_periods;
                ALTER TABLE groups DROP COLUMN match_period_minutes; ALTER TABLE groups DROP COLUMN match_break_minutes;
                ALTER TABLE rating_state DROP COLUMN generation; ALTER TABLE rating_state DROP COLUMN stale_from;
                ALTER TABLE rating_state DROP COLUMN settled_at;
                DROP TABLE maintenance; DROP TABLE goals; DROP TABLE seasons; DROP TABLE match_votes;
                DROP INDEX gathers_votes_to_tell; DROP INDEX gathers_chosen; ALTER TABLE gathers DROP COLUMN votes_close_at;
                ALTER TABLE gathers DROP COLUMN chosen_player_id; ALTER TABLE gathers DROP COLUMN votes_told;
                ALTER TABLE groups DROP COLUMN vote_hours;
                DROP TABLE payments; DROP INDEX gathers_with_cost;
                ALTER TABLE groups DROP COLUMN currency; ALTER TABLE gathers DROP COLUMN cost; ALTER TABLE gathers DROP COLUMN cost_split;
                DROP TRIGGER account_changed; DROP TRIGGER account_removed; DROP TRIGGER membership_ended;
                DROP TRIGGER account_made; DROP TRIGGER api_token_made; DROP TRIGGER api_token_revoked;
                ALTER TABLE account_changes DROP COLUMN what;
                PRAGMA user_version = 15;
                """)
        }
        history.pool.close()
        history = History(pool: try makePool(), owner: history.owner, stranger: history.stranger,
                          players: history.players, gathers: history.gathers)
        try assertKeptRecordsAgree(history, after: "the migration")
    }
}
