/// What the command line asks for.
public enum ServerCommand: Sendable {
    case serve(ServerConfiguration)
    /// GET /health and exit 0 (healthy) or 1: for Docker and scripts, so no curl is needed.
    case healthcheck(url: String)
    /// A consistent copy of the live database at `destination` (online backup API).
    case backup(ServerConfiguration, destination: String, overwrite: Bool)
    /// Apply pending migrations and exit.
    case migrate(ServerConfiguration)
    /// Create an account from the host (the way in when registration is closed); the password
    /// comes from the terminal, or the first line of standard input.
    case user(ServerConfiguration, UserAction)
    /// The help asked for: the program's, or one command's.
    case help(String)
    case version
}

/// What `gather-server user …` does to the accounts of the `--db` database.
public enum UserAction: Sendable, Equatable {
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
}
