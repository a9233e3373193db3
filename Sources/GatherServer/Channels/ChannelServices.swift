import Networking

/// What the server needs to talk to the groups' channels: the one outbound client (its rules
/// are the operator's: `--allow-http-channels`, `--allow-private-channels`) and the sender.
struct ChannelServices: Sendable {
    let client: OutboundClient
    /// Nil where nothing is sent in the background (measurements of requests alone).
    let sender: ChannelSender?
    /// How often channels may be tested (`POST /api/channels/{id}/test`).
    var tests = ChannelTestAllowance()

    /// A write queued announcements: the sender looks now instead of at its next wake.
    func announced() {
        sender?.wake()
    }
}
