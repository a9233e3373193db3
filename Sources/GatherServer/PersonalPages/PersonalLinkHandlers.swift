import FoundationEssentials
import GatherWire
import HTTP
import Storage

/// `/api/players/{id}/link`: a player's personal link, with which a friend answers for themselves
/// without an account. Its token (256 random bits) is in the answer that makes it only; the
/// store keeps its digest. Making one replaces the player's last.
enum PersonalLinkHandlers {
    static func create(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let player = try context.parameters.int("id", resource: "player")
        let token = TokenGenerator.makeToken()
        let now = context.services.now()
        try APIError.require(try context.database.write {
            try PersonalLinkRepository($0).replace(player: player, owner: context.owner, digest: TokenGenerator.digest(of: token), at: now)
        }, else: .playerNotFound)
        // The link it replaces lets nobody in any more, its open page included.
        context.services.live.revoke(.personalLink(player), of: context.owner)
        let path = PersonalPath.page(token: token)
        let made = MadeLink(path: path, url: context.services.publicURL?.link(to: path) ?? path, createdAt: now)
        return .json(.created, made, headers: [HTTPHeaders.Name.location: context.groupPath("/api/players/\(player)/link")])
    }

    /// When the link was made and last used; never the link, which the server does not have.
    static func get(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let player = try context.parameters.int("id", resource: "player")
        guard let made = try context.database.read({ try PersonalLinkRepository($0).made(player: player, owner: context.owner) }) else {
            throw APIError.notFound("this player has no personal link")
        }
        return .json(.ok, LinkState(made: made))
    }

    /// Revokes it: its page is "not found" from the next request on.
    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let player = try context.parameters.int("id", resource: "player")
        try APIError.require(try context.database.write { try PersonalLinkRepository($0).revoke(player: player, owner: context.owner) },
                             else: .notFound("this player has no personal link"))
        context.services.live.revoke(.personalLink(player), of: context.owner)
        return HTTPResponse(status: .noContent)
    }
}

/// The public pages a personal link opens: `/p/<token>` and what hangs below it.
enum PersonalPath {
    static func page(token: String) -> String { "/p/\(token)" }
}

/// The answer to `POST /api/players/{id}/link`: this once, the link.
struct MadeLink: JSONWritable, Encodable {
    let path: String
    /// The server's public address and `path`, when the server knows its address; else `path`.
    let url: String
    let createdAt: Date

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("createdAt") { $0.date(createdAt) }
            object.field("path") { $0.string(path) }
            object.field("url") { $0.string(url) }
        }
    }
}

/// `GET /api/players/{id}/link`.
struct LinkState: JSONWritable, Encodable {
    let made: PersonalLinkRepository.Made

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("createdAt") { $0.date(made.createdAt) }
            object.field("lastUsedAt") { $0.optional(made.lastUsedAt) { $0.date($1) } }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(made.createdAt, forKey: .createdAt)
        try container.encode(made.lastUsedAt, forKey: .lastUsedAt)
    }

    enum Keys: String, CodingKey { case createdAt, lastUsedAt }
}
