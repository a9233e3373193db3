import Foundation
import GatherClient

/// share create, list, revoke: read-only links to the results, for the group chat.
enum ShareCommands {
    static func create(_ context: CommandContext) async throws {
        try context.authorize()
        let link = try await APIShareService(client: context.client).create(name: context.command.arguments[0])
        if context.command.has("--quiet") { return context.console.line(link.url) }
        if context.wantsJSON {
            return context.printJSON(link.created)
        }
        context.console.note("Share link \(link.share.id), \"\(link.share.name)\": anyone with it sees the table and the matches")
        context.console.line(link.url)
        // On a terminal, the link to scan too: a phone at the pitch opens it without typing.
        QRCodePrinting.print(link.url, in: context)
        context.console.note("It is shown this once; gather share revoke \(link.share.id) stops it.")
    }

    static func list(_ context: CommandContext) async throws {
        try context.authorize()
        let shares = try await APIShareService(client: context.client).shares()
        if context.wantsJSON { return context.printJSON(shares) }
        let dates = ISO8601DateFormatter()
        context.printTable(Table(headers: ["ID", "NAME", "CREATED", "VIEWS", "LAST VIEWED"], flexible: [1], rows: shares.map { share in
            [String(share.id), share.name, dates.string(from: share.createdAt), String(share.views),
             share.lastViewedAt.map(dates.string(from:)) ?? "never"]
        }))
    }

    static func revoke(_ context: CommandContext) async throws {
        let id = try context.integer(context.command.arguments[0], name: "ID", range: 1...Int.max)
        try context.authorize()
        try await APIShareService(client: context.client).revoke(id: id)
        context.console.note("Share link \(id) revoked: it no longer opens anything")
    }
}
