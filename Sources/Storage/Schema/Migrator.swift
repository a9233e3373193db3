/// One step of the schema, applied once, in version order.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}

public enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// The file was written by a newer fg-server; this binary leaves it alone.
    case databaseTooNew(found: Int, supported: Int)

    public var description: String {
        switch self {
        case let .databaseTooNew(found, supported):
            return "the database has schema version \(found), but this fg-server knows versions up to \(supported); upgrade fg-server to open it"
        }
    }
}

/// Brings a database to the newest schema, tracked in `PRAGMA user_version`, in one transaction.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(migrations: [Migration]) {
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Throws `databaseTooNew` without writing anything when the file is ahead of this binary.
    public func checkCompatible(_ database: Database) throws {
        let current = try database.userVersion()
        if current > latestVersion {
            throw MigrationError.databaseTooNew(found: current, supported: latestVersion)
        }
    }

    /// Applies every pending migration; returns the versions before and after.
    @discardableResult
    public func migrate(_ database: Database) throws -> (from: Int, to: Int) {
        try database.transaction(.immediate) {
            let current = try database.userVersion()
            if current > latestVersion {
                throw MigrationError.databaseTooNew(found: current, supported: latestVersion)
            }
            for migration in migrations where migration.version > current {
                try database.executeScript(migration.sql)
                // PRAGMA takes no parameters; the version is our own constant, not input.
                try database.executeScript("PRAGMA user_version = \(migration.version)")
            }
            return (current, max(current, latestVersion))
        }
    }
}
