/// One step of the schema, applied once, in version order, inside the migrator's transaction.
package struct Migration: Sendable {
    package let version: Int
    package let name: String
    let apply: @Sendable (Database) throws -> Void

    /// A step that is a script of constant SQL.
    package init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name) { try $0.executeScript(sql) }
    }

    /// A step that needs code: values SQL cannot compute (Unicode normalisation, say).
    package init(version: Int, name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

package enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// The file was written by a newer gather-server; this binary leaves it alone.
    case databaseTooNew(found: Int, supported: Int)
    /// A migration left a row referring to one that does not exist: nothing of it was kept.
    case brokenReference(table: String)
    /// The copy taken before migrating (`MigrationCopy`) could not be made: nothing was migrated.
    case copyFailed(String, reason: String)

    package var description: String {
        switch self {
        case let .brokenReference(table):
            return "migrating the database left a row of \(table) referring to a missing row; nothing was changed"
        case let .copyFailed(path, reason):
            return "could not keep a copy of the database as it was before migrating (\(path)): \(reason); nothing was migrated"
        case let .databaseTooNew(found, supported):
            return "the database has schema version \(found), but this gather-server knows versions up to \(supported); upgrade gather-server to open it"
        }
    }
}

/// Brings a database to the newest schema, tracked in `PRAGMA user_version`, in one transaction.
package struct Migrator: Sendable {
    package let migrations: [Migration]
    /// Run after the migrations at every open, in the same transaction: brings derived values up
    /// to date with the code that derives them.
    let upkeep: (@Sendable (Database) throws -> Void)?

    package init(migrations: [Migration], upkeep: (@Sendable (Database) throws -> Void)? = nil) {
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.upkeep = upkeep
    }

    package var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Throws `databaseTooNew` without writing anything when the file is ahead of this binary.
    package func checkCompatible(_ database: Database) throws {
        let current = try database.userVersion()
        if current > latestVersion {
            throw MigrationError.databaseTooNew(found: current, supported: latestVersion)
        }
    }

    /// Applies every pending migration, then the upkeep; returns the versions before and after.
    /// Foreign keys are off while it runs, as SQLite's way of rebuilding a table asks (dropping a
    /// table with them on would cascade to the rows that refer to it); the references are checked
    /// whole before the transaction commits, and the setting is put back after.
    @discardableResult
    package func migrate(_ database: Database) throws -> (from: Int, to: Int) {
        let enforced = try database.query("PRAGMA foreign_keys").first?.int(0) == 1
        if enforced { try database.executeScript("PRAGMA foreign_keys = OFF") }
        defer { if enforced { try? database.executeScript("PRAGMA foreign_keys = ON") } }
        return try database.transaction(.immediate) {
            let current = try database.userVersion()
            if current > latestVersion {
                throw MigrationError.databaseTooNew(found: current, supported: latestVersion)
            }
            for migration in migrations where migration.version > current {
                try migration.apply(database)
                // PRAGMA takes no parameters; the version is our own constant, not input.
                try database.executeScript("PRAGMA user_version = \(migration.version)")
            }
            try upkeep?(database)
            if let broken = try database.query("PRAGMA foreign_key_check").first {
                throw MigrationError.brokenReference(table: try broken.string(0))
            }
            return (current, max(current, latestVersion))
        }
    }
}
