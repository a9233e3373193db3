/// The Football Gather schema, one migration per version. Never edit a released migration: add one.
public enum Schema {
    public static let migrator = Migrator(migrations: [version1])

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
}
