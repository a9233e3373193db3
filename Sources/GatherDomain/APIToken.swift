import FoundationEssentials
import GatherText
import GatherWire

/// What an API token may do in every group of its account.
package enum TokenScope: String, Hashable, Sendable, CaseIterable {
    /// Reads only, as a viewer would: a cron job that exports or prints the table.
    case read
    /// Reads and changes what the account's role allows: a script that records results.
    case write
}

/// A long-lived credential for scripts (`POST /api/tokens`), made by a logged-in account. Its
/// secret is shown once, when it is made; the store keeps only a digest, so a listed token has
/// no secret, only its name, scope and how it has been used. Logging out never touches it.
package struct APIToken: Hashable, Sendable {
    package var id: Int
    package var name: String
    package var scope: TokenScope
    package var createdAt: Date
    /// Nil: it works until revoked.
    package var expiresAt: Date?
    /// The last request made with it (kept in memory and written in batches, so it may lag by a few seconds).
    package var lastUsedAt: Date?

    package init(id: Int, name: String, scope: TokenScope, createdAt: Date, expiresAt: Date? = nil, lastUsedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.scope = scope
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
    }

    package func hasExpired(at now: Date) -> Bool {
        expiresAt.map { $0 <= now } ?? false
    }
}

/// The body of `POST /api/tokens`.
package struct APITokenDraft: Hashable, Sendable {
    package static let nameLength = 1...100
    package static let nameMaximumBytes = 1024

    package var name: String
    package var scope: TokenScope
    package var expiresAt: Date?

    package init(name: String, scope: TokenScope, expiresAt: Date? = nil) throws(ValidationError) {
        self.name = try TextRule.required(name, field: "name", length: APITokenDraft.nameLength,
                                          maximumBytes: APITokenDraft.nameMaximumBytes)
        self.scope = scope
        self.expiresAt = expiresAt
    }
}

/// The answer to `POST /api/tokens`: the token and, this once, its secret.
package struct CreatedAPIToken: Hashable, Sendable {
    package var token: APIToken
    /// What goes in `Authorization: Bearer …`.
    package var secret: String

    package init(token: APIToken, secret: String) {
        self.token = token
        self.secret = secret
    }
}

extension APIToken: Codable {
    enum CodingKeys: String, CodingKey { case id, name, scope, createdAt, expiresAt, lastUsedAt }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let scope = try container.decodeEnumIfPresent(TokenScope.self, forKey: .scope) else {
            throw ValidationError(field: "scope", message: "is required")
        }
        self.init(id: try container.decode(Int.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  scope: scope, createdAt: try container.decode(Date.self, forKey: .createdAt),
                  expiresAt: try container.decodeIfPresent(Date.self, forKey: .expiresAt),
                  lastUsedAt: try container.decodeIfPresent(Date.self, forKey: .lastUsedAt))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(scope.rawValue, forKey: .scope)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(lastUsedAt, forKey: .lastUsedAt)
    }
}

extension APIToken: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            writeFields(to: &object)
        }
    }

    fileprivate func writeFields(to object: inout JSONObject) {
        object.field("createdAt") { $0.date(createdAt) }
        object.field("expiresAt") { $0.optional(expiresAt) { $0.date($1) } }
        object.field("id") { $0.int(id) }
        object.field("lastUsedAt") { $0.optional(lastUsedAt) { $0.date($1) } }
        object.field("name") { $0.string(name) }
        object.field("scope") { $0.string(scope.rawValue) }
    }
}

extension APITokenDraft: Codable {
    enum CodingKeys: String, CodingKey { case name, scope, expiresAt }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let scope = try container.decodeEnumIfPresent(TokenScope.self, forKey: .scope) else {
            throw ValidationError(field: "scope", message: "is required: read or write")
        }
        try self.init(name: container.decode(String.self, forKey: .name), scope: scope,
                      expiresAt: container.decodeIfPresent(Date.self, forKey: .expiresAt))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(scope.rawValue, forKey: .scope)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
    }
}

extension CreatedAPIToken: Codable {
    enum CodingKeys: String, CodingKey { case token }

    package init(from decoder: any Decoder) throws {
        token = try APIToken(from: decoder)
        secret = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .token)
    }

    package func encode(to encoder: any Encoder) throws {
        try token.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(secret, forKey: .token)
    }
}

extension CreatedAPIToken: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            token.writeFields(to: &object)
            object.field("token") { $0.string(secret) }
        }
    }
}
