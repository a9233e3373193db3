extension Schema {
    /// Fixtures a group means to play, the answers to "who's in?", and each player's personal link.
    /// An answer's `in_order` is the fixture's running count when it last said in: places go in
    /// that order (`FixtureLineUp`), and `holds_place` keeps what the last write derived, so the
    /// next one can tell a promotion (`promoted_at`) from a new answer. A guest is an answer
    /// without a player, kept beside its host. A personal link is kept as its token's digest, one
    /// per player, and goes with the player. Teams published from a fixture are kept beside it.
    static let version19 = Migration(version: 19, name: "fixtures, answers and personal links", sql: """
        -- A weekly series: each occurrence is made ahead of time as a fixture of its own.
        CREATE TABLE fixture_series (
            id                   INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id             TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            first_date           TEXT NOT NULL, -- the first occurrence's local date, YYYY-MM-DD
            local_minute         INTEGER NOT NULL, -- kick-off, minutes after local midnight
            time_zone            TEXT NOT NULL,
            place                TEXT,
            map_link             TEXT,
            places               INTEGER NOT NULL CHECK (places > 0),
            minimum              INTEGER,
            answers_close_before INTEGER NOT NULL, -- seconds before kick-off
            cost                 TEXT,
            ahead_days           INTEGER NOT NULL,
            ended_at             INTEGER,
            created_at           INTEGER NOT NULL,
            updated_at           INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX fixture_series_by_group ON fixture_series(group_id, id);
        CREATE INDEX fixture_series_running ON fixture_series(id) WHERE ended_at IS NULL;

        CREATE TABLE fixtures (
            id               INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id         TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            starts_at        INTEGER NOT NULL,
            time_zone        TEXT NOT NULL,
            utc_offset       INTEGER NOT NULL,
            place            TEXT,
            map_link         TEXT,
            places           INTEGER NOT NULL CHECK (places > 0),
            minimum          INTEGER,
            answers_close_at INTEGER NOT NULL,
            cost             TEXT,
            status           TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'cancelled', 'played')),
            gather_id        TEXT,
            sequence         INTEGER NOT NULL DEFAULT 0,
            series_id        INTEGER REFERENCES fixture_series(id) ON DELETE SET NULL,
            -- The occurrence of its series (local date): made once, whatever happens to it after.
            occurrence       TEXT,
            -- Changed on its own: a change of its series leaves it as it is.
            edited           INTEGER NOT NULL DEFAULT 0,
            teams_published_at INTEGER,
            predicted_win_a  INTEGER, -- team A's chance in thousandths
            created_at       INTEGER NOT NULL,
            updated_at       INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX fixtures_by_group_start ON fixtures(group_id, starts_at);
        CREATE INDEX fixtures_by_match ON fixtures(group_id, gather_id) WHERE gather_id IS NOT NULL;
        CREATE UNIQUE INDEX fixtures_by_occurrence ON fixtures(series_id, occurrence) WHERE series_id IS NOT NULL;

        -- Regulars answer "in" to each new occurrence of a series by themselves (and can still say out).
        ALTER TABLE players ADD COLUMN regular INTEGER NOT NULL DEFAULT 0;

        -- A group's settings for its fixtures: the zone they are set in (NULL: the server's), and
        -- whether a player may bring a named guest.
        ALTER TABLE groups ADD COLUMN time_zone TEXT;
        ALTER TABLE groups ADD COLUMN guests_allowed INTEGER NOT NULL DEFAULT 1;
        -- A match deleted takes back what it said of its fixture: open again, linked to nothing.
        CREATE TRIGGER fixture_match_deleted AFTER DELETE ON gathers BEGIN
            UPDATE fixtures SET gather_id = NULL, status = CASE WHEN status = 'played' THEN 'open' ELSE status END
            WHERE group_id = OLD.group_id AND gather_id = OLD.api_id;
        END;

        CREATE TABLE fixture_answers (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            fixture_id  INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
            player_id   INTEGER REFERENCES players(id) ON DELETE CASCADE,
            guest_name  TEXT,
            guest_of    INTEGER REFERENCES players(id) ON DELETE CASCADE,
            answer      TEXT NOT NULL CHECK (answer IN ('in', 'out', 'maybe')),
            answered_at INTEGER NOT NULL,
            in_order    INTEGER,
            holds_place INTEGER NOT NULL DEFAULT 0,
            promoted_at INTEGER,
            late        INTEGER NOT NULL DEFAULT 0,
            CHECK ((player_id IS NULL) <> (guest_name IS NULL))
        ) STRICT;
        CREATE UNIQUE INDEX fixture_answers_by_player ON fixture_answers(fixture_id, player_id) WHERE player_id IS NOT NULL;
        CREATE INDEX fixture_answers_by_fixture ON fixture_answers(fixture_id, in_order);
        CREATE INDEX fixture_answers_by_guest_host ON fixture_answers(guest_of) WHERE guest_of IS NOT NULL;
        CREATE INDEX fixture_answers_by_player_id ON fixture_answers(player_id) WHERE player_id IS NOT NULL;

        -- The teams published from a fixture's "in" list; a drop-out's spot goes to whoever takes their place.
        CREATE TABLE fixture_teams (
            fixture_id INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
            player_id  INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            team       TEXT NOT NULL CHECK (team IN ('Team A', 'Team B')),
            position   INTEGER NOT NULL,
            PRIMARY KEY (fixture_id, player_id)
        ) STRICT, WITHOUT ROWID;

        CREATE TABLE personal_links (
            player_id    INTEGER PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
            group_id     TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            digest       BLOB NOT NULL UNIQUE,
            created_at   INTEGER NOT NULL,
            last_used_at INTEGER
        ) STRICT;
        CREATE INDEX personal_links_by_group ON personal_links(group_id);
        """)

    /// When a drop-out last changed a fixture's published teams (NULL once published again, or
    /// once the organiser keeps them as they are): a fairer split is offered while it is set.
    static let version20 = Migration(version: 20, name: "published teams a drop-out changed", sql: """
        ALTER TABLE fixtures ADD COLUMN teams_changed_at INTEGER;
        """)
}
