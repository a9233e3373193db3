import Foundation
import GatherClient
import GatherDomain

/// register, login, logout, whoami.
enum SessionCommands {
    /// A new account on the server, then logged in as it (the server may have registration closed:
    /// its reason is said, exit 1).
    static func register(_ context: CommandContext, password: PasswordSource) async throws {
        guard let username = context.command.value("--username") else {
            throw CommandFailure.usage("gather register needs --username (the name to log in with)")
        }
        // The server's rules, checked before a password is asked for.
        do {
            _ = try Credentials(username: username, password: String(repeating: "x", count: Credentials.passwordLength.lowerBound))
        } catch {
            throw CommandFailure(code: .refused, message: error.reason)
        }
        let secret = try password.readNew(prompt: "New password for \(username) (\(Credentials.passwordLength.lowerBound) characters or more): ")
        let session = try await APISessionService(client: context.client).register(username: username, password: secret)
        try context.sessions.save(session)
        try? context.sessions.remember(username: username)
        context.console.note("Registered and logged in as \(username) at \(context.client.address)")
    }

    static func login(_ context: CommandContext, password: PasswordSource) async throws {
        guard let username = context.command.value("--username") ?? context.sessions.rememberedUsername else {
            throw CommandFailure.usage("gather login needs --username (no username is remembered yet)")
        }
        let secret = try password.read(prompt: "Password for \(username): ")
        let session = try await APISessionService(client: context.client).login(username: username, password: secret)
        try context.sessions.save(session)
        try? context.sessions.remember(username: username)
        context.console.note("Logged in as \(username) at \(context.client.address)")
    }

    /// A new password for the logged-in account: the current one, then the new one (twice on a terminal).
    static func changePassword(_ context: CommandContext, password: PasswordSource) async throws {
        let session = try context.requireSession()
        let current = try password.read(prompt: "Current password for \(session.username): ")
        let new = try password.readNew(prompt: "New password (\(Credentials.passwordLength.lowerBound) characters or more): ",
                                       environmentName: "FG_NEW_PASSWORD")
        try await APISessionService(client: context.client).changePassword(current: current, to: new)
        context.console.note("Password changed for \(session.username); your other sessions have ended (API tokens still work)")
    }

    /// Ends the saved login (an API token given with FG_TOKEN or --token-file is not touched:
    /// gather token revoke ends one).
    static func logout(_ context: CommandContext) async throws {
        guard let session = context.sessions.savedSession() else {
            context.console.note("Not logged in")
            return
        }
        if case .notRevoked(let reason) = await APISessionService(client: context.client).logout(token: session.token) {
            // Forgetting it now would leave a working token nobody can revoke: it stays, to try again.
            throw CommandFailure(code: .unreachable, message: "\(reason); the session was not revoked and is kept: run gather logout again")
        }
        context.sessions.clearSession()
        // The roster's names kept for completion belong to the session too.
        try? FileManager.default.removeItem(at: context.configDirectory.appendingPathComponent(PlayerIDsForCompletion.fileName))
        context.console.note("Logged out")
    }

    static func whoami(_ context: CommandContext) async throws {
        try context.authorize()
        let user = try await context.client.request(.get, "/api/users/me", as: User.self)
        if context.wantsJSON {
            context.printJSON(user)
        } else {
            context.console.line("\(user.username) at \(context.client.address)")
        }
    }
}
