import FoundationEssentials
import GatherDomain
import GatherText
import HTTP
import Storage

/// `/api/tokens`: the caller's API tokens for scripts. Made and revoked with a login session
/// only (`Permission.account`); listed with any token of the account.
enum TokenHandlers {
    /// A new token. Its secret (256 random bits) is in this answer only; the store keeps its digest.
    static func create(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<APITokenDraft>) throws -> HTTPResponse {
        let draft = try body.value()
        let now = context.services.now()
        if let expiresAt = draft.expiresAt, expiresAt <= now {
            throw ValidationError(field: "expiresAt", message: "must be in the future")
        }
        let secret = TokenGenerator.makeAPIToken()
        let limit = context.services.quotas.limits.apiTokensPerAccount
        let token = try context.database.write { database in
            let repository = APITokenRepository(database)
            let token = try repository.insert(draft, digest: TokenGenerator.digest(of: secret), user: context.caller, at: now)
            guard try repository.count(user: context.caller) <= limit else {
                throw APIError(.forbidden, "this account already has \(limit) API tokens, the most this server allows; "
                               + "revoke one first; nothing was saved")
            }
            return token
        }
        return .json(.created, CreatedAPIToken(token: token, secret: secret),
                     headers: [HTTPHeaders.Name.location: "/api/tokens/\(token.id)"])
    }

    /// The caller's tokens without their secrets, which the server does not have.
    static func list(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let uses = context.services.tokenUses
        let tokens = try context.database.read { try APITokenRepository($0).all(user: context.caller) }.map { token in
            // A use not written yet (uses are written in batches) is still the last one.
            var token = token
            if let pending = uses.pending(token.id) { token.lastUsedAt = max(token.lastUsedAt ?? pending, pending) }
            return token
        }
        return .json(.ok, tokens)
    }

    /// Revokes a token: the next request made with it is refused (401), and the event streams it
    /// opened end. The account's other tokens and sessions keep working.
    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded {
        let id = try context.parameters.int("id", resource: "API token")
        guard let digest = try context.database.write({ try APITokenRepository($0).delete(id: id, user: context.caller) }) else {
            throw APIError.notFound("API token not found")
        }
        return .credential(digest: digest, user: context.caller)
    }
}
