import Foundation
import GatherDomain
import HTTP

/// Where the match being played is published for friends' share pages (`PUT /api/live`).
package protocol LiveService: Sendable {
    func publish(_ update: LiveMatchUpdate, token: String) async throws
    func end(token: String) async throws
}

/// The live match over the API, on a connection of its own so that a slow or unreachable server
/// never holds up a result's upload behind it. It names its token itself: a refusal here (401,
/// 429) is only the live view failing, never a reason to log the organiser out mid-match or to
/// wait and send a stale state again.
package struct APILiveService: LiveService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    package func publish(_ update: LiveMatchUpdate, token: String) async throws {
        try await client.request(.put, "/api/live", body: update, headers: [HTTPHeaders.Name.authorization: "Bearer \(token)"])
    }

    package func end(token: String) async throws {
        try await client.request(.delete, "/api/live", headers: [HTTPHeaders.Name.authorization: "Bearer \(token)"])
    }
}
