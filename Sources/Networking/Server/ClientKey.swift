import Glibc

/// The key a client is counted by wherever something is bounded per client (GatherServer's login
/// throttle, registration limit and hashing allowance; the server's connections per address): its
/// IPv4 address, or the /64 network of an IPv6 address (one host usually has a whole /64 to
/// itself, so counting single IPv6 addresses would let it rotate freely). An IPv4-mapped IPv6
/// address counts as its IPv4 address; anything else unchanged. Here, below both, so that there is
/// one definition of "the same client".
package enum ClientKey {
    package static func of(_ client: String) -> String {
        var address = in6_addr()
        let text = client.split(separator: "%", maxSplits: 1).first.map(String.init) ?? client
        guard inet_pton(AF_INET6, text, &address) == 1 else { return client }
        var bytes = withUnsafeBytes(of: &address) { Array($0) }
        let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        if Array(bytes[0..<12]) == mappedPrefix {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        for index in 8..<16 { bytes[index] = 0 }
        var network = in6_addr()
        withUnsafeMutableBytes(of: &network) { $0.copyBytes(from: bytes) }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &network, &buffer, socklen_t(buffer.count)) != nil else { return client }
        let prefix = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return prefix + "/64"
    }
}
