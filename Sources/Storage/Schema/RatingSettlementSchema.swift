extension Schema {
    /// Ratings settled off the committer (`RatingSettlement`). A write no longer replays a group's
    /// history in its own transaction: it applies a new latest result there (a match's players, a
    /// few rows) and leaves anything older to a settler, which replays from a kept snapshot and
    /// stores the outcome in a short write of its own. What the settler needs to know is written by
    /// the triggers, so no writer can forget it:
    /// - `generation` counts every change that could move the ratings, so a settlement computed
    ///   from an earlier read knows it is already behind when it comes to store;
    /// - `stale_from` is the earliest play time a change since the last settlement touched: the
    ///   replay starts at the newest snapshot strictly before it;
    /// - `settled_at` is when the stored ratings were last brought fully up to date.
    /// `rating_snapshots` keeps every player's rating at points of the play order (every
    /// `RatingSnapshot.interval` places), written by the settler as it replays.
    ///
    /// And a membership ended is logged as an account change (`account_changes`), so that a running
    /// server ends the event streams the removed member opened on that group; no group is left
    /// without an owner (an account closed before this version could leave one so).
    static let version17 = Migration(version: 17, name: "ratings settled off the committer, from kept snapshots; memberships ended heard of",
                                     sql: """
        ALTER TABLE rating_state ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE rating_state ADD COLUMN stale_from INTEGER;
        ALTER TABLE rating_state ADD COLUMN settled_at INTEGER;
        UPDATE rating_state SET stale_from = \(fromTheStart) WHERE stale = 1;
        UPDATE rating_state SET settled_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000 WHERE stale = 0;

        CREATE TABLE rating_snapshots (
            group_id       TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            through_ended  INTEGER NOT NULL,
            through_gather TEXT NOT NULL,
            -- Every player's rating after that match (RatingSnapshotCoding).
            ratings        BLOB NOT NULL,
            PRIMARY KEY (group_id, through_ended, through_gather)
        ) STRICT, WITHOUT ROWID;

        DROP TRIGGER IF EXISTS rating_match_inserted;
        DROP TRIGGER IF EXISTS rating_match_ended;
        DROP TRIGGER IF EXISTS rating_match_changed;
        DROP TRIGGER IF EXISTS rating_match_deleted;
        DROP TRIGGER IF EXISTS rating_side_joined;
        DROP TRIGGER IF EXISTS rating_side_left;
        DROP TRIGGER IF EXISTS rating_side_changed;
        DROP TRIGGER IF EXISTS rating_level_changed;
        DROP TRIGGER IF EXISTS membership_ended;

        CREATE TRIGGER rating_match_inserted AFTER INSERT ON gathers WHEN NEW.score IS NOT NULL
        BEGIN
            INSERT OR IGNORE INTO rating_pending (gather_id, group_id) VALUES (NEW.id, NEW.group_id);
            \(nextGeneration("NEW.group_id"))
        END;
        CREATE TRIGGER rating_match_ended AFTER UPDATE OF score ON gathers WHEN OLD.score IS NULL AND NEW.score IS NOT NULL
        BEGIN
            INSERT OR IGNORE INTO rating_pending (gather_id, group_id) VALUES (NEW.id, NEW.group_id);
            \(nextGeneration("NEW.group_id"))
        END;
        CREATE TRIGGER rating_match_changed AFTER UPDATE OF score, duplicate_of, created_at, ended_at ON gathers
        WHEN OLD.score IS NOT NULL
            AND (OLD.score IS NOT NEW.score OR OLD.duplicate_of IS NOT NEW.duplicate_of
                 OR OLD.created_at IS NOT NEW.created_at OR OLD.ended_at IS NOT NEW.ended_at)
        BEGIN
            \(changed("NEW.group_id", gather: "NEW.id",
                      from: "min(coalesce(OLD.ended_at, OLD.created_at), coalesce(NEW.ended_at, NEW.created_at))"))
        END;
        CREATE TRIGGER rating_match_deleted AFTER DELETE ON gathers WHEN OLD.score IS NOT NULL AND OLD.duplicate_of IS NULL
        BEGIN
            \(markStale("OLD.group_id", from: "coalesce(OLD.ended_at, OLD.created_at)"))
        END;
        CREATE TRIGGER rating_side_joined AFTER INSERT ON gather_players WHEN NEW.team != 'Bench'
            AND EXISTS (SELECT 1 FROM gathers WHERE id = NEW.gather_id AND score IS NOT NULL AND duplicate_of IS NULL)
        BEGIN
            \(sideChanged(gather: "NEW.gather_id"))
        END;
        CREATE TRIGGER rating_side_left AFTER DELETE ON gather_players WHEN OLD.team != 'Bench'
            AND EXISTS (SELECT 1 FROM gathers WHERE id = OLD.gather_id AND score IS NOT NULL AND duplicate_of IS NULL)
        BEGIN
            \(sideChanged(gather: "OLD.gather_id"))
        END;
        CREATE TRIGGER rating_side_changed AFTER UPDATE OF team ON gather_players WHEN OLD.team IS NOT NEW.team
            AND EXISTS (SELECT 1 FROM gathers WHERE id = NEW.gather_id AND score IS NOT NULL AND duplicate_of IS NULL)
        BEGIN
            \(sideChanged(gather: "NEW.gather_id"))
        END;
        -- No group without an owner: one left so by an account closed before this version is handed
        -- to its longest-standing organiser (else member); one nobody is in any more is closed, and
        -- its rows purged at the next start.
        UPDATE memberships SET role = 'owner'
        WHERE NOT EXISTS (SELECT 1 FROM memberships owners WHERE owners.group_id = memberships.group_id AND owners.role = 'owner')
          AND user_id = (SELECT heir.user_id FROM memberships heir WHERE heir.group_id = memberships.group_id
                         ORDER BY heir.role = 'viewer', heir.joined_at, heir.user_id LIMIT 1);
        UPDATE groups SET closed_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
        WHERE closed_at IS NULL AND NOT EXISTS (SELECT 1 FROM memberships WHERE memberships.group_id = groups.id);

        -- Streams a removed member opened must end: a running server hears of it as of any account
        -- change. An account closing or removed leaves its groups too, and is heard of as that.
        CREATE TRIGGER membership_ended AFTER DELETE ON memberships
        WHEN EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NULL)
        BEGIN
            INSERT INTO account_changes (user_id, changed_at) VALUES (OLD.user_id, CAST(strftime('%s', 'now') AS INTEGER));
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;

        -- A declared level is where a player starts: everything from their first counted match moves.
        CREATE TRIGGER rating_level_changed AFTER UPDATE OF skill ON players WHEN OLD.skill IS NOT NEW.skill
            AND EXISTS (SELECT 1 FROM player_results WHERE player_id = NEW.id)
        BEGIN
            \(markStale("NEW.group_id", from: "(SELECT min(ended) FROM player_results WHERE player_id = NEW.id)"))
        END;
        """)

    /// `stale_from` for a change that moves every rating from the first match on.
    static let fromTheStart = "-9223372036854775808"

    /// One more change that could move the group's ratings; nothing for a group being deleted.
    private static func nextGeneration(_ group: String) -> String {
        """
        INSERT INTO rating_state (group_id, generation) SELECT id, 1 FROM groups WHERE id = \(group)
            ON CONFLICT (group_id) DO UPDATE SET generation = generation + 1;
        """
    }

    /// The group's ratings stale from play time `from` on (the earliest such change since the
    /// last settlement wins), and one more generation.
    private static func markStale(_ group: String, from: String) -> String {
        """
        INSERT INTO rating_state (group_id, stale, generation, stale_from) SELECT id, 1, 1, \(from) FROM groups WHERE id = \(group)
            ON CONFLICT (group_id) DO UPDATE SET stale = 1, generation = generation + 1,
                stale_from = min(coalesce(CASE WHEN stale = 1 THEN stale_from END, excluded.stale_from), excluded.stale_from);
        """
    }

    /// A change to a counted match: stale from its place in the play order, unless the match is
    /// still waiting to be applied as a new result (applied as it stands, whenever that is); a
    /// new generation either way, so a settlement that read it before the change is behind.
    private static func changed(_ group: String, gather: String, from: String) -> String {
        """
        \(nextGeneration(group))
        UPDATE rating_state SET stale = 1,
            stale_from = min(coalesce(CASE WHEN stale = 1 THEN stale_from END, \(from)), \(from))
            WHERE group_id = \(group) AND NOT EXISTS (SELECT 1 FROM rating_pending WHERE gather_id = \(gather));
        """
    }

    private static func sideChanged(gather: String) -> String {
        changed("(SELECT group_id FROM gathers WHERE id = \(gather))", gather: gather,
                from: "(SELECT coalesce(ended_at, created_at) FROM gathers WHERE id = \(gather))")
    }
}
