import Glibc

/// One IP address an outbound request may go to: 4 bytes for IPv4, 16 for IPv6, in network order.
/// What a name resolved to is kept in this form, checked, and connected to as it is.
package struct OutboundAddress: Hashable, Sendable, CustomStringConvertible {
    package let bytes: [UInt8]

    /// 4 bytes (IPv4) or 16 (IPv6); nil for any other count.
    package init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// A numeric address, in every form the system's resolver reads as one without asking DNS:
    /// IPv6 text, and IPv4 in the shorthands `inet_aton` also takes (`127.1`, `0x7f.0.0.1`,
    /// `2130706433`), so none of those can pass for a name and escape the address check.
    /// Nil for anything else (a name, an IPv6 zone such as `fe80::1%eth0`).
    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        var v4 = in_addr()
        guard inet_aton(text, &v4) != 0 else { return nil }
        bytes = withUnsafeBytes(of: &v4) { Array($0) }
    }

    package var isIPv6: Bool { bytes.count == 16 }

    /// The IPv4 address an IPv6 one carries inside it and that the network delivers to: IPv4-mapped
    /// (`::ffff:0:0/96`), IPv4-translated (`::ffff:0:0:0/96`, RFC 2765), NAT64's well-known prefix
    /// (`64:ff9b::/96`) and 6to4 (`2002::/16`); nil for the rest.
    package var embeddedIPv4: OutboundAddress? {
        guard isIPv6 else { return nil }
        let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        let translated: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0]
        let nat64: [UInt8] = [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        if bytes.starts(with: mapped) || bytes.starts(with: translated) || bytes.starts(with: nat64) {
            return OutboundAddress(bytes: Array(bytes[12..<16]))
        }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return OutboundAddress(bytes: Array(bytes[2..<6])) }
        return nil
    }

    /// As `inet_ntop` writes it: `10.0.0.5`, `::ffff:10.0.0.5`, `2606:4700::1`.
    package var description: String {
        Socket.numericText(bytes) ?? bytes.map(String.init).joined(separator: ".")
    }
}
