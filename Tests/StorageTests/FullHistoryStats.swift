import FoundationEssentials
import GatherRating
@testable import Storage

/// Records and rankings computed the long way, each one SQL query over every one of the owner's
/// ended gathers (but a match held in question as a repeat of another): what `StatsRepository`
/// answered before it read the records kept by triggers, and what it must still answer. A player
/// counts in a gather when on Team A or Team B; the score's sides are read from its text `N-M`.
struct FullHistoryStats {
    let database: Database

    init(_ database: Database) { self.database = database }

    /// Each (player, ended gather) with the goals for and against that player's side, newest first.
    private static let results = """
        results AS (
            SELECT gather_players.player_id AS player_id,
                   coalesce(gathers.ended_at, gathers.created_at) AS ended,
                   gathers.api_id AS gather_id,
                   CASE gather_players.team WHEN 'Team A' THEN sides.a ELSE sides.b END AS goals_for,
                   CASE gather_players.team WHEN 'Team A' THEN sides.b ELSE sides.a END AS goals_against
            FROM gather_players
            JOIN gathers ON gathers.id = gather_players.gather_id
            JOIN (SELECT id,
                         CAST(substr(score, 1, instr(score, '-') - 1) AS INTEGER) AS a,
                         CAST(substr(score, instr(score, '-') + 1) AS INTEGER) AS b
                  FROM gathers WHERE group_id = ?1 AND score IS NOT NULL AND duplicate_of IS NULL) AS sides ON sides.id = gathers.id
            WHERE gathers.group_id = ?1 AND gather_players.team != 'Bench'
        )
        """

    /// The record of one of the owner's players; nil if there is no such player (retired ones count).
    func playerStats(id: Int, owner: UUID) throws -> PlayerStats? {
        // A player deleted since is off the roster: not found here either, like their other routes.
        guard try database.query("SELECT 1 FROM players WHERE id = ? AND group_id = ? AND retired_at IS NULL", id, owner).first != nil
        else { return nil }
        let row = try database.query("""
            WITH \(FullHistoryStats.results),
            mine AS (
                SELECT goals_for, goals_against,
                       CASE WHEN goals_for > goals_against THEN 'won' WHEN goals_for = goals_against THEN 'drawn' ELSE 'lost' END AS outcome,
                       row_number() OVER (ORDER BY ended DESC, gather_id DESC) AS recency
                FROM results WHERE player_id = ?2
            ),
            latest AS (SELECT outcome FROM mine WHERE recency = 1)
            SELECT count(*),
                   coalesce(sum(outcome = 'won'), 0), coalesce(sum(outcome = 'drawn'), 0), coalesce(sum(outcome = 'lost'), 0),
                   coalesce(sum(goals_for), 0), coalesce(sum(goals_against), 0),
                   (SELECT outcome FROM latest),
                   coalesce((SELECT min(recency) - 1 FROM mine WHERE outcome != (SELECT outcome FROM latest)), count(*)),
                   max(CASE recency WHEN 1 THEN outcome END), max(CASE recency WHEN 2 THEN outcome END),
                   max(CASE recency WHEN 3 THEN outcome END), max(CASE recency WHEN 4 THEN outcome END),
                   max(CASE recency WHEN 5 THEN outcome END)
            FROM mine
            """, owner, id).first
        guard let row else { return nil }
        let latest = try row.optionalString(6).flatMap(Outcome.init(rawValue:))
        let lastFive = try (8...12).compactMap { try row.optionalString($0).flatMap(Outcome.init(rawValue:)) }
        return PlayerStats(playerID: id, played: try row.int(0), won: try row.int(1), drawn: try row.int(2), lost: try row.int(3),
                           goalsFor: try row.int(4), goalsAgainst: try row.int(5),
                           currentStreak: try latest.map { PlayerStats.Streak(outcome: $0, length: try row.int(7)) },
                           lastFive: lastFive)
    }

    /// Matches played and won by each of the owner's players who has played an ended one, in one
    /// grouped query: what record-weighted balancing needs for every candidate at once.
    func playedAndWon(owner: UUID) throws -> [Int: (played: Int, won: Int)] {
        var records: [Int: (played: Int, won: Int)] = [:]
        for row in try database.query("""
            WITH \(FullHistoryStats.results)
            SELECT player_id, count(*), sum(goals_for > goals_against) FROM results GROUP BY player_id
            """, owner) {
            records[try row.int(0)] = (try row.int(1), try row.int(2))
        }
        return records
    }

    /// The last five outcomes (newest first) of each of the owner's players who has played an
    /// ended match, in one query: the form column of a table.
    func recentForm(owner: UUID) throws -> [Int: [Outcome]] {
        var form: [Int: [Outcome]] = [:]
        for row in try database.query("""
            WITH \(FullHistoryStats.results),
            ranked AS (
                SELECT player_id,
                       CASE WHEN goals_for > goals_against THEN 'won' WHEN goals_for = goals_against THEN 'drawn' ELSE 'lost' END AS outcome,
                       row_number() OVER (PARTITION BY player_id ORDER BY ended DESC, gather_id DESC) AS recency
                FROM results
            )
            SELECT player_id, outcome FROM ranked WHERE recency <= 5 ORDER BY player_id, recency
            """, owner) {
            if let outcome = Outcome(rawValue: try row.string(1)) { form[try row.int(0), default: []].append(outcome) }
        }
        return form
    }

    /// The owner's players on the roster with at least `minimumGames` ended matches, by win rate,
    /// then games played, then goal difference (then name, for a stable order).
    func leaderboard(owner: UUID, minimumGames: Int) throws -> [LeaderboardEntry] {
        try database.query("""
            WITH \(FullHistoryStats.results)
            SELECT players.id, players.name, count(*),
                   sum(goals_for > goals_against), sum(goals_for = goals_against), sum(goals_for < goals_against),
                   sum(goals_for) - sum(goals_against)
            FROM results JOIN players ON players.id = results.player_id
            WHERE players.group_id = ?1 AND players.retired_at IS NULL
            GROUP BY players.id HAVING count(*) >= ?2
            ORDER BY sum(goals_for > goals_against) * 1.0 / count(*) DESC, count(*) DESC,
                     sum(goals_for) - sum(goals_against) DESC, players.name, players.id
            """, owner, minimumGames).enumerated().map { index, row in
                LeaderboardEntry(rank: index + 1, playerID: try row.int(0), name: try row.string(1), played: try row.int(2),
                                 won: try row.int(3), drawn: try row.int(4), lost: try row.int(5), goalDifference: try row.int(6))
            }
    }
}
