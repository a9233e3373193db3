import Foundation
import GatherClient
import GatherDomain

/// token create, list, revoke: API tokens for scripts (cron jobs, backups), which keep working
/// after the login session ends.
enum TokenCommands {
    /// Prints the secret alone on standard output (so `> file` keeps it), and what it is on
    /// standard error.
    static func create(_ context: CommandContext) async throws {
        guard let name = context.command.value("--name") else {
            throw CommandFailure.usage("gather token create needs --name (what the token is for, e.g. cron)")
        }
        let scope = TokenScope(rawValue: context.command.value("--scope") ?? TokenScope.read.rawValue) ?? .read
        let expiresAt = try context.command.value("--expires").flatMap { try TokenExpiry.parse($0, now: Date()) }
        _ = try context.requireSession()
        let created = try await APITokenService(client: context.client).create(name: name, scope: scope, expiresAt: expiresAt)
        // Only an explicit --json: `output = json` in the settings must not turn `> file` into a
        // file that is no token.
        if context.command.has("--json") { return context.printJSON(created) }
        context.console.line(created.secret)
        let until = created.token.expiresAt.map { "until \(ISO8601DateFormatter().string(from: $0))" } ?? "until revoked"
        context.console.note("API token \(created.token.id) \"\(created.token.name)\" (\(scope == .read ? "reads only" : "reads and writes"), "
                              + "\(until)). It is shown this once: keep it in a file only you can read, and use it with "
                              + "--token-file FILE or FG_TOKEN; gather token revoke \(created.token.id) stops it.")
    }

    static func list(_ context: CommandContext) async throws {
        try context.authorize()
        let tokens = try await APITokenService(client: context.client).tokens()
        if context.wantsJSON { return context.printJSON(tokens) }
        let dates = ISO8601DateFormatter()
        let now = Date()
        context.printTable(Table(headers: ["ID", "NAME", "SCOPE", "CREATED", "EXPIRES", "LAST USED"], flexible: [1], rows: tokens.map { token in
            let expiry = token.expiresAt.map { (token.hasExpired(at: now) ? "expired " : "") + dates.string(from: $0) } ?? "never"
            return [String(token.id), token.name, token.scope.rawValue, dates.string(from: token.createdAt), expiry,
                    token.lastUsedAt.map(dates.string(from:)) ?? "never"]
        }))
    }

    /// By id, or by name (names are unique per account).
    static func revoke(_ context: CommandContext) async throws {
        _ = try context.requireSession()
        let service = APITokenService(client: context.client)
        let argument = context.command.arguments[0]
        let token: APIToken
        let tokens = try await service.tokens()
        if let id = Int(argument), let byID = tokens.first(where: { $0.id == id }) {
            token = byID
        } else if let named = tokens.first(where: { $0.name == argument }) {
            token = named
        } else {
            throw CommandFailure(code: .refused, message: "you have no API token \"\(argument)\" (gather token list shows yours)")
        }
        try await service.revoke(id: token.id)
        context.console.note("API token \(token.id) \"\(token.name)\" revoked: it no longer works; your other tokens do")
    }
}
