import Foundation
import GatherDomain

/// The account's API tokens for scripts, over the API. Making and revoking one needs a login
/// session (the server refuses an API token with 403).
package struct APITokenService: Sendable {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    package func tokens() async throws -> [APIToken] {
        try await client.request(.get, "/api/tokens", as: [APIToken].self)
    }

    package func create(name: String, scope: TokenScope, expiresAt: Date?) async throws -> CreatedAPIToken {
        // Validated here first so the message is the one the server would give.
        let draft: APITokenDraft
        do {
            draft = try APITokenDraft(name: name, scope: scope, expiresAt: expiresAt)
        } catch {
            throw ServiceError.rejected(status: 400, reason: error.reason.capitalizedFirst)
        }
        return try await client.request(.post, "/api/tokens", body: draft, as: CreatedAPIToken.self)
    }

    package func revoke(id: Int) async throws {
        try await client.request(.delete, "/api/tokens/\(id)")
    }
}
