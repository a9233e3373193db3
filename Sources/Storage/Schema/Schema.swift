
/// The Football Gather schema, one migration per version. Never edit a released migration: add one.
package enum Schema {
    /// Usernames' comparison keys are recomputed at every open (see `UserRepository.reconcileComparisonKeys`).
    package static let migrator = Migrator(migrations: [version1, version2, version3, version4, version5, version6, version7, version8, version9, version10, version11, version12, version13, version14, version15, version16, version17, version18, version19, version20, version21, version22, version23, version24, version25, version26, version27, version28, version29, version30, version31]) { database in
        try UserRepository(database).reconcileComparisonKeys()
    }

    static let version1 = Migration(version: 1, name: "initial schema", sql: """
        CREATE TABLE users (
            id            TEXT PRIMARY KEY NOT NULL,
            username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
            password_hash TEXT NOT NULL,
            created_at    INTEGER NOT NULL
        ) STRICT;

        CREATE TABLE tokens (
            digest     BLOB PRIMARY KEY NOT NULL,
            user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX tokens_by_user ON tokens(user_id);
        CREATE INDEX tokens_by_expiry ON tokens(expires_at);

        CREATE TABLE players (
            id                 INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id            TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name               TEXT NOT NULL,
            age                INTEGER,
            skill              TEXT,
            preferred_position TEXT,
            favourite_team     TEXT
        ) STRICT;
        CREATE INDEX players_by_user ON players(user_id, id);

        CREATE TABLE gathers (
            id          TEXT PRIMARY KEY NOT NULL,
            user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            score       TEXT,
            winner_team TEXT,
            created_at  INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX gathers_by_user ON gathers(user_id, created_at);

        CREATE TABLE gather_players (
            gather_id TEXT NOT NULL REFERENCES gathers(id) ON DELETE CASCADE,
            player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            team      TEXT NOT NULL CHECK (team IN ('Team A', 'Team B', 'Bench')),
            PRIMARY KEY (gather_id, player_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX gather_players_by_player ON gather_players(player_id);
        """)

    /// Usernames become unique by their Unicode caseless form (`Username.comparisonKey`), no longer
    /// by ASCII case only. Accounts that already exist are never merged or renamed: where older
    /// names now compare equal (`Ärger` and `ärger`), the oldest keeps `key_collision` 0 and the
    /// others get 1, 2…; a login then picks the account whose stored name is exactly the one
    /// typed, else the oldest. New accounts are refused when their key exists at all.
    /// (The backfill is the repository's reconciliation, run at every open anyway; should a later
    /// version change these columns, give this migration its own copy of it.)
    static let version2 = Migration(version: 2, name: "usernames compared by their Unicode caseless form") { database in
        try database.executeScript("""
            ALTER TABLE users ADD COLUMN username_key TEXT NOT NULL DEFAULT '';
            ALTER TABLE users ADD COLUMN key_collision INTEGER NOT NULL DEFAULT 0;
            """)
        try UserRepository(database).reconcileComparisonKeys()
        try database.executeScript("CREATE UNIQUE INDEX users_by_key ON users(username_key, key_collision);")
    }

    /// When a gather ended, and players kept for history. A gather that already had a score gets
    /// its creation time as its end (the best there is); deleting a player who has played now
    /// retires them (`retired_at`) instead of removing them from past matches.
    static let version3 = Migration(version: 3, name: "gathers end, players retire", sql: """
        ALTER TABLE gathers ADD COLUMN ended_at INTEGER;
        UPDATE gathers SET ended_at = created_at WHERE score IS NOT NULL;
        CREATE INDEX gathers_by_user_end ON gathers(user_id, ended_at);
        ALTER TABLE players ADD COLUMN retired_at INTEGER;
        """)

    static let version4 = Migration(version: 4, name: "gathers remember a balanced split's seed", sql: """
        ALTER TABLE gathers ADD COLUMN balance_seed INTEGER;
        """)

    /// Pages of gathers are ordered by the second they were created in (what the wire shows), then
    /// by id: a client can name any place in that order exactly, and each page is read from here.
    static let version5 = Migration(version: 5, name: "gathers paged by second and id", sql: """
        CREATE INDEX gathers_by_user_second ON gathers(user_id, created_at / 1000 DESC, id DESC);
        """)

    /// An account deleted through the API is closed at once (`deleted_at`) and its rows removed
    /// afterwards in small steps (`UserRepository.purgeStep`), so that deleting a large account
    /// never holds the one writer for long.
    static let version6 = Migration(version: 6, name: "accounts closed before they are purged", sql: """
        ALTER TABLE users ADD COLUMN deleted_at INTEGER;
        """)

    /// A gather's id belongs to its account: `api_id` is the id clients use, unique per account, and
    /// the same id in two accounts names two gathers. The row keeps its own key (`id`), which team
    /// places refer to; until now the two were one, so existing rows keep both. Pages order by the
    /// client's id.
    static let version7 = Migration(version: 7, name: "gather ids per account", sql: """
        ALTER TABLE gathers ADD COLUMN api_id TEXT NOT NULL DEFAULT '';
        UPDATE gathers SET api_id = id;
        CREATE UNIQUE INDEX gathers_by_user_api_id ON gathers(user_id, api_id);
        DROP INDEX gathers_by_user_second;
        CREATE INDEX gathers_by_user_second ON gathers(user_id, created_at / 1000 DESC, api_id DESC);
        """)

    /// What each account keeps (players, gathers, and players' places in gathers), counted as rows
    /// come and go (by triggers, in the same transaction),
    /// so that a quota is checked and shown without counting rows: counting an account's players
    /// at every insert made each insert slower as the roster grew.
    static let version8 = Migration(version: 8, name: "accounts' rows counted as they change", sql: """
        CREATE TABLE account_usage (
            user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            players INTEGER NOT NULL DEFAULT 0,
            gathers INTEGER NOT NULL DEFAULT 0,
            places INTEGER NOT NULL DEFAULT 0
        ) STRICT, WITHOUT ROWID;
        INSERT INTO account_usage (user_id, players, gathers, places)
            SELECT id, (SELECT count(*) FROM players WHERE players.user_id = users.id),
                   (SELECT count(*) FROM gathers WHERE gathers.user_id = users.id),
                   (SELECT count(*) FROM gather_players JOIN gathers ON gathers.id = gather_players.gather_id
                    WHERE gathers.user_id = users.id)
            FROM users;
        CREATE TRIGGER players_counted AFTER INSERT ON players BEGIN
            INSERT INTO account_usage (user_id, players) VALUES (NEW.user_id, 1)
                ON CONFLICT (user_id) DO UPDATE SET players = players + 1;
        END;
        CREATE TRIGGER players_uncounted AFTER DELETE ON players BEGIN
            UPDATE account_usage SET players = players - 1 WHERE user_id = OLD.user_id;
        END;
        CREATE TRIGGER gathers_counted AFTER INSERT ON gathers BEGIN
            INSERT INTO account_usage (user_id, gathers) VALUES (NEW.user_id, 1)
                ON CONFLICT (user_id) DO UPDATE SET gathers = gathers + 1;
        END;
        CREATE TRIGGER gathers_uncounted BEFORE DELETE ON gathers BEGIN
            UPDATE account_usage SET gathers = gathers - 1,
                places = places - (SELECT count(*) FROM gather_players WHERE gather_id = OLD.id)
            WHERE user_id = OLD.user_id;
        END;
        CREATE TRIGGER places_counted AFTER INSERT ON gather_players BEGIN
            UPDATE account_usage SET places = places + 1
            WHERE user_id = (SELECT user_id FROM gathers WHERE id = NEW.gather_id);
        END;
        -- Places a deleted gather takes with it are counted off above: by the time its cascade
        -- removes them, the gather is gone and this finds no account.
        CREATE TRIGGER places_uncounted AFTER DELETE ON gather_players BEGIN
            UPDATE account_usage SET places = places - 1
            WHERE user_id = (SELECT user_id FROM gathers WHERE id = OLD.gather_id);
        END;
        """)

    /// Read-only links to an account's results (`POST /api/shares`). The link's token is kept only
    /// as its SHA-256 digest, like a session token; views are counted in batches.
    static let version9 = Migration(version: 9, name: "share links", sql: """
        CREATE TABLE shares (
            id             INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name           TEXT NOT NULL,
            digest         BLOB NOT NULL UNIQUE,
            created_at     INTEGER NOT NULL,
            views          INTEGER NOT NULL DEFAULT 0,
            last_viewed_at INTEGER
        ) STRICT;
        CREATE INDEX shares_by_user ON shares(user_id, id);
        """)

    /// Groups: the roster, the matches and the share links belong to a group, no longer to an
    /// account, so that several organisers keep one history. Every account gets a group of its
    /// own with the account's id, owned by it, and everything it had moves into it unchanged (the
    /// same ids, the same counts). Members have a role (`owner`, `organiser`, `viewer`);
    /// invitations are kept as digests, like tokens. The tables that held `user_id` are rebuilt
    /// with `group_id` (SQLite's way: a new table, the rows copied, the old one dropped, the new
    /// one renamed, with foreign keys off meanwhile, so nothing cascades), and AUTOINCREMENT keeps
    /// its high-water mark, so an id once used is never handed out again. What a group keeps is
    /// counted per group.
    /// A match saved twice (two organisers' laptops at one match, or an import of one already
    /// there) is held in question, naming the match it repeats: it counts nowhere until someone
    /// deletes one of the two or says both were played.
    static let version11 = Migration(version: 11, name: "a match saved twice is held in question", sql: """
        ALTER TABLE gathers ADD COLUMN duplicate_of TEXT;
        CREATE INDEX gathers_in_question ON gathers(group_id, duplicate_of) WHERE duplicate_of IS NOT NULL;
        """)

    /// Named, long-lived tokens for scripts, apart from login sessions: an account makes them,
    /// each with a scope (`read` or `write`) and perhaps an expiry; logging out never touches
    /// them. Kept as digests, like sessions; their last use is written in batches.
    static let version12 = Migration(version: 12, name: "API tokens for scripts", sql: """
        CREATE TABLE api_tokens (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            name         TEXT NOT NULL,
            scope        TEXT NOT NULL CHECK (scope IN ('read', 'write')),
            digest       BLOB NOT NULL UNIQUE,
            created_at   INTEGER NOT NULL,
            expires_at   INTEGER,
            last_used_at INTEGER
        ) STRICT;
        CREATE UNIQUE INDEX api_tokens_by_user ON api_tokens(user_id, name);
        """)

    /// The operator's view of accounts: when each last logged in, and which are disabled (no
    /// login, no session, no token works until enabled again; nothing of theirs is removed).
    static let version13 = Migration(version: 13, name: "accounts' last login, and disabled accounts", sql: """
        ALTER TABLE users ADD COLUMN last_login_at INTEGER;
        ALTER TABLE users ADD COLUMN disabled_at INTEGER;
        """)

    /// What a running server must hear of when something else changes an account in the file
    /// (`gather-server user passwd|disable|rm` from the host): its cached sessions and open event
    /// streams of that account are checked again. Written by triggers (a password written, even the
    /// same, since sessions end with it; disabled, enabled, closed, removed), so no writer can
    /// forget it; the newest thousand kept.
    static let version14 = Migration(version: 14, name: "account changes a running server hears of", sql: """
        CREATE TABLE account_changes (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id    TEXT NOT NULL,
            changed_at INTEGER NOT NULL
        ) STRICT;
        CREATE TRIGGER account_changed AFTER UPDATE OF password_hash, disabled_at, deleted_at ON users
        BEGIN
            INSERT INTO account_changes (user_id, changed_at) VALUES (NEW.id, CAST(strftime('%s', 'now') AS INTEGER));
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;
        CREATE TRIGGER account_removed AFTER DELETE ON users
        BEGIN
            INSERT INTO account_changes (user_id, changed_at) VALUES (OLD.id, CAST(strftime('%s', 'now') AS INTEGER));
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;
        """)

    /// Each player's rating, learned from the group's counted matches (`RatingHistory`), kept up
    /// to date in the transaction that changes a result. Triggers note what a write changed, so no
    /// writer can forget it: a first result goes to `rating_pending` (applied after the others when
    /// it is the latest, as the usual new result is); anything else that changes what the ratings
    /// were learned from (a correction, a deletion, a match held in question or settled, a team
    /// changed after the match, a player's declared level) makes the group's ratings `stale`,
    /// replayed whole before the transaction ends (`RatingRepository.settle`). Existing groups are
    /// replayed here.
    static let version15 = Migration(version: 15, name: "players' ratings learned from results") { database in
        try database.executeScript(ratingTables)
        for group in try database.query("SELECT id FROM groups WHERE closed_at IS NULL") {
            try RatingRepository(database).replay(owner: try group.uuid(0))
        }
    }

    /// Counts in the ratings: ended, and not held in question as a repeat.
    private static let ratingTables = """
        CREATE TABLE ratings (
            player_id   INTEGER PRIMARY KEY NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            group_id    TEXT NOT NULL,
            mean        REAL NOT NULL,
            deviation   REAL NOT NULL,
            matches     INTEGER NOT NULL,
            last_played INTEGER NOT NULL,
            last_change REAL NOT NULL,
            -- The last matches' means and changes, oldest first: pairs of 8-byte little-endian doubles.
            course      BLOB NOT NULL
        ) STRICT;
        CREATE INDEX ratings_by_group ON ratings(group_id);

        -- Where a group's stored ratings stand: the last match applied (its end, then its id),
        -- and whether something older changed since.
        CREATE TABLE rating_state (
            group_id       TEXT PRIMARY KEY NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            stale          INTEGER NOT NULL DEFAULT 0,
            through_ended  INTEGER,
            through_gather TEXT
        ) STRICT, WITHOUT ROWID;

        -- Matches whose first result was saved in this transaction, not yet applied.
        CREATE TABLE rating_pending (
            gather_id TEXT PRIMARY KEY NOT NULL REFERENCES gathers(id) ON DELETE CASCADE,
            group_id  TEXT NOT NULL
        ) STRICT, WITHOUT ROWID;

        CREATE TRIGGER rating_match_inserted AFTER INSERT ON gathers WHEN NEW.score IS NOT NULL
        BEGIN
            INSERT OR IGNORE INTO rating_pending (gather_id, group_id) VALUES (NEW.id, NEW.group_id);
        END;
        CREATE TRIGGER rating_match_ended AFTER UPDATE OF score ON gathers WHEN OLD.score IS NULL AND NEW.score IS NOT NULL
        BEGIN
            INSERT OR IGNORE INTO rating_pending (gather_id, group_id) VALUES (NEW.id, NEW.group_id);
        END;
        CREATE TRIGGER rating_match_changed AFTER UPDATE OF score, duplicate_of, created_at, ended_at ON gathers
        WHEN OLD.score IS NOT NULL
            AND (OLD.score IS NOT NEW.score OR OLD.duplicate_of IS NOT NEW.duplicate_of
                 OR OLD.created_at IS NOT NEW.created_at OR OLD.ended_at IS NOT NEW.ended_at)
            AND NOT EXISTS (SELECT 1 FROM rating_pending WHERE gather_id = NEW.id)
        BEGIN
            \(markStale("NEW.group_id"))
        END;
        CREATE TRIGGER rating_match_deleted AFTER DELETE ON gathers WHEN OLD.score IS NOT NULL AND OLD.duplicate_of IS NULL
        BEGIN
            \(markStale("OLD.group_id"))
        END;
        CREATE TRIGGER rating_side_joined AFTER INSERT ON gather_players WHEN NEW.team != 'Bench'
            AND NOT EXISTS (SELECT 1 FROM rating_pending WHERE gather_id = NEW.gather_id)
            AND EXISTS (SELECT 1 FROM gathers WHERE id = NEW.gather_id AND score IS NOT NULL AND duplicate_of IS NULL)
        BEGIN
            \(markStale("(SELECT group_id FROM gathers WHERE id = NEW.gather_id)"))
        END;
        CREATE TRIGGER rating_side_left AFTER DELETE ON gather_players WHEN OLD.team != 'Bench'
            AND NOT EXISTS (SELECT 1 FROM rating_pending WHERE gather_id = OLD.gather_id)
            AND EXISTS (SELECT 1 FROM gathers WHERE id = OLD.gather_id AND score IS NOT NULL AND duplicate_of IS NULL)
        BEGIN
            \(markStale("(SELECT group_id FROM gathers WHERE id = OLD.gather_id)"))
        END;
        CREATE TRIGGER rating_side_changed AFTER UPDATE OF team ON gather_players WHEN OLD.team IS NOT NEW.team
            AND NOT EXISTS (SELECT 1 FROM rating_pending WHERE gather_id = NEW.gather_id)
            AND EXISTS (SELECT 1 FROM gathers WHERE id = NEW.gather_id AND score IS NOT NULL AND duplicate_of IS NULL)
        BEGIN
            \(markStale("(SELECT group_id FROM gathers WHERE id = NEW.gather_id)"))
        END;
        CREATE TRIGGER rating_level_changed AFTER UPDATE OF skill ON players WHEN OLD.skill IS NOT NEW.skill
            AND EXISTS (SELECT 1 FROM ratings WHERE player_id = NEW.id)
        BEGIN
            \(markStale("NEW.group_id"))
        END;
        """

    /// Each player's record kept as results change, by triggers in the writing transaction, so
    /// that the leaderboard, a player's record and record-weighted balancing read a row a player
    /// (and a player's newest matches) however many matches were ever played. `player_results`
    /// holds each counted (player, match) with its goals, indexed newest first per player;
    /// `player_records` their sums. A match counts when it has a score and is not held in question
    /// as a repeat; a player counts in it on Team A or Team B, not on the bench.
    /// `RecordRepository.problems` checks both against the matches themselves.
    static let version16 = Migration(version: 16, name: "players' records kept as results change", sql: """
        CREATE TABLE player_results (
            gather_id     TEXT NOT NULL REFERENCES gathers(id) ON DELETE CASCADE,
            player_id     INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            group_id      TEXT NOT NULL,
            ended         INTEGER NOT NULL,
            gather_api_id TEXT NOT NULL,
            goals_for     INTEGER NOT NULL,
            goals_against INTEGER NOT NULL,
            PRIMARY KEY (gather_id, player_id)
        ) STRICT, WITHOUT ROWID;
        -- A player's newest first, covering what the last five and a streak read.
        CREATE INDEX player_results_newest ON player_results(player_id, ended DESC, gather_api_id DESC, group_id, goals_for, goals_against);

        CREATE TABLE player_records (
            player_id     INTEGER PRIMARY KEY NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            group_id      TEXT NOT NULL,
            played        INTEGER NOT NULL,
            won           INTEGER NOT NULL,
            drawn         INTEGER NOT NULL,
            lost          INTEGER NOT NULL,
            goals_for     INTEGER NOT NULL,
            goals_against INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX player_records_by_group ON player_records(group_id);

        \(RecordTriggers.countedResults(where: "1"))
        INSERT INTO player_records (player_id, group_id, played, won, drawn, lost, goals_for, goals_against)
            SELECT player_id, group_id, count(*), sum(goals_for > goals_against), sum(goals_for = goals_against),
                   sum(goals_for < goals_against), sum(goals_for), sum(goals_against)
            FROM player_results GROUP BY player_id;

        \(RecordTriggers.all)
        """)

    /// Marks a group's ratings stale; nothing for a group being deleted (its rows cascade away).
    private static func markStale(_ group: String) -> String {
        "INSERT INTO rating_state (group_id, stale) SELECT id, 1 FROM groups WHERE id = \(group) ON CONFLICT (group_id) DO UPDATE SET stale = 1;"
    }

    static let version10 = Migration(version: 10, name: "groups, members and invitations", sql: """
        CREATE TABLE groups (
            id         TEXT PRIMARY KEY NOT NULL,
            name       TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            -- Closed with its account (no other owner left): nothing of it is reached any more,
            -- and its rows go a step at a time (AccountPurger).
            closed_at  INTEGER
        ) STRICT;
        INSERT INTO groups (id, name, created_at, closed_at)
            SELECT id, CASE WHEN deleted_at IS NULL THEN username ELSE '' END, created_at, deleted_at FROM users;

        CREATE TABLE memberships (
            group_id  TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            user_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            role      TEXT NOT NULL CHECK (role IN ('owner', 'organiser', 'viewer')),
            joined_at INTEGER NOT NULL,
            PRIMARY KEY (group_id, user_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX memberships_by_user ON memberships(user_id, group_id);
        INSERT INTO memberships (group_id, user_id, role, joined_at)
            SELECT id, id, 'owner', created_at FROM users WHERE deleted_at IS NULL;

        CREATE TABLE invites (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id    TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            digest      BLOB NOT NULL UNIQUE,
            role        TEXT NOT NULL CHECK (role IN ('owner', 'organiser', 'viewer')),
            created_by  TEXT REFERENCES users(id) ON DELETE SET NULL,
            created_at  INTEGER NOT NULL,
            expires_at  INTEGER NOT NULL,
            accepted_by TEXT REFERENCES users(id) ON DELETE SET NULL,
            accepted_at INTEGER
        ) STRICT;
        CREATE INDEX invites_by_group ON invites(group_id, id);

        -- The counting triggers name the old column: they go first, and come back per group.
        DROP TRIGGER players_counted;
        DROP TRIGGER players_uncounted;
        DROP TRIGGER gathers_counted;
        DROP TRIGGER gathers_uncounted;
        DROP TRIGGER places_counted;
        DROP TRIGGER places_uncounted;

        CREATE TABLE players_by_group (
            id                 INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id           TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            name               TEXT NOT NULL,
            age                INTEGER,
            skill              TEXT,
            preferred_position TEXT,
            favourite_team     TEXT,
            retired_at         INTEGER
        ) STRICT;
        INSERT INTO players_by_group (id, group_id, name, age, skill, preferred_position, favourite_team, retired_at)
            SELECT id, user_id, name, age, skill, preferred_position, favourite_team, retired_at FROM players;
        INSERT INTO sqlite_sequence (name, seq) SELECT 'players_by_group', 0 FROM sqlite_sequence WHERE name = 'players'
            AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'players_by_group');
        UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'players') WHERE name = 'players_by_group'
            AND (SELECT seq FROM sqlite_sequence WHERE name = 'players') > seq;
        DROP TABLE players;
        ALTER TABLE players_by_group RENAME TO players;
        CREATE INDEX players_by_group ON players(group_id, id);

        CREATE TABLE gathers_by_group (
            id           TEXT PRIMARY KEY NOT NULL,
            group_id     TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            api_id       TEXT NOT NULL,
            score        TEXT,
            winner_team  TEXT,
            created_at   INTEGER NOT NULL,
            ended_at     INTEGER,
            balance_seed INTEGER
        ) STRICT;
        INSERT INTO gathers_by_group (id, group_id, api_id, score, winner_team, created_at, ended_at, balance_seed)
            SELECT id, user_id, api_id, score, winner_team, created_at, ended_at, balance_seed FROM gathers;
        DROP TABLE gathers;
        ALTER TABLE gathers_by_group RENAME TO gathers;
        CREATE INDEX gathers_by_group ON gathers(group_id, created_at);
        CREATE INDEX gathers_by_group_end ON gathers(group_id, ended_at);
        CREATE UNIQUE INDEX gathers_by_group_api_id ON gathers(group_id, api_id);
        CREATE INDEX gathers_by_group_second ON gathers(group_id, created_at / 1000 DESC, api_id DESC);

        CREATE TABLE shares_by_group (
            id             INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id       TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            name           TEXT NOT NULL,
            digest         BLOB NOT NULL UNIQUE,
            created_at     INTEGER NOT NULL,
            views          INTEGER NOT NULL DEFAULT 0,
            last_viewed_at INTEGER
        ) STRICT;
        INSERT INTO shares_by_group (id, group_id, name, digest, created_at, views, last_viewed_at)
            SELECT id, user_id, name, digest, created_at, views, last_viewed_at FROM shares;
        INSERT INTO sqlite_sequence (name, seq) SELECT 'shares_by_group', 0 FROM sqlite_sequence WHERE name = 'shares'
            AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'shares_by_group');
        UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'shares') WHERE name = 'shares_by_group'
            AND (SELECT seq FROM sqlite_sequence WHERE name = 'shares') > seq;
        DROP TABLE shares;
        ALTER TABLE shares_by_group RENAME TO shares;
        CREATE INDEX shares_by_group ON shares(group_id, id);

        CREATE TABLE group_usage (
            group_id TEXT PRIMARY KEY NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            players  INTEGER NOT NULL DEFAULT 0,
            gathers  INTEGER NOT NULL DEFAULT 0,
            places   INTEGER NOT NULL DEFAULT 0
        ) STRICT, WITHOUT ROWID;
        INSERT INTO group_usage (group_id, players, gathers, places)
            SELECT user_id, players, gathers, places FROM account_usage WHERE user_id IN (SELECT id FROM groups);
        DROP TABLE account_usage;
        CREATE TRIGGER players_counted AFTER INSERT ON players BEGIN
            INSERT INTO group_usage (group_id, players) VALUES (NEW.group_id, 1)
                ON CONFLICT (group_id) DO UPDATE SET players = players + 1;
        END;
        CREATE TRIGGER players_uncounted AFTER DELETE ON players BEGIN
            UPDATE group_usage SET players = players - 1 WHERE group_id = OLD.group_id;
        END;
        CREATE TRIGGER gathers_counted AFTER INSERT ON gathers BEGIN
            INSERT INTO group_usage (group_id, gathers) VALUES (NEW.group_id, 1)
                ON CONFLICT (group_id) DO UPDATE SET gathers = gathers + 1;
        END;
        CREATE TRIGGER gathers_uncounted BEFORE DELETE ON gathers BEGIN
            UPDATE group_usage SET gathers = gathers - 1,
                places = places - (SELECT count(*) FROM gather_players WHERE gather_id = OLD.id)
            WHERE group_id = OLD.group_id;
        END;
        CREATE TRIGGER places_counted AFTER INSERT ON gather_players BEGIN
            UPDATE group_usage SET places = places + 1
            WHERE group_id = (SELECT group_id FROM gathers WHERE id = NEW.gather_id);
        END;
        CREATE TRIGGER places_uncounted AFTER DELETE ON gather_players BEGIN
            UPDATE group_usage SET places = places - 1
            WHERE group_id = (SELECT group_id FROM gathers WHERE id = OLD.gather_id);
        END;
        """)
}
