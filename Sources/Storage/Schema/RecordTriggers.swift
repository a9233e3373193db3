/// The triggers that keep `player_results` and `player_records` in step with the matches
/// (`Schema.version16`): every write that changes what counts (a result saved or corrected, a
/// match deleted or held in question, a player moved between sides) changes them in the same
/// transaction, whichever code path made it. A match's places can only be added once it exists,
/// so a match is counted by its places' triggers, and again whenever it changes.
///
/// Released with version 16: a change to these rules is a new migration that drops the triggers
/// and creates its own copy (and `RecordRepository` then follows the new one). A migration that
/// rebuilds `gathers`, `gather_players` or `players` the SQLite way (new table, copy, drop,
/// rename) drops these triggers and the ratings' first, and creates them again after: a rename
/// re-reads every trigger, and one naming the dropped table stops it. A player's record is kept
/// under the group of the matches it counts, which is always the player's own.
enum RecordTriggers {
    /// Inserts the counted (player, match) rows of the matches `condition` picks (over `gathers`
    /// as `g` and `gather_players` as `gp`).
    static func countedResults(where condition: String) -> String {
        """
        INSERT INTO player_results (gather_id, player_id, group_id, ended, gather_api_id, goals_for, goals_against)
            \(countedRows(where: condition));
        """
    }

    /// The counted (player, match) rows, in `player_results`' columns, of the matches `condition`
    /// picks, with each side's goals read from the score `N-M`, Team A first.
    static func countedRows(where condition: String) -> String {
        """
        SELECT g.id, gp.player_id, g.group_id, coalesce(g.ended_at, g.created_at), g.api_id,
               CASE gp.team WHEN 'Team A' THEN \(teamAGoals) ELSE \(teamBGoals) END,
               CASE gp.team WHEN 'Team A' THEN \(teamBGoals) ELSE \(teamAGoals) END
        FROM gathers AS g JOIN gather_players AS gp ON gp.gather_id = g.id
        WHERE g.score IS NOT NULL AND g.duplicate_of IS NULL AND gp.team != 'Bench' AND (\(condition))
        """
    }

    private static let teamAGoals = "CAST(substr(g.score, 1, instr(g.score, '-') - 1) AS INTEGER)"
    private static let teamBGoals = "CAST(substr(g.score, instr(g.score, '-') + 1) AS INTEGER)"

    static let all = """
        CREATE TRIGGER record_result_counted AFTER INSERT ON player_results
        BEGIN
            INSERT INTO player_records (player_id, group_id, played, won, drawn, lost, goals_for, goals_against)
                VALUES (NEW.player_id, NEW.group_id, 1, NEW.goals_for > NEW.goals_against, NEW.goals_for = NEW.goals_against,
                        NEW.goals_for < NEW.goals_against, NEW.goals_for, NEW.goals_against)
                ON CONFLICT (player_id) DO UPDATE SET played = played + 1, won = won + excluded.won,
                    drawn = drawn + excluded.drawn, lost = lost + excluded.lost,
                    goals_for = goals_for + excluded.goals_for, goals_against = goals_against + excluded.goals_against;
        END;
        CREATE TRIGGER record_result_uncounted AFTER DELETE ON player_results
        BEGIN
            UPDATE player_records SET played = played - 1, won = won - (OLD.goals_for > OLD.goals_against),
                drawn = drawn - (OLD.goals_for = OLD.goals_against), lost = lost - (OLD.goals_for < OLD.goals_against),
                goals_for = goals_for - OLD.goals_for, goals_against = goals_against - OLD.goals_against
            WHERE player_id = OLD.player_id;
        END;

        CREATE TRIGGER results_match_changed AFTER UPDATE OF score, duplicate_of, created_at, ended_at, group_id, api_id ON gathers
        WHEN OLD.score IS NOT NEW.score OR OLD.duplicate_of IS NOT NEW.duplicate_of OR OLD.created_at IS NOT NEW.created_at
            OR OLD.ended_at IS NOT NEW.ended_at OR OLD.group_id IS NOT NEW.group_id OR OLD.api_id IS NOT NEW.api_id
        BEGIN
            DELETE FROM player_results WHERE gather_id = OLD.id;
            \(countedResults(where: "g.id = NEW.id"))
        END;
        CREATE TRIGGER results_place_taken AFTER INSERT ON gather_players WHEN NEW.team != 'Bench'
        BEGIN
            \(countedResults(where: "g.id = NEW.gather_id AND gp.player_id = NEW.player_id"))
        END;
        CREATE TRIGGER results_place_left AFTER DELETE ON gather_players
        BEGIN
            DELETE FROM player_results WHERE gather_id = OLD.gather_id AND player_id = OLD.player_id;
        END;
        CREATE TRIGGER results_place_changed AFTER UPDATE OF gather_id, player_id, team ON gather_players
        BEGIN
            DELETE FROM player_results WHERE gather_id = OLD.gather_id AND player_id = OLD.player_id;
            \(countedResults(where: "g.id = NEW.gather_id AND gp.player_id = NEW.player_id"))
        END;
        """
}
