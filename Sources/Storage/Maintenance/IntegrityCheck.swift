extension Database {
    /// What `PRAGMA integrity_check` finds wrong with the file (at most `limit` lines); empty when
    /// it is sound. Reads every page: a copy checked this way can be restored.
    package func integrityProblems(limit: Int = 10) throws -> [String] {
        let lines = try query("PRAGMA integrity_check(\(max(1, limit)))").map { try $0.string(0) }
        return lines == ["ok"] ? [] : lines
    }

    /// Whether the file holds Football Gather's tables (a copy of something else is not restored).
    package func holdsAccounts() throws -> Bool {
        try !query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").isEmpty
    }
}
