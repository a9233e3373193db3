import FoundationEssentials
import GatherDomain
import GatherWire
import HTTP
import Networking

/// One announcement as the far end of a channel takes it: a signed JSON event for a webhook, each
/// chat service's own request shape for the others.
struct ChannelMessage {
    var event: ChannelEvent
    /// The delivery's idempotency key, the same on every try.
    var key: String
    var announcedAt: Date
    var group: UUID
    var groupName: String
    /// The fixture or match as JSON.
    var subject: String
    var text: String

    /// A test message from `POST /api/channels/{id}/test`, about no fixture or match.
    var isTest = false

    /// The event as a receiver reads it.
    var eventName: String { isTest ? "channel.test" : event.rawValue }

    /// Chat messages stay well inside every service's limit (Discord's 2,000 characters is the least).
    static let longestText = 1800

    /// The request for `channel`, signed at `now`.
    func request(to channel: Channel, _ credentials: ChannelCredentials, now: Date) throws(OutboundRefusal) -> OutboundRequest {
        let words = wordsWithLink(channel.link)
        switch channel.kind {
        case .webhook:
            let body = webhookBody()
            var headers = jsonHeaders()
            headers.add(name: "Idempotency-Key", value: key)
            headers.add(name: "X-Gather-Event", value: eventName)
            if let secret = credentials.secret {
                headers.add(name: "X-Gather-Signature", value: WebhookSignature.header(secret: secret, time: Int(now.timeIntervalSince1970),
                                                                                      body: body))
            }
            return OutboundRequest(method: .post, url: try OutboundURL(channel.url), headers: headers, body: body)
        case .discord:
            // Names are friends' own text: "@everyone" in one must not ping the whole server.
            return OutboundRequest(method: .post, url: try OutboundURL(channel.url), headers: jsonHeaders(), body: Self.object { object in
                object.field("allowed_mentions") { writer in writer.object { $0.field("parse") { writer in writer.array([String]()) { $0.string($1) } } } }
                object.field("content") { $0.string(words) }
            })
        case .slack:
            // Slack reads <…> as mentions and links, & as the start of an escape: as plain text they are escaped.
            return OutboundRequest(method: .post, url: try OutboundURL(channel.url), headers: jsonHeaders(),
                                   body: Self.object { $0.field("text") { $0.string(Self.slackEscaped(words)) } })
        case .telegram:
            let base = channel.url.hasSuffix("/") ? String(channel.url.dropLast()) : channel.url
            let url = try OutboundURL(base + "/bot" + (credentials.token ?? "") + "/sendMessage")
            return OutboundRequest(method: .post, url: url, headers: jsonHeaders(), body: Self.object { object in
                object.field("chat_id") { $0.string(channel.chatID ?? "") }
                object.field("disable_web_page_preview") { $0.bool(true) }
                object.field("text") { $0.string(words) }
            })
        case .matrix:
            // The key as the transaction id: the homeserver itself drops a repeat of it.
            let base = channel.url.hasSuffix("/") ? String(channel.url.dropLast()) : channel.url
            let url = try OutboundURL(base + "/_matrix/client/v3/rooms/" + Self.pathSegment(channel.chatID ?? "")
                                      + "/send/m.room.message/" + key)
            var headers = jsonHeaders()
            headers.add(name: "Authorization", value: "Bearer " + (credentials.token ?? ""))
            return OutboundRequest(method: .put, url: url, headers: headers, body: Self.object { object in
                object.field("body") { $0.string(words) }
                object.field("msgtype") { $0.string("m.text") }
            })
        }
    }

    /// `{"createdAt", "event", "fixture"|"match"|"season", "group", "id", "text"}`; a test message is
    /// `channel.test`, about nothing.
    func webhookBody() -> [UInt8] {
        Self.object { object in
            object.field("createdAt") { $0.date(announcedAt) }
            object.field("event") { $0.string(eventName) }
            if event.isAboutAFixture && !isTest { object.field("fixture") { $0.json(subject) } }
            object.field("group") { writer in
                writer.object { group in
                    group.field("id") { $0.uuid(self.group) }
                    group.field("name") { $0.string(groupName) }
                }
            }
            object.field("id") { $0.string(key) }
            if event.isAboutAMatch && !isTest { object.field("match") { $0.json(subject) } }
            if event == .seasonAwards && !isTest { object.field("season") { $0.json(subject) } }
            object.field("text") { $0.string(text) }
        }
    }

    private func wordsWithLink(_ link: String?) -> String {
        let words = text.count > Self.longestText ? String(text.prefix(Self.longestText)) + "…" : text
        return link.map { words + "\n" + $0 } ?? words
    }

    private func jsonHeaders() -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        return headers
    }

    private static func object(_ body: (inout JSONObject) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.object(body)
        return writer.bytes
    }

    /// `&`, `<` and `>` as Slack's escapes.
    static func slackEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A room id as one path segment: `!abc:example.org` → `%21abc%3Aexample.org`.
    static func pathSegment(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            if unreserved {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let digits = Array("0123456789ABCDEF")
                encoded += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }
}
