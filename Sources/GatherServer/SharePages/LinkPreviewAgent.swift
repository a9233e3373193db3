/// The programs that fetch a link to draw its preview card when it is pasted in a chat (WhatsApp,
/// Telegram, Signal, Slack, Discord, iMessage, Facebook, X, LinkedIn, Skype, Teams, Mattermost):
/// their visits are not a friend reading the page, so they are not counted as views. Told by the
/// words their `User-Agent` carries, as each service documents them.
enum LinkPreviewAgent {
    private static let words = ["whatsapp", "telegrambot", "signal", "slackbot", "slack-imgproxy", "discordbot", "facebookexternalhit",
                                "facebot", "twitterbot", "linkedinbot", "skypeuripreview", "microsoftpreview", "teamsbot", "mattermost",
                                "applebot", "iframely", "embedly", "pinterest", "redditbot", "vkshare", "viber"]

    static func isPreview(_ userAgent: String?) -> Bool {
        guard let agent = userAgent?.lowercased(), !agent.isEmpty else { return false }
        return words.contains { agent.contains($0) }
    }
}
