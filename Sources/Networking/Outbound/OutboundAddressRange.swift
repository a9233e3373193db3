/// The special-purpose blocks (RFC 6890 and its IPv6 siblings) an outbound request is kept out of:
/// a webhook's address is typed by a group's organiser, and without this check it could point the
/// server at itself, its neighbours on a private network, or the cloud's metadata service
/// (169.254.169.254) that hands out credentials. Public addresses belong to no range here.
package enum OutboundAddressRange: Hashable, Sendable, CustomStringConvertible {
    /// 0.0.0.0/8: on Linux a connection to it reaches this machine.
    case thisNetwork
    /// `::`.
    case unspecified
    /// 127.0.0.0/8, `::1`.
    case loopback
    /// 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 (RFC 1918), named by the block.
    case privateNetwork(String)
    /// 100.64.0.0/10 (RFC 6598): a carrier's NAT, or a cloud's internal network.
    case sharedAddressSpace
    /// 169.254.0.0/16 (cloud metadata services live here), fe80::/10.
    case linkLocal
    /// 192.0.0.0/24 (RFC 6890).
    case protocolAssignments
    /// 198.18.0.0/15 (RFC 2544).
    case benchmarking
    /// fec0::/10, deprecated but still routed inside some networks.
    case siteLocal
    /// fc00::/7 (RFC 4193): IPv6's private networks.
    case uniqueLocal
    /// 224.0.0.0/4, ff00::/8.
    case multicast
    /// 255.255.255.255.
    case broadcast
    /// 240.0.0.0/4, and `::/96`'s deprecated IPv4-compatible addresses, named by the block.
    case reserved(String)
    /// 64:ff9b:1::/48 (RFC 8215): a network's own NAT64 translator, which reaches the IPv4
    /// addresses behind it, private ones included, at a place in the address the network chooses.
    case localTranslation
    /// 2001::/32 (Teredo, RFC 4380): a tunnel to an IPv4 address hidden inside, inverted.
    case tunnel

    /// The range `address` is in, nil for a public address. An IPv6 address that carries an IPv4
    /// one the network delivers to (mapped, NAT64, 6to4) is in that IPv4 address's range.
    package static func of(_ address: OutboundAddress) -> OutboundAddressRange? {
        if let embedded = address.embeddedIPv4 { return of(embedded) }
        let b = address.bytes
        if b.count == 4 { return ipv4(b[0], b[1], b[2], b[3]) }
        return ipv6(b)
    }

    private static func ipv4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> OutboundAddressRange? {
        switch a {
        case 0: return .thisNetwork
        case 10: return .privateNetwork("10.0.0.0/8")
        case 100 where b & 0xC0 == 64: return .sharedAddressSpace
        case 127: return .loopback
        case 169 where b == 254: return .linkLocal
        case 172 where b & 0xF0 == 16: return .privateNetwork("172.16.0.0/12")
        case 192 where b == 0 && c == 0: return .protocolAssignments
        case 192 where b == 168: return .privateNetwork("192.168.0.0/16")
        case 198 where b & 0xFE == 18: return .benchmarking
        case 224...239: return .multicast
        case 255 where b == 255 && c == 255 && d == 255: return .broadcast
        case 240...255: return .reserved("240.0.0.0/4")
        default: return nil
        }
    }

    private static func ipv6(_ b: [UInt8]) -> OutboundAddressRange? {
        if b[0..<12].allSatisfy({ $0 == 0 }) {
            if b[12..<15].allSatisfy({ $0 == 0 }) {
                if b[15] == 0 { return .unspecified }
                if b[15] == 1 { return .loopback }
            }
            // Deprecated (RFC 4291 §2.5.5.1): nothing should answer there, and a stack that still
            // knew them would deliver to the IPv4 address inside.
            return .reserved("::/96")
        }
        if b.starts(with: [0, 0x64, 0xFF, 0x9B, 0, 1]) { return .localTranslation }
        if b.starts(with: [0x20, 0x01, 0, 0]) { return .tunnel }
        switch b[0] {
        case 0xFF: return .multicast
        case 0xFC, 0xFD: return .uniqueLocal
        case 0xFE where b[1] & 0xC0 == 0x80: return .linkLocal
        case 0xFE where b[1] & 0xC0 == 0xC0: return .siteLocal
        default: return nil
        }
    }

    /// Whether an operator can allow the range (`allowsPrivateAddresses`): a webhook receiver on
    /// the same machine or network (through its own translator too) is a real set-up; nothing
    /// sensible listens on the unspecified, multicast, broadcast or reserved addresses, and a
    /// tunnel's far end cannot be checked, so those stay refused.
    package var canBeAllowed: Bool {
        switch self {
        case .thisNetwork, .unspecified, .multicast, .broadcast, .reserved, .tunnel: return false
        case .loopback, .privateNetwork, .sharedAddressSpace, .linkLocal, .protocolAssignments, .benchmarking,
             .siteLocal, .uniqueLocal, .localTranslation: return true
        }
    }

    /// The range's name in messages: "loopback", "private (10.0.0.0/8)".
    package var description: String {
        switch self {
        case .thisNetwork: return "this-network (0.0.0.0/8)"
        case .unspecified: return "unspecified"
        case .loopback: return "loopback"
        case .privateNetwork(let block): return "private (\(block))"
        case .sharedAddressSpace: return "shared (100.64.0.0/10)"
        case .linkLocal: return "link-local"
        case .protocolAssignments: return "special-purpose (192.0.0.0/24)"
        case .benchmarking: return "benchmarking (198.18.0.0/15)"
        case .siteLocal: return "site-local"
        case .uniqueLocal: return "unique-local"
        case .multicast: return "multicast"
        case .broadcast: return "broadcast"
        case .reserved(let block): return "reserved (\(block))"
        case .localTranslation: return "local NAT64 (64:ff9b:1::/48)"
        case .tunnel: return "Teredo (2001::/32)"
        }
    }

    /// "a private address (10.0.0.0/8)", "an unspecified address": the name, in a sentence.
    package var phrase: String {
        let (adjective, block): (String, String?)
        switch self {
        case .thisNetwork: (adjective, block) = ("this-network", "0.0.0.0/8")
        case .privateNetwork(let range): (adjective, block) = ("private", range)
        case .sharedAddressSpace: (adjective, block) = ("shared", "100.64.0.0/10, carrier-grade NAT")
        case .protocolAssignments: (adjective, block) = ("special-purpose", "192.0.0.0/24")
        case .benchmarking: (adjective, block) = ("benchmarking", "198.18.0.0/15")
        case .reserved(let range): (adjective, block) = ("reserved", range)
        case .localTranslation: (adjective, block) = ("local NAT64", "64:ff9b:1::/48")
        case .tunnel: (adjective, block) = ("Teredo tunnel", "2001::/32")
        default: (adjective, block) = (description, nil)
        }
        // "unique" sounds as "you": the one adjective here whose vowel takes "a".
        let article = adjective.first.map { "aeiou".contains($0) } == true && !adjective.hasPrefix("uni") ? "an" : "a"
        return "\(article) \(adjective) address" + (block.map { " (\($0))" } ?? "")
    }
}
