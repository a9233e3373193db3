import FoundationEssentials
import GatherDomain

/// A group's goals: each match's, in the order they came, and who scored and made them over every
/// counted match (a score, and not held in question as a repeat). Every query is scoped to the group.
package struct GoalRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// The row key of the group's gather `?1` (group `?2`), as a subquery.
    private static let gather = "(SELECT id FROM gathers WHERE api_id = ?1 AND group_id = ?2)"

    /// Makes a match's goals exactly these, in this order.
    package func replace(goalsOf gatherID: UUID, owner: UUID, with goals: [Goal]) throws {
        try database.execute("DELETE FROM goals WHERE gather_id = \(GoalRepository.gather)", gatherID, owner)
        for (index, goal) in goals.enumerated() {
            try database.execute("""
                INSERT INTO goals (gather_id, number, group_id, team, scorer_id, assist_id, minute, own_goal)
                VALUES (\(GoalRepository.gather), ?3, ?2, ?4, ?5, ?6, ?7, ?8)
                """, gatherID, owner, index + 1, goal.team.rawValue, goal.scorer, goal.assist, goal.minute, goal.ownGoal ? 1 : 0)
        }
    }

    private static let columns = "goals.team, goals.scorer_id, goals.assist_id, goals.minute, goals.own_goal"

    /// A match's goals in the order they came; empty for a score without goals.
    package func goals(of gatherID: UUID, owner: UUID) throws -> [Goal] {
        try database.map("""
            SELECT \(GoalRepository.columns) FROM goals WHERE gather_id = \(GoalRepository.gather) ORDER BY number
            """, gatherID, owner) { try GoalRepository.goal($0, offset: 0) }
    }

    /// The goals of several matches at once (a history page): every one of them has a list.
    package func goals(of gatherIDs: [UUID], owner: UUID) throws -> [UUID: [Goal]] {
        var goals = Dictionary(uniqueKeysWithValues: gatherIDs.map { ($0, [Goal]()) })
        guard !gatherIDs.isEmpty else { return goals }
        // One parameter whatever the page size: the ids as a JSON array, read by json_each.
        let ids = "[" + gatherIDs.map { "\"\($0.canonicalText)\"" }.joined(separator: ",") + "]"
        try database.forEach("""
            SELECT gathers.api_id, \(GoalRepository.columns) FROM goals JOIN gathers ON gathers.id = goals.gather_id
            WHERE gathers.group_id = ? AND gathers.api_id IN (SELECT value FROM json_each(?))
            ORDER BY goals.gather_id, goals.number
            """, owner, ids) { row in
            goals[try row.uuid(0), default: []].append(try GoalRepository.goal(row, offset: 1))
        }
        return goals
    }

    /// How many goals each of these matches has (those without, absent).
    package func counts(of gatherIDs: [UUID], owner: UUID) throws -> [UUID: Int] {
        guard !gatherIDs.isEmpty else { return [:] }
        let ids = "[" + gatherIDs.map { "\"\($0.canonicalText)\"" }.joined(separator: ",") + "]"
        var counts: [UUID: Int] = [:]
        try database.forEach("""
            SELECT gathers.api_id, count(*) FROM goals JOIN gathers ON gathers.id = goals.gather_id
            WHERE gathers.group_id = ? AND gathers.api_id IN (SELECT value FROM json_each(?))
            GROUP BY goals.gather_id
            """, owner, ids) { row in
            counts[try row.uuid(0)] = try row.int(1)
        }
        return counts
    }

    /// Goals (own goals are not a scorer's) and assists in the group's counted matches, for each
    /// player on the roster with either.
    /// With `during`, over the matches that ended in it (a season), their matches too.
    package func scorers(owner: UUID, during: Range<Date>? = nil) throws -> [Scorer] {
        try database.map("""
            WITH counted AS (
                SELECT goals.scorer_id, goals.assist_id, goals.own_goal FROM goals JOIN gathers ON gathers.id = goals.gather_id
                WHERE goals.group_id = ?1 AND gathers.score IS NOT NULL AND gathers.duplicate_of IS NULL
                  AND (?2 IS NULL OR coalesce(gathers.ended_at, gathers.created_at) >= ?2)
                  AND (?3 IS NULL OR coalesce(gathers.ended_at, gathers.created_at) < ?3)
            ), tallies AS (
                SELECT scorer_id AS player, 1 AS goal, 0 AS assist FROM counted WHERE scorer_id IS NOT NULL AND own_goal = 0
                UNION ALL
                SELECT assist_id, 0, 1 FROM counted WHERE assist_id IS NOT NULL
            )
            SELECT players.id, players.name, sum(tallies.goal), sum(tallies.assist),
                   CASE WHEN ?2 IS NULL THEN coalesce((SELECT played FROM player_records WHERE player_id = players.id), 0)
                        ELSE (SELECT count(*) FROM player_results WHERE player_id = players.id AND group_id = ?1
                              AND ended >= ?2 AND ended < ?3) END
            FROM tallies JOIN players ON players.id = tallies.player
            WHERE players.group_id = ?1 AND players.retired_at IS NULL
            GROUP BY players.id
            """, owner, during?.lowerBound, during?.upperBound) { row in
            Scorer(playerID: try row.int(0), name: try row.string(1), goals: try row.int(2), assists: try row.int(3),
                   matches: try row.int(4))
        }.sorted(by: Scorer.ranking)
    }

    /// One player's goals and assists in the group's counted matches.
    package func tally(of playerID: Int, owner: UUID, during: Range<Date>? = nil) throws -> (goals: Int, assists: Int) {
        let row = try database.query("""
            SELECT coalesce(sum(goals.scorer_id = ?1 AND goals.own_goal = 0), 0), coalesce(sum(goals.assist_id = ?1), 0)
            FROM goals JOIN gathers ON gathers.id = goals.gather_id
            WHERE goals.group_id = ?2 AND (goals.scorer_id = ?1 OR goals.assist_id = ?1)
              AND gathers.score IS NOT NULL AND gathers.duplicate_of IS NULL
              AND (?3 IS NULL OR coalesce(gathers.ended_at, gathers.created_at) >= ?3)
              AND (?4 IS NULL OR coalesce(gathers.ended_at, gathers.created_at) < ?4)
            """, playerID, owner, during?.lowerBound, during?.upperBound).first
        return (try row?.int(0) ?? 0, try row?.int(1) ?? 0)
    }

    private static func goal(_ row: StatementRow, offset: Int) throws -> Goal {
        let text = try row.string(offset)
        guard let team = Team(rawValue: text), team != .bench else { throw RowError.unexpected(offset, .text(text)) }
        return Goal(team: team, scorer: try row.optionalInt(offset + 1), assist: try row.optionalInt(offset + 2),
                    minute: try row.optionalInt(offset + 3), ownGoal: try row.int(offset + 4) != 0)
    }
}
