import GatherText
import GatherWire

/// The body of `POST /api/channels`: a kind, a name, where to send, what to tell, and the
/// service's own fields (`botToken` and `chatId` for Telegram, `accessToken` and `roomId` for
/// Matrix). Every rule that needs no network is checked here.
package struct ChannelDraft: Hashable, Sendable {
    package var kind: ChannelKind
    package var name: String
    package var url: String
    package var events: Set<ChannelEvent>
    package var reminderHours: [Int]
    package var organisers: Bool
    package var link: String?
    package var chatID: String?
    package var token: String?

    package init(kind: ChannelKind, name: String, url: String?, events: [ChannelEvent]? = nil, reminderHours: [Int]? = nil,
                 organisers: Bool = false, link: String? = nil, chatID: String? = nil, token: String? = nil) throws(ValidationError) {
        self.kind = kind
        self.name = try ChannelRules.name(name)
        switch (kind, url) {
        case (.telegram, nil): self.url = ChannelKind.telegramAPI
        case (_, let url?): self.url = try ChannelLink.checked(url, field: "url")
        case (_, nil): throw ValidationError(field: "url", message: "is required for a \(kind.rawValue) channel")
        }
        self.events = Set(events ?? ChannelEvent.allCases)
        self.reminderHours = try ChannelRules.reminderHours(reminderHours ?? Channel.defaultReminderHours)
        self.organisers = organisers
        self.link = try link.map { text throws(ValidationError) in try ChannelLink.checked(text, field: "link") }
        self.chatID = try ChannelRules.chatID(chatID, of: kind)
        self.token = try ChannelRules.token(token, of: kind)
    }
}

extension ChannelDraft: Decodable {
    enum CodingKeys: String, CodingKey { case kind, name, url, events, reminderHours, organisers, link, botToken, chatId, accessToken, roomId }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let kind = try container.decodeEnumIfPresent(ChannelKind.self, forKey: .kind) else {
            throw ValidationError(field: "kind", message: "is required")
        }
        try ChannelRules.refuseNulls(container, [.url, .events, .reminderHours, .organisers, .botToken, .chatId, .accessToken, .roomId])
        let fields = try ChannelServiceFields(container, kind: kind)
        try self.init(kind: kind, name: try container.decode(String.self, forKey: .name),
                      url: try container.decodeIfPresent(String.self, forKey: .url),
                      events: try ChannelRules.decodeEvents(container, forKey: .events),
                      reminderHours: try container.decodeIfPresent([Int].self, forKey: .reminderHours),
                      organisers: try container.decodeIfPresent(Bool.self, forKey: .organisers) ?? false,
                      link: try container.decodeIfPresent(String.self, forKey: .link),
                      chatID: fields.chatID, token: fields.token)
    }
}

/// The service's own fields of a body, read for the kind they belong to: a field of another
/// kind's is refused by name rather than ignored, so a typo never leaves a channel half made.
struct ChannelServiceFields {
    var chatID: String?
    var token: String?

    /// The fields (token, chat) a kind takes, by their names in a body.
    static func keys(of kind: ChannelKind) -> (token: String?, chat: String?) {
        switch kind {
        case .telegram: ("botToken", "chatId")
        case .matrix: ("accessToken", "roomId")
        case .webhook, .discord, .slack: (nil, nil)
        }
    }

    init(_ container: KeyedDecodingContainer<ChannelDraft.CodingKeys>, kind: ChannelKind) throws {
        let (tokenKey, chatKey) = Self.keys(of: kind)
        for key in [ChannelDraft.CodingKeys.botToken, .chatId, .accessToken, .roomId]
        where container.contains(key) && key.stringValue != tokenKey && key.stringValue != chatKey {
            throw ValidationError(field: key.stringValue, message: "is not a field of a \(kind.rawValue) channel")
        }
        if let tokenKey, let key = ChannelDraft.CodingKeys(stringValue: tokenKey) {
            token = try container.decodeIfPresent(String.self, forKey: key)
        }
        if let chatKey, let key = ChannelDraft.CodingKeys(stringValue: chatKey) {
            chatID = try container.decodeIfPresent(String.self, forKey: key)
        }
    }
}

extension ChannelDraft: Encodable {
    /// As a client sends it: the URL whole, the service's fields under their kind's names.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(url, forKey: .url)
        try container.encode(events.sorted().map(\.rawValue), forKey: .events)
        try container.encode(reminderHours, forKey: .reminderHours)
        try container.encode(organisers, forKey: .organisers)
        try container.encodeIfPresent(link, forKey: .link)
        let (tokenKey, chatKey) = ChannelServiceFields.keys(of: kind)
        if let tokenKey, let key = CodingKeys(stringValue: tokenKey) { try container.encodeIfPresent(token, forKey: key) }
        if let chatKey, let key = CodingKeys(stringValue: chatKey) { try container.encodeIfPresent(chatID, forKey: key) }
    }
}
