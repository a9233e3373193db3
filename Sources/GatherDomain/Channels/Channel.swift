import FoundationEssentials
import GatherWire

/// Where a group's announcements go (`/api/channels`). What a far end needs to be reached (the
/// webhook's signing secret, a bot or access token, and a chat webhook's URL, whose path is its
/// secret) is kept by the server and never shown again after the channel is made: reads show the
/// URL cut to its scheme and host.
package struct Channel: Hashable, Sendable {
    package static let defaultReminderHours = [24, 3]

    package var id: Int
    package var kind: ChannelKind
    package var name: String
    /// The whole URL: for the sender only, never written out (`shownURL`).
    package var url: String
    package var events: Set<ChannelEvent>
    /// Hours before answers close that the friends who have not answered are reminded, latest last.
    package var reminderHours: [Int]
    /// The organisers' own channel: told what only organisers need (too few in, a suggested swap).
    package var organisers: Bool
    /// A link added to every message (the share page, say).
    package var link: String?
    /// Telegram's chat id or Matrix's room id: not secret, shown.
    package var chatID: String?
    package var createdAt: Date
    package var updatedAt: Date

    package init(id: Int, kind: ChannelKind, name: String, url: String, events: Set<ChannelEvent>, reminderHours: [Int], organisers: Bool,
                 link: String?, chatID: String?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.kind = kind
        self.name = name
        self.url = url
        self.events = events
        self.reminderHours = reminderHours
        self.organisers = organisers
        self.link = link
        self.chatID = chatID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The URL as reads show it: scheme and host, and `/…` where a path (perhaps a secret) was cut.
    package var shownURL: String { ChannelLink.withoutPath(url) }
}

/// What a far end needs besides the URL, kept beside a channel and never shown after it is made.
/// Written out (a log line, a debugger), it says only what it holds, never the values.
package struct ChannelCredentials: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// A webhook's signing secret.
    package var secret: String?
    /// Telegram's bot token or Matrix's access token.
    package var token: String?

    package init(secret: String? = nil, token: String? = nil) {
        self.secret = secret
        self.token = token
    }

    package var description: String {
        "ChannelCredentials(secret: \(secret == nil ? "none" : "…"), token: \(token == nil ? "none" : "…"))"
    }

    package var debugDescription: String { description }
}

/// The answer to `POST /api/channels`: the channel and, this once, a webhook's signing secret.
package struct CreatedChannel: Hashable, Sendable {
    package var channel: Channel
    package var secret: String?

    package init(channel: Channel, secret: String?) {
        self.channel = channel
        self.secret = secret
    }
}

extension Channel: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        write(to: &writer, secret: nil)
    }

    /// With `secret` (a channel just made): its signing secret, `null` for a kind that has none.
    func write(to writer: inout JSONWriter, secret: String??) {
        writer.object { object in
            object.field("chatId") { $0.optional(kind == .telegram ? chatID : nil) { $0.string($1) } }
            object.field("createdAt") { $0.date(createdAt) }
            object.field("events") { writer in writer.array(events.sorted()) { $0.string($1.rawValue) } }
            object.field("id") { $0.int(id) }
            object.field("kind") { $0.string(kind.rawValue) }
            object.field("link") { $0.optional(link) { $0.string($1) } }
            object.field("name") { $0.string(name) }
            object.field("organisers") { $0.bool(organisers) }
            object.field("reminderHours") { writer in writer.array(reminderHours) { $0.int($1) } }
            object.field("roomId") { $0.optional(kind == .matrix ? chatID : nil) { $0.string($1) } }
            if let secret { object.field("secret") { $0.optional(secret) { $0.string($1) } } }
            object.field("updatedAt") { $0.date(updatedAt) }
            object.field("url") { $0.string(shownURL) }
        }
    }
}

extension CreatedChannel: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        channel.write(to: &writer, secret: .some(secret))
    }
}

extension Channel: Codable {
    enum CodingKeys: String, CodingKey { case id, kind, name, url, events, reminderHours, organisers, link, chatId, roomId, createdAt, updatedAt }

    /// As a client reads it: `url` as shown (without its path).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        kind = try container.decodeEnumIfPresent(ChannelKind.self, forKey: .kind) ?? .webhook
        name = try container.decode(String.self, forKey: .name)
        url = try container.decode(String.self, forKey: .url)
        // Events a newer server knows and this client does not are left out, not refused.
        events = Set(try container.decode([String].self, forKey: .events).compactMap(ChannelEvent.init(rawValue:)))
        reminderHours = try container.decodeIfPresent([Int].self, forKey: .reminderHours) ?? []
        organisers = try container.decodeIfPresent(Bool.self, forKey: .organisers) ?? false
        link = try container.decodeIfPresent(String.self, forKey: .link)
        chatID = try container.decodeIfPresent(String.self, forKey: .chatId) ?? container.decodeIfPresent(String.self, forKey: .roomId)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(shownURL, forKey: .url)
        try container.encode(events.sorted().map(\.rawValue), forKey: .events)
        try container.encode(reminderHours, forKey: .reminderHours)
        try container.encode(organisers, forKey: .organisers)
        try container.encode(link, forKey: .link)
        try container.encode(kind == .telegram ? chatID : nil, forKey: .chatId)
        try container.encode(kind == .matrix ? chatID : nil, forKey: .roomId)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

extension CreatedChannel: Codable {
    enum CodingKeys: String, CodingKey { case secret }

    package init(from decoder: any Decoder) throws {
        channel = try Channel(from: decoder)
        secret = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .secret)
    }

    package func encode(to encoder: any Encoder) throws {
        try channel.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(secret, forKey: .secret)
    }
}
