/// Where a channel's messages go, and so the shape of the request that carries them.
package enum ChannelKind: String, CaseIterable, Hashable, Sendable {
    /// Any URL: a JSON body describing the event, signed with the channel's secret.
    case webhook
    /// A Discord incoming webhook: `{"content": text}`.
    case discord
    /// A Slack or Mattermost incoming webhook: `{"text": text}`.
    case slack
    /// The Telegram Bot API's `sendMessage`, with a bot token and a chat id.
    case telegram
    /// A Matrix room message, with an access token and a room id.
    case matrix

    /// Where Telegram's Bot API is when the channel names no other server.
    package static let telegramAPI = "https://api.telegram.org"
}
