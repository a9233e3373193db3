import FoundationEssentials
import GatherDomain
import GatherServer
import Glibc
import Networking
import Storage

/// `gather-server user …`: the operator's commands on the accounts of the `--db` database.
/// Results go to stdout, messages for the operator to stderr; the exit status is 0 done, 1 refused
/// or failed, 2 a question not answered (no terminal, no --yes).
enum UserCommand {
    static func run(_ action: UserAction, on path: String) -> Int32 {
        // Only `add` may start a database: a mistyped --db must not answer with an empty one.
        if case .add = action {} else if path != ":memory:", !FileManager.default.fileExists(atPath: path) {
            return failed("no database at \(path) (give the server's with --db or FG_DB_PATH)")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: DatabasePool.Configuration(readerCount: 0))
        } catch {
            return failed("cannot open \(path): \(error)")
        }
        defer { pool.close() }
        let accounts = AccountAdministration(database: pool)
        do {
            switch action {
            case .add(let username):
                let credentials = try Credentials(username: username, password: try PasswordPrompt.read(for: username))
                let user = try accounts.add(credentials)
                // On stdout, as it always was: scripts read the new account's id from it.
                print("gather-server: created user \(user.username) (\(user.id.uuidString)) in \(path)")
            case .list(let json):
                print(json ? AccountTable.json(try accounts.list()) : AccountTable.text(try accounts.list()), terminator: "")
            case .passwd(let username):
                let user = try accounts.setPassword(of: username, to: try PasswordPrompt.read(for: username))
                say("new password for \(user.username); their login sessions have ended (API tokens still work)")
            case .remove(let username, let confirmed):
                if !confirmed {
                    guard isatty(STDIN_FILENO) == 1 else { return failed("user rm \(username) needs --yes when not run on a terminal", code: 2) }
                    StandardStream.error.write("Delete the account \(username) and everything of its own (players, matches, links)? (y/n) ")
                    guard ["y", "yes"].contains(readLine()?.filter { !$0.isWhitespace }.lowercased() ?? "") else {
                        say("kept \(username)")
                        return 1
                    }
                }
                let user = try accounts.remove(username)
                say("deleted user \(user.username) and everything of its own")
            case .disable(let username):
                let user = try accounts.setDisabled(username, true)
                say("disabled \(user.username): no login, session or API token of theirs works (within a minute on a running server)")
            case .enable(let username):
                let user = try accounts.setDisabled(username, false)
                say("enabled \(user.username) again")
            case .sessions(let username, end: false):
                let (user, sessions) = try accounts.sessions(of: username)
                print(sessions.isEmpty ? "\(user.username) has no login session\n"
                      : "BEGAN                 ENDS\n" + sessions.map { "\($0.createdAt.formatted(.iso8601))  \($0.expiresAt.formatted(.iso8601))\n" }.joined(),
                      terminator: "")
            case .sessions(let username, end: true):
                let (user, ended) = try accounts.endSessions(of: username)
                say("ended \(ended) login \(ended == 1 ? "session" : "sessions") of \(user.username) (its password and API tokens are unchanged)")
            }
            return 0
        } catch {
            return failed("\(error)")
        }
    }

    private static func say(_ message: String) {
        StandardStream.error.write("gather-server: \(message)\n")
    }

    private static func failed(_ message: String, code: Int32 = 1) -> Int32 {
        StandardStream.error.write("gather-server: \(message)\n")
        return code
    }
}
