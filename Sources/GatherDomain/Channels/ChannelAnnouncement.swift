/// Something to tell a group's channels, as the change that caused it writes it: each channel that
/// takes the event gets one delivery of it, at most once per `occasion`.
package struct ChannelAnnouncement: Hashable, Sendable {
    /// Who hears it besides the channels that take the event.
    package enum Audience: Hashable, Sendable {
        /// Every channel that takes the event.
        case everyone
        /// The organisers' channels when the group has one, else every channel (too few in, a suggested swap).
        case organisersFirst
        /// These channels of the group, if they still take the event (a reminder goes to the
        /// channels whose latest reminder time it is).
        case channels([Int])
    }

    package var event: ChannelEvent
    /// What it is about, unique in the group: the same occasion is never announced twice.
    package var occasion: String
    package var fixtureID: Int?
    /// The fixture or match as the API shows it, JSON: the webhook body's `fixture` or `match`.
    package var subject: String
    /// The message in plain words, for the chats and the webhook body's `text`.
    package var text: String
    package var audience: Audience

    package init(event: ChannelEvent, occasion: String, fixtureID: Int?, subject: String, text: String, audience: Audience = .everyone) {
        self.event = event
        self.occasion = occasion
        self.fixtureID = fixtureID
        self.subject = subject
        self.text = text
        self.audience = audience
    }
}
