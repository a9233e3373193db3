import GatherText
import GatherWire

/// `PATCH /api/channels/{id}`: only what is named changes; `"link": null` removes the link. The
/// kind never changes; a new token or chat is checked against the channel's kind when applied.
package struct ChannelChange: Hashable, Sendable {
    package var name: String?
    package var url: String?
    package var events: Set<ChannelEvent>?
    package var reminderHours: [Int]?
    package var organisers: Bool?
    package var link: String??
    /// The service's fields as sent (`botToken`, `chatId`, `accessToken`, `roomId`), checked in `applied`.
    var serviceFields: [String: String] = [:]

    package init() {}

    /// The channel as changed, and its credentials with a new token if one was given.
    package func applied(to channel: Channel, _ credentials: ChannelCredentials) throws(ValidationError) -> (Channel, ChannelCredentials) {
        var channel = channel
        var credentials = credentials
        let previousURL = channel.url
        if let name { channel.name = name }
        if let url { channel.url = url }
        if let events { channel.events = events }
        if let reminderHours { channel.reminderHours = reminderHours }
        if let organisers { channel.organisers = organisers }
        if let link { channel.link = link }
        let (tokenKey, chatKey) = ChannelServiceFields.keys(of: channel.kind)
        for field in serviceFields.keys.sorted() where field != tokenKey && field != chatKey {
            throw ValidationError(field: field, message: "is not a field of a \(channel.kind.rawValue) channel")
        }
        if let chat = serviceFields[chatKey ?? ""] { channel.chatID = try ChannelRules.chatID(chat, of: channel.kind) }
        let newToken = serviceFields[tokenKey ?? ""]
        if let newToken { credentials.token = try ChannelRules.token(newToken, of: channel.kind) }
        // A stored token goes wherever the URL points: a new place for it needs the token again,
        // or whoever can change the channel could send it to a server of their own.
        if let tokenKey, newToken == nil, let url, url != previousURL {
            throw ValidationError(field: "url", message: "of a \(channel.kind.rawValue) channel changes only with its \(tokenKey) given again")
        }
        return (channel, credentials)
    }
}

extension ChannelChange: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ChannelDraft.CodingKeys.self)
        if container.contains(.kind) {
            throw ValidationError(field: "kind", message: "cannot change: add a new channel of the other kind instead")
        }
        try ChannelRules.refuseNulls(container, [.name, .url, .events, .reminderHours, .organisers, .botToken, .chatId, .accessToken, .roomId])
        name = try container.decodeIfPresent(String.self, forKey: .name).map { text throws(ValidationError) in try ChannelRules.name(text) }
        url = try container.decodeIfPresent(String.self, forKey: .url).map { text throws(ValidationError) in
            try ChannelLink.checked(text, field: "url")
        }
        events = try ChannelRules.decodeEvents(container, forKey: .events).map { Set($0) }
        reminderHours = try container.decodeIfPresent([Int].self, forKey: .reminderHours).map { hours throws(ValidationError) in
            try ChannelRules.reminderHours(hours)
        }
        organisers = try container.decodeIfPresent(Bool.self, forKey: .organisers)
        link = try container.decodeChange(forKey: .link) {
            try container.decodeIfPresent(String.self, forKey: .link).map { text throws(ValidationError) in try ChannelLink.checked(text, field: "link") }
        }
        for key in [ChannelDraft.CodingKeys.botToken, .chatId, .accessToken, .roomId] {
            if let value = try container.decodeIfPresent(String.self, forKey: key) { serviceFields[key.stringValue] = value }
        }
    }
}
