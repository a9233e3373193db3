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
    case addUser(ServerConfiguration, username: String)
    /// The help asked for: the program's, or one command's.
    case help(String)
    case version
}
