import Foundation
import Networking

/// A player's personal link as it is sent to them: always a whole address, even from a server that
/// does not know its public address (then it answers a path, read against the address this client
/// reached it at), as `ShareLink` is.
package struct PersonalLink: Hashable, Sendable, Codable {
    /// The page's path on the server, `/p/<token>`.
    package let path: String
    package let url: String
    package let createdAt: Date

    package init(path: String, url: String, createdAt: Date) {
        self.path = path
        self.url = url
        self.createdAt = createdAt
    }

    /// As the server answered it, its `url` made whole against `server` when it is a path.
    package func completed(against server: ServerAddress) -> PersonalLink {
        PersonalLink(path: path, url: url.hasPrefix("/") ? server.description + url : url, createdAt: createdAt)
    }
}

/// What the server knows of a player's personal link: when it was made and last used, never the
/// link itself (it keeps only a digest).
package struct PersonalLinkState: Hashable, Sendable, Codable {
    package let createdAt: Date
    package let lastUsedAt: Date?

    package init(createdAt: Date, lastUsedAt: Date?) {
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    enum CodingKeys: String, CodingKey { case createdAt, lastUsedAt }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(createdAt, forKey: .createdAt)
        // `null` when never used, as the server writes it.
        try container.encode(lastUsedAt, forKey: .lastUsedAt)
    }
}
