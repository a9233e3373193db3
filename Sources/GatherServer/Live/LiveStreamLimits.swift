/// Event streams (`LiveMatches`) open at once at most, in all and per scope; at a cap the oldest
/// stream of that scope yields to a newcomer (it ends, and its page reconnects).
package struct LiveStreamLimits: Sendable, Equatable {
    package var total = 5_000
    package var perGroup = 1_250
    package var perLink = 1_250
    /// A household or an office behind one address watches with a few phones, not dozens.
    package var perAddress = 32

    package init(total: Int = 5_000, perGroup: Int = 1_250, perLink: Int = 1_250, perAddress: Int = 32) {
        self.total = total
        self.perGroup = perGroup
        self.perLink = perLink
        self.perAddress = perAddress
    }

    /// Well below the server's connection cap: streams never take more than half of it, one group
    /// or one share link an eighth, one address a sixteenth (32 at most).
    package static func within(connections: Int) -> LiveStreamLimits {
        let connections = max(8, connections)
        return LiveStreamLimits(total: connections / 2, perGroup: connections / 8, perLink: connections / 8,
                                perAddress: min(32, max(1, connections / 16)))
    }
}
