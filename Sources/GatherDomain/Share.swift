import FoundationEssentials
import GatherText
import GatherWire

/// A read-only link to an account's results that friends open without an account
/// (`POST /api/shares`). Its token is shown once, when it is made; the store keeps only a digest,
/// so a listed share has no link, only its name and how it has been used.
package struct Share: Hashable, Sendable {
    package var id: Int
    package var name: String
    package var createdAt: Date
    /// Pages served through the link so far (counted in memory and written in batches, so the
    /// figure may lag by a few seconds).
    package var views: Int
    package var lastViewedAt: Date?

    package init(id: Int, name: String, createdAt: Date, views: Int = 0, lastViewedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.views = views
        self.lastViewedAt = lastViewedAt
    }
}

/// The body of `POST /api/shares`: what the page's heading will say.
package struct ShareDraft: Hashable, Sendable {
    package static let nameLength = 1...100
    package static let nameMaximumBytes = 1024

    package var name: String

    package init(name: String) throws(ValidationError) {
        self.name = try TextRule.required(name, field: "name", length: ShareDraft.nameLength, maximumBytes: ShareDraft.nameMaximumBytes)
    }
}

/// The answer to `POST /api/shares`: the share and, this once, its link.
package struct CreatedShare: Hashable, Sendable {
    package var share: Share
    /// The page's path on the server, `/s/<token>`.
    package var path: String
    /// The link to send: the server's public address followed by `path` when the server knows its
    /// public address (`--public-url`), else `path` alone, to be read against the server's address.
    package var url: String

    package init(share: Share, path: String, url: String) {
        self.share = share
        self.path = path
        self.url = url
    }
}

extension Share: Codable {
    enum CodingKeys: String, CodingKey { case id, name, createdAt, views, lastViewedAt }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        views = try container.decodeIfPresent(Int.self, forKey: .views) ?? 0
        lastViewedAt = try container.decodeIfPresent(Date.self, forKey: .lastViewedAt)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(views, forKey: .views)
        try container.encode(lastViewedAt, forKey: .lastViewedAt)
    }
}

extension ShareDraft: Codable {
    enum CodingKeys: String, CodingKey { case name }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(name: container.decode(String.self, forKey: .name))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

extension CreatedShare: Codable {
    enum CodingKeys: String, CodingKey { case id, name, createdAt, path, url }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        share = Share(id: try container.decode(Int.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                      createdAt: try container.decode(Date.self, forKey: .createdAt))
        path = try container.decode(String.self, forKey: .path)
        url = try container.decode(String.self, forKey: .url)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(share.id, forKey: .id)
        try container.encode(share.name, forKey: .name)
        try container.encode(share.createdAt, forKey: .createdAt)
        try container.encode(path, forKey: .path)
        try container.encode(url, forKey: .url)
    }
}

extension Share: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("createdAt") { $0.date(createdAt) }
            object.field("id") { $0.int(id) }
            object.field("lastViewedAt") { $0.optional(lastViewedAt) { $0.date($1) } }
            object.field("name") { $0.string(name) }
            object.field("views") { $0.int(views) }
        }
    }
}

extension CreatedShare: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("createdAt") { $0.date(share.createdAt) }
            object.field("id") { $0.int(share.id) }
            object.field("name") { $0.string(share.name) }
            object.field("path") { $0.string(path) }
            object.field("url") { $0.string(url) }
        }
    }
}
