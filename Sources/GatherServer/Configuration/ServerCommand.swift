/// What the command line asks for.
package enum ServerCommand: Sendable {
    case serve(ServerConfiguration)
    /// GET /health and exit 0 (healthy) or 1: for Docker and scripts, so no curl is needed.
    case healthcheck(url: String)
    /// A consistent, checked copy of the live database (online backup API).
    case backup(ServerConfiguration, BackupTarget)
    /// A checked backup in place of the database, the current one kept aside; `force` goes ahead
    /// although a server runs on it.
    case restore(ServerConfiguration, file: String, force: Bool)
    /// Apply pending migrations and exit.
    case migrate(ServerConfiguration)
    /// What is wrong with the database, if anything: SQLite's integrity check and the players'
    /// records kept as results change; `repair` rebuilds records that disagree with the matches.
    case check(ServerConfiguration, repair: Bool)
    /// What an operator checks first, in one screen; exit 1 on a problem.
    case doctor(ServerConfiguration)
    /// Create an account from the host (the way in when registration is closed); the password
    /// comes from the terminal, or the first line of standard input.
    case user(ServerConfiguration, UserAction)
    /// The help asked for: the program's, or one command's.
    case help(String)
    case version
}

/// What `gather-server user …` does to the accounts of the `--db` database.
package enum UserAction: Sendable, Equatable {
    /// Create one (the password asked for, or read from standard input).
    case add(String)
    /// Every account: name, created, last login, what it keeps, disabled or not.
    case list(json: Bool)
    /// A new password (asked for, or from standard input); its sessions end.
    case passwd(String)
    /// Delete it and everything of its own; `confirmed` by --yes, else asked on a terminal.
    case remove(String, confirmed: Bool)
    case disable(String)
    case enable(String)
    /// Its login sessions, or (`end`) ended: a stolen laptop's session without a new password.
    case sessions(String, end: Bool)
}

/// Where `gather-server backup` puts its copy.
package enum BackupTarget: Sendable, Equatable {
    /// This file (`overwrite`: even if it exists).
    case file(String, overwrite: Bool)
    /// A new, dated file in this directory; then all but the newest `keep` copies there are removed.
    case directory(String, keep: Int?)
}
