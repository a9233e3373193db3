import Foundation
import GatherClient
import GatherCore

/// login, logout, whoami.
enum SessionCommands {
    static func login(_ context: CommandContext, password: PasswordSource) async throws {
        guard let username = context.command.value("--username") ?? context.sessions.rememberedUsername else {
            throw CommandFailure.usage("gather login needs --username (no username is remembered yet)")
        }
        let secret = try password.read(prompt: "Password for \(username): ")
        let session = try await APISessionService(client: context.client).login(username: username, password: secret)
        try context.sessions.save(session)
        try? context.sessions.remember(username: username)
        context.console.line("Logged in as \(username) at \(context.client.address)")
    }

    static func logout(_ context: CommandContext) async throws {
        guard context.sessions.savedSession() != nil else {
            context.console.line("Not logged in")
            return
        }
        _ = try context.requireSession()
        await APISessionService(client: context.client).logout()
        context.sessions.clearSession()
        context.console.line("Logged out")
    }

    static func whoami(_ context: CommandContext) async throws {
        _ = try context.requireSession()
        let user = try await context.client.request(.get, "/api/users/me", as: User.self)
        if context.wantsJSON {
            context.printJSON(user)
        } else {
            context.console.line("\(user.username) at \(context.client.address)")
        }
    }
}
