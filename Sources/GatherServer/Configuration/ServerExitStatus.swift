/// How `gather-server` ends, for scripts and for systemd (`RestartPreventExitStatus=2 3 4`: a
/// restart cannot mend a wrong flag, a database another server holds or one that is not there).
/// docs/deploy.md lists them.
package enum ServerExitStatus {
    package static let success: Int32 = 0
    /// Something failed: the database could not be opened, the port was taken, a command failed.
    package static let failure: Int32 = 1
    /// A flag, a variable or a command was wrong: nothing was started.
    package static let usage: Int32 = 2
    /// Another server holds the database (`DatabaseServerLock`).
    package static let databaseInUse: Int32 = 3
    /// `--db-must-exist` and no database at the path (`DatabaseMissing`).
    package static let databaseMissing: Int32 = 4
}
