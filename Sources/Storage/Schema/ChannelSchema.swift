extension Schema {
    /// A group's channels and what is due to them. An announcement is written in the transaction of
    /// the change that caused it, once per occasion (`UNIQUE (group_id, occasion)`), with one
    /// delivery for each channel that takes it (`UNIQUE (announcement_id, channel_id)`): a crash or
    /// a restart finds them as they were and the sender takes them up again. A delivery's key goes
    /// with every try of it, so a receiver can drop a repeat.
    static let version21 = Migration(version: 21, name: "channels, announcements and deliveries", sql: """
        CREATE TABLE channels (
            id             INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id       TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            kind           TEXT NOT NULL CHECK (kind IN ('webhook', 'discord', 'slack', 'telegram', 'matrix')),
            name           TEXT NOT NULL,
            url            TEXT NOT NULL,
            events         TEXT NOT NULL, -- ',fixture.created,match.result,': found with instr()
            reminder_hours TEXT NOT NULL, -- ',24,3,'
            organisers     INTEGER NOT NULL DEFAULT 0,
            link           TEXT,
            chat_id        TEXT, -- Telegram's chat, Matrix's room
            secret         TEXT, -- a webhook's signing secret: the server signs with it, so it is kept as it is
            token          TEXT, -- Telegram's bot token, Matrix's access token: sent with every message
            created_at     INTEGER NOT NULL,
            updated_at     INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX channels_by_group ON channels(group_id, id);

        CREATE TABLE announcements (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id   TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            event      TEXT NOT NULL,
            occasion   TEXT NOT NULL,
            fixture_id INTEGER,
            subject    TEXT NOT NULL, -- the fixture or match as the API showed it, JSON
            text       TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            UNIQUE (group_id, occasion)
        ) STRICT;

        CREATE TABLE deliveries (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            announcement_id INTEGER NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
            channel_id      INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
            group_id        TEXT NOT NULL,
            key             TEXT NOT NULL UNIQUE,
            state           TEXT NOT NULL DEFAULT 'due' CHECK (state IN ('due', 'sent', 'failed', 'skipped')),
            attempts        INTEGER NOT NULL DEFAULT 0,
            due_at          INTEGER NOT NULL,
            give_up_at      INTEGER NOT NULL,
            last_attempt_at INTEGER,
            last_status     INTEGER,
            last_error      TEXT,
            UNIQUE (announcement_id, channel_id)
        ) STRICT;
        CREATE INDEX deliveries_due ON deliveries(due_at) WHERE state = 'due';
        CREATE INDEX deliveries_by_channel ON deliveries(channel_id, id);
        """)

    /// Lists that close themselves: at a fixture's closing time its teams are balanced from those
    /// in and published (`auto_teams` on the fixture, else on its series, else the group's). `closed_by_server_at`
    /// records that the close was done, once. Open fixtures by closing time, for the deadlines'
    /// pass.
    static let version22 = Migration(version: 22, name: "lists that close themselves", sql: """
        ALTER TABLE fixtures ADD COLUMN auto_teams INTEGER;
        ALTER TABLE fixture_series ADD COLUMN auto_teams INTEGER;
        ALTER TABLE fixtures ADD COLUMN closed_by_server_at INTEGER;
        ALTER TABLE groups ADD COLUMN auto_teams INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX fixtures_open_by_close ON fixtures(answers_close_at) WHERE status = 'open';
        CREATE INDEX fixtures_open_by_start ON fixtures(starts_at) WHERE status = 'open';
        """)

    /// Announcements by age, so the old ones (their deliveries settled, their fixture played) are
    /// forgotten a few at a time without reading the rest (`DeliveryRepository.forget`).
    static let version23 = Migration(version: 23, name: "announcements by age", sql: """
        CREATE INDEX announcements_by_age ON announcements(created_at);
        """)
}
