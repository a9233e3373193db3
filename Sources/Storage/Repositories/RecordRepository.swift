/// The players' records the schema keeps as results change (`RecordTriggers`), held against the
/// matches themselves: what `gather-server check` reports, and how a damaged copy is rebuilt.
package struct RecordRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// Where the kept records differ from what the matches say, a line each (at most `limit`);
    /// empty when they agree. Reads every counted match: a check, not a request's work.
    package func problems(limit: Int = 10) throws -> [String] {
        let expected = RecordTriggers.countedRows(where: "1")
        let results = try database.query("""
            SELECT 'missing', * FROM (\(expected) EXCEPT SELECT * FROM player_results)
            UNION ALL
            SELECT 'not counted', * FROM (SELECT * FROM player_results EXCEPT \(expected))
            LIMIT ?1
            """, limit).map { row in
                "\(try row.string(0)) result of player \(try row.int(2)) in match \(try row.string(5)) (goals \(try row.int(6))-\(try row.int(7)))"
            }
        let sums = """
            SELECT player_id, group_id, count(*), sum(goals_for > goals_against), sum(goals_for = goals_against),
                   sum(goals_for < goals_against), sum(goals_for), sum(goals_against)
            FROM player_results GROUP BY player_id
            """
        let kept = """
            SELECT player_id, group_id, played, won, drawn, lost, goals_for, goals_against FROM player_records
            WHERE played != 0 OR won != 0 OR drawn != 0 OR lost != 0 OR goals_for != 0 OR goals_against != 0
            """
        let records = try database.query("""
            SELECT player_id FROM (\(sums) EXCEPT \(kept))
            UNION
            SELECT player_id FROM (\(kept) EXCEPT \(sums))
            LIMIT ?1
            """, limit).map { row in
                "the record of player \(try row.int(0)) is not the sum of their results"
            }
        return Array((results + records).prefix(limit))
    }

    /// Builds the records again from the matches, in the caller's transaction.
    package func rebuild() throws {
        try database.execute("DELETE FROM player_records")
        try database.execute("DELETE FROM player_results")
        try database.execute(RecordTriggers.countedResults(where: "1"))
    }
}
