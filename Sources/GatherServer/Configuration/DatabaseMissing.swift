import Storage

/// `--db-must-exist` and nothing to serve at the path: no file, or an empty one.
package struct DatabaseMissing: Error, Equatable, CustomStringConvertible {
    package let path: String

    package init(path: String) { self.path = path }

    /// Throws when `configuration` asks for a database that is not there.
    static func check(_ configuration: ServerConfiguration) throws {
        guard configuration.databaseMustExist, configuration.databasePath != DatabasePool.inMemoryPath,
              DatabaseFile.isMissingOrEmpty(configuration.databasePath) else { return }
        throw DatabaseMissing(path: configuration.databasePath)
    }

    package var description: String {
        "no database at \(path), and --db-must-exist (FG_DB_MUST_EXIST) says not to create one: "
            + "check the path and that its volume is mounted, or restore a backup there (gather-server restore)"
    }
}
