import FoundationEssentials
import GatherDomain
import HTTP
import Storage

/// `/api/shares`: the caller's read-only links, which friends open without an account.
enum ShareHandlers {
    /// A new link. Its token (256 random bits) is in this answer only; the store keeps its digest.
    static func create(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<ShareDraft>) throws -> HTTPResponse {
        let draft = try body.value()
        let token = TokenGenerator.makeToken()
        let now = context.services.now()
        let limit = context.services.quotas.limits.sharesPerAccount
        let share = try context.database.write { database in
            let repository = ShareRepository(database)
            let share = try repository.insert(name: draft.name, digest: TokenGenerator.digest(of: token), owner: context.owner, at: now)
            guard try repository.count(owner: context.owner) <= limit else {
                throw APIError(.forbidden, "this account already has \(limit) share links, the most this server allows; "
                               + "revoke one first; nothing was saved")
            }
            return share
        }
        let path = SharePath.page(token: token)
        let created = CreatedShare(share: share, path: path, url: context.services.publicURL?.link(to: path) ?? path)
        return .json(.created, created, headers: [HTTPHeaders.Name.location: context.groupPath("/api/shares/\(share.id)")])
    }

    /// The caller's links without their tokens, which the server does not have.
    static func list(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        .json(.ok, try context.database.read { try ShareRepository($0).all(owner: context.owner) })
    }

    /// Revokes a link: its page answers 404 from the next request on, and its open event streams end.
    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "share")
        try APIError.require(try context.database.write { try ShareRepository($0).delete(id: id, owner: context.owner) },
                             else: .shareNotFound)
        context.services.live.revoke(.share(id), of: context.owner)
        return HTTPResponse(status: .noContent)
    }
}

extension APIError {
    static let shareNotFound = APIError.notFound("share not found")
}
