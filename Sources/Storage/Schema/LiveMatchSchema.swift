extension Schema {
    /// The match each group is playing now, as its organiser last published it, so that a
    /// restarted server shows it at once instead of waiting for the next heartbeat: `state` is the
    /// match's JSON as pages are sent it, `heard_at` when the organiser was last heard (Unix
    /// milliseconds). Written in batches (`LiveMatchRecords`), removed when the match ends; a row
    /// older than the silence limit is a match nobody heard of since, and is not shown.
    static let version18 = Migration(version: 18, name: "the live match survives a restart", sql: """
        CREATE TABLE live_matches (
            group_id TEXT PRIMARY KEY REFERENCES groups(id) ON DELETE CASCADE,
            state    TEXT NOT NULL,
            heard_at INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        """)
}
