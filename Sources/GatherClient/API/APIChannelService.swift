import Foundation
import GatherDomain

/// The group's channels over the API: where its announcements go. Adding and changing one needs
/// a login session and an owner (the server refuses an API token with 403).
package struct APIChannelService: ChannelService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    package func channels() async throws -> [Channel] {
        try await client.request(.get, "/api/channels", as: [Channel].self)
    }

    /// A new channel; a webhook's signing secret is in the answer, this once.
    package func add(_ draft: ChannelDraft) async throws -> CreatedChannel {
        try await client.request(.post, "/api/channels", body: draft, as: CreatedChannel.self)
    }

    /// A test message sent now, and what the far end said.
    package func test(id: Int) async throws -> ChannelTestResult {
        try await client.request(.post, "/api/channels/\(id)/test", as: ChannelTestResult.self)
    }

    /// The channel's latest deliveries, newest first.
    package func deliveries(id: Int, limit: Int = 20) async throws -> [Delivery] {
        try await client.request(.get, "/api/channels/\(id)/deliveries?limit=\(limit)", as: [Delivery].self)
    }

    package func remove(id: Int) async throws {
        try await client.request(.delete, "/api/channels/\(id)")
    }
}
