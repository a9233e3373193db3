/// Why an outbound request was not sent at all, in words for the organiser who typed the address
/// and, where the server's operator can change the answer, the flag that does. Never holds a URL's
/// path or query: a webhook's path is its secret.
package enum OutboundRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address is not one the client can use; the reason never repeats the input.
    case malformedURL(String)
    /// `http://` while the policy allows only https; `destination` is the URL's `redacted` form.
    case plainHTTP(destination: String)
    /// `host` is, or resolves to, an address in a range the policy refuses.
    case refusedAddress(host: String, address: OutboundAddress, range: OutboundAddressRange)
    /// The name has no address.
    case unresolvable(host: String, reason: String)

    package var description: String {
        switch self {
        case .malformedURL(let reason):
            return "not a web address the server can send to: \(reason)"
        case .plainHTTP(let destination):
            return "\(destination): plain http:// is refused; use https://, or the server's operator can allow it with "
                + "--allow-http-channels"
        case let .refusedAddress(host, address, range):
            var subject = host == address.description ? "\(address) is" : "\(host) resolves to \(address), which is"
            subject += " \(range.phrase)"
            if let embedded = address.embeddedIPv4 { subject += " (it carries the IPv4 address \(embedded))" }
            if range.canBeAllowed {
                return subject + "; the server's operator can allow such addresses with --allow-private-channels"
            }
            return subject + ", where no web service can answer; it is never allowed"
        case let .unresolvable(host, reason):
            return "\(host) cannot be found (\(reason)): check the spelling of the address"
        }
    }
}
