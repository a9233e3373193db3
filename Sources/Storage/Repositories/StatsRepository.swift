import FoundationEssentials
import GatherRating

/// Records and rankings of the owner's players, read from the records the schema keeps as results
/// change (`RecordTriggers`): a row a player, and each player's counted matches newest first, so
/// each answer costs the same at the tenth match and the hundred-thousandth. A match counts when
/// it has a score and is not held in question as a repeat; a player counts in it on Team A or
/// Team B (the bench does not play).
package struct StatsRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// A counted match's outcome for one side, from its goals: 1 won, 0 drawn, -1 lost.
    private static let outcome = "((goals_for > goals_against) - (goals_for < goals_against))"

    /// The record of one of the owner's players; nil if there is no such player (retired ones count).
    package func playerStats(id: Int, owner: UUID, during: Range<Date>? = nil) throws -> PlayerStats? {
        // A player deleted since is off the roster: not found here either, like their other routes.
        guard try database.query("SELECT 1 FROM players WHERE id = ? AND group_id = ? AND retired_at IS NULL", id, owner).first != nil
        else { return nil }
        if let during { return try seasonStats(id: id, owner: owner, during: during) }
        let record = try database.query("""
            SELECT played, won, drawn, lost, goals_for, goals_against FROM player_records WHERE player_id = ? AND group_id = ?
            """, id, owner).first
        let played = try record?.int(0) ?? 0
        let lastFive = try newestOutcomes(of: id, owner: owner, limit: 5)
        var stats = PlayerStats(playerID: id, played: played, won: try record?.int(1) ?? 0, drawn: try record?.int(2) ?? 0,
                           lost: try record?.int(3) ?? 0, goalsFor: try record?.int(4) ?? 0, goalsAgainst: try record?.int(5) ?? 0,
                           currentStreak: try lastFive.first.map { PlayerStats.Streak(outcome: $0, length: try streak(of: id, owner: owner, outcome: $0, played: played)) },
                           lastFive: lastFive)
        (stats.goals, stats.assists) = try GoalRepository(database).tally(of: id, owner: owner)
        return stats
    }

    /// A player's record over the matches that ended `during` (a season): read from their results
    /// in it, newest first (a season's worth, however long the history).
    private func seasonStats(id: Int, owner: UUID, during: Range<Date>) throws -> PlayerStats {
        let outcomes = try database.map("""
            SELECT \(StatsRepository.outcome), goals_for, goals_against FROM player_results
            WHERE player_id = ?1 AND group_id = ?2 AND ended >= ?3 AND ended < ?4
            ORDER BY ended DESC, gather_api_id DESC
            """, id, owner, during.lowerBound, during.upperBound) { row in
            (StatsRepository.outcome(of: try row.int(0)), try row.int(1), try row.int(2))
        }
        let streak = outcomes.first.map { first in
            PlayerStats.Streak(outcome: first.0, length: outcomes.prefix { $0.0 == first.0 }.count)
        }
        var stats = PlayerStats(playerID: id, played: outcomes.count, won: outcomes.count { $0.0 == .won },
                                drawn: outcomes.count { $0.0 == .drawn }, lost: outcomes.count { $0.0 == .lost },
                                goalsFor: outcomes.reduce(0) { $0 + $1.1 }, goalsAgainst: outcomes.reduce(0) { $0 + $1.2 },
                                currentStreak: streak, lastFive: outcomes.prefix(5).map(\.0))
        (stats.goals, stats.assists) = try GoalRepository(database).tally(of: id, owner: owner, during: during)
        return stats
    }

    /// How many of the player's newest matches in a row ended with `outcome`: read from the newest
    /// down to the first that did not, so it costs the streak's length, not the history's.
    private func streak(of player: Int, owner: UUID, outcome: Outcome, played: Int) throws -> Int {
        let value = StatsRepository.value(of: outcome)
        guard let broken = try database.query("""
            SELECT ended, gather_api_id FROM player_results
            WHERE player_id = ?1 AND group_id = ?2 AND \(StatsRepository.outcome) != ?3
            ORDER BY ended DESC, gather_api_id DESC LIMIT 1
            """, player, owner, value).first
        else { return played }
        return try database.query("""
            SELECT count(*) FROM player_results
            WHERE player_id = ?1 AND group_id = ?2 AND (ended, gather_api_id) > (?3, ?4)
            """, player, owner, try broken.int(0), try broken.string(1)).first?.int(0) ?? 0
    }

    /// The outcomes of the player's newest `limit` counted matches, newest first.
    private func newestOutcomes(of player: Int, owner: UUID, limit: Int) throws -> [Outcome] {
        try database.map("""
            SELECT \(StatsRepository.outcome) FROM player_results WHERE player_id = ?1 AND group_id = ?2
            ORDER BY ended DESC, gather_api_id DESC LIMIT ?3
            """, player, owner, limit) { row in
                StatsRepository.outcome(of: try row.int(0))
            }
    }

    private static func value(of outcome: Outcome) -> Int {
        switch outcome {
        case .won: 1
        case .drawn: 0
        case .lost: -1
        }
    }

    private static func outcome(of value: Int) -> Outcome {
        value > 0 ? .won : value == 0 ? .drawn : .lost
    }

    /// Matches played and won by each of the owner's players who has played a counted one: what
    /// record-weighted balancing needs for every candidate at once.
    package func playedAndWon(owner: UUID) throws -> [Int: (played: Int, won: Int)] {
        var records: [Int: (played: Int, won: Int)] = [:]
        for row in try database.query("SELECT player_id, played, won FROM player_records WHERE group_id = ? AND played > 0", owner) {
            records[try row.int(0)] = (try row.int(1), try row.int(2))
        }
        return records
    }

    /// The last five outcomes (newest first) of each of the owner's players who has played a
    /// counted match: the form column of a table. Five rows a player, read newest first.
    package func recentForm(owner: UUID) throws -> [Int: [Outcome]] {
        var form: [Int: [Outcome]] = [:]
        for player in try database.map("SELECT player_id FROM player_records WHERE group_id = ? AND played > 0", owner, transform: { try $0.int(0) }) {
            form[player] = try newestOutcomes(of: player, owner: owner, limit: 5)
        }
        return form
    }

    /// The owner's players on the roster with at least `minimumGames` counted matches (and at least
    /// one), by win rate, then games played, then goal difference (then name, for a stable order).
    /// With `during`, over the matches that ended in it alone (a season), from each player's results.
    package func leaderboard(owner: UUID, minimumGames: Int, during: Range<Date>? = nil) throws -> [LeaderboardEntry] {
        if let during {
            return try database.query("""
                SELECT players.id, players.name, count(*) AS played, sum(results.goals_for > results.goals_against) AS won,
                       sum(results.goals_for = results.goals_against), sum(results.goals_for < results.goals_against),
                       sum(results.goals_for - results.goals_against) AS difference
                FROM player_results AS results JOIN players ON players.id = results.player_id
                WHERE results.group_id = ?1 AND players.group_id = ?1 AND players.retired_at IS NULL
                    AND results.ended >= ?3 AND results.ended < ?4
                GROUP BY players.id HAVING count(*) >= ?2
                ORDER BY won * 1.0 / played DESC, played DESC, difference DESC, players.name, players.id
                """, owner, max(1, minimumGames), during.lowerBound, during.upperBound).enumerated().map { index, row in
                    LeaderboardEntry(rank: index + 1, playerID: try row.int(0), name: try row.string(1), played: try row.int(2),
                                     won: try row.int(3), drawn: try row.int(4), lost: try row.int(5), goalDifference: try row.int(6))
                }
        }
        return try database.query("""
            SELECT players.id, players.name, records.played, records.won, records.drawn, records.lost,
                   records.goals_for - records.goals_against
            FROM player_records AS records JOIN players ON players.id = records.player_id
            WHERE records.group_id = ?1 AND players.group_id = ?1 AND players.retired_at IS NULL
                AND records.played > 0 AND records.played >= ?2
            ORDER BY records.won * 1.0 / records.played DESC, records.played DESC,
                     records.goals_for - records.goals_against DESC, players.name, players.id
            """, owner, minimumGames).enumerated().map { index, row in
                LeaderboardEntry(rank: index + 1, playerID: try row.int(0), name: try row.string(1), played: try row.int(2),
                                 won: try row.int(3), drawn: try row.int(4), lost: try row.int(5), goalDifference: try row.int(6))
            }
    }
}
