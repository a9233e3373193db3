import Foundation

/// Players' personal links over the API: a friend answers for themselves with theirs, without an
/// account. Making one needs a login session and replaces the player's previous link at once.
package struct APIPersonalLinkService: PersonalLinkService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    /// A new link for `player`, whole: shown this once. Their previous link stops at once.
    package func make(player: Int) async throws -> PersonalLink {
        try await client.request(.post, "/api/players/\(player)/link", as: PersonalLink.self).completed(against: client.address)
    }

    /// When `player`'s link was made and last used; nil when they have none.
    package func state(player: Int) async throws -> PersonalLinkState? {
        do {
            return try await client.request(.get, "/api/players/\(player)/link", as: PersonalLinkState.self)
        } catch ServiceError.rejected(404, _) {
            return nil
        }
    }

    /// Revokes `player`'s link: its page is "not found" from the next request on.
    package func revoke(player: Int) async throws {
        try await client.request(.delete, "/api/players/\(player)/link")
    }
}
