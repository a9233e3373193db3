/// What the server's operator lets outbound requests reach. The defaults are for a server on the
/// internet: https only, public addresses only. A server whose webhook receivers sit beside it
/// (a chat server on the same network) allows more with `--allow-http-channels` and
/// `--allow-private-channels`.
package struct OutboundPolicy: Hashable, Sendable {
    package var allowsPlainHTTP: Bool
    package var allowsPrivateAddresses: Bool

    package init(allowsPlainHTTP: Bool = false, allowsPrivateAddresses: Bool = false) {
        self.allowsPlainHTTP = allowsPlainHTTP
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    package func allows(_ scheme: ServerAddress.Scheme) -> Bool {
        scheme == .https || allowsPlainHTTP
    }

    /// The range that keeps a request from `address`, nil when the request may go there.
    package func refusingRange(for address: OutboundAddress) -> OutboundAddressRange? {
        guard let range = OutboundAddressRange.of(address) else { return nil }
        return allowsPrivateAddresses && range.canBeAllowed ? nil : range
    }
}
