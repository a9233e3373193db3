/// `gather-server migrate`: bring a database file to this binary's schema and stop.
package enum DatabaseMigration {
    /// Returns the schema versions before and after. A newer file throws `databaseTooNew`, untouched.
    package static func run(path: String, migrator: Migrator = Schema.migrator) throws -> (from: Int, to: Int) {
        let pool = try DatabasePool(path: path, configuration: DatabasePool.Configuration(readerCount: 0), migrator: migrator)
        defer { pool.close() }
        let version = try pool.read { try $0.userVersion() }
        return (pool.migratedFrom, version)
    }
}
