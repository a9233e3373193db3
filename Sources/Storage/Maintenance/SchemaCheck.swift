import CSQLite

extension Database {
    /// For a file from elsewhere (a backup to restore, a database to check): its schema is not
    /// trusted to run anything beyond plain SQL (`trusted_schema` off: no functions with side effects
    /// from its views and triggers), and the connection is defensive.
    package func distrustSchema() throws {
        try executeScript("PRAGMA trusted_schema = OFF")
        _ = csqlite_defensive(handle)
    }

    /// How the file's schema differs from the one this gather-server makes at the file's version:
    /// each table, index, trigger or view missing, added, or with other SQL. Empty when they are
    /// the same. A trigger slipped into a backup (on `memberships`, say, giving every new group a
    /// stranger as owner) is no damage `integrity_check` sees, and it would run with every write
    /// once the file is restored.
    package func schemaDifferences() throws -> [String] {
        let version = try userVersion()
        guard version > 0 else {
            // Version 0 is an empty file: one with tables has lost its version (a damaged header).
            let tables = try schemaObjects().values.filter { $0.type == "table" }.count
            return tables == 0 ? [] : ["schema version 0 (a new, empty database) but it holds \(tables) tables: its header is damaged"]
        }
        let reference = try Database(path: ":memory:")
        try Migrator(migrations: Schema.migrator.migrations.filter { $0.version <= version }).migrate(reference)
        let expected = try reference.schemaObjects(), found = try schemaObjects()
        var differences: [String] = []
        for (name, object) in found.sorted(by: { $0.key < $1.key }) {
            guard let made = expected[name] else {
                differences.append("\(object.type) \(name) is not one this gather-server makes")
                continue
            }
            if made != object { differences.append("\(object.type) \(name) is not as this gather-server makes it") }
        }
        for (name, object) in expected.sorted(by: { $0.key < $1.key }) where found[name] == nil {
            differences.append("\(object.type) \(name) is missing")
        }
        return differences
    }

    private struct SchemaObject: Equatable {
        let type: String
        let table: String
        let sql: String?
    }

    /// Every table, index, trigger and view by name, but SQLite's own (`sqlite_…`: statistics, sequences).
    private func schemaObjects() throws -> [String: SchemaObject] {
        var objects: [String: SchemaObject] = [:]
        for row in try query("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
            objects[try row.string(1)] = SchemaObject(type: try row.string(0), table: try row.string(2), sql: try row.optionalString(3))
        }
        return objects
    }
}
