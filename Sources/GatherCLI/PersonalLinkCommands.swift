import Foundation
import GatherClient
import GatherDomain

/// players link: a player's personal link, with which a friend answers "who's in?" for
/// themselves, without an account. Shown once when made; the server keeps only its digest.
enum PersonalLinkCommands {
    static func link(_ context: CommandContext) async throws {
        let command = context.command
        if command.has("--new") && command.has("--revoke") { throw CommandFailure.usage("players link takes --new or --revoke, not both") }
        try context.authorize()
        let id = try await PlayerLookup(context).id(command.arguments[0], option: "PLAYER")
        // Read first: a player who is not in the group is "player not found", and the messages name them.
        let player = try await context.client.request(.get, "/api/players/\(id)", as: Player.self)
        let links = APIPersonalLinkService(client: context.client)
        if command.has("--new") {
            let link = try await links.make(player: id)
            if command.has("--quiet") { return context.console.line(link.url) }
            if context.wantsJSON { return context.printJSON(link) }
            context.console.note("Personal link for \(player.name) (id \(id)): whoever opens it answers for \(player.name); "
                                 + "it replaces their previous link, which stops working now")
            context.console.line(link.url)
            QRCodePrinting.print(link.url, in: context)
            context.console.note("It is shown this once; gather players link \(id) --revoke stops it.")
            return
        }
        if command.has("--revoke") {
            try await links.revoke(player: id)
            return context.console.note("\(player.name)'s personal link revoked: it no longer opens anything")
        }
        let state = try await links.state(player: id)
        if context.wantsJSON { return context.printJSON(state) }
        guard let state else {
            return context.console.line("\(player.name) has no personal link; gather players link \(id) --new makes one")
        }
        let time = KickOffTime()
        context.console.line("\(player.name)'s personal link was made \(time.long(from: state.createdAt)), "
                             + (state.lastUsedAt.map { "last used \(time.long(from: $0))" } ?? "never used yet") + " (\(time.zoneName))")
    }
}
