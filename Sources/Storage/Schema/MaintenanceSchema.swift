extension Schema {
    /// When the operator's work on the database last succeeded (`backup`), for `/metrics` and
    /// `doctor`: an alert on a backup missing for a day reads it.
    static let version24 = Migration(version: 24, name: "the last backup noted", sql: """
        CREATE TABLE maintenance (
            name TEXT PRIMARY KEY NOT NULL,
            at   INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        """)
}
