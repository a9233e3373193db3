/// Where a server is: `https://host:port` or `http://host:port`. Used by the terminal client and
/// by `gather-server healthcheck`.
package struct ServerAddress: Hashable, Sendable, CustomStringConvertible {
    package enum Scheme: String, Sendable {
        case http, https

        var defaultPort: Int { self == .https ? 443 : 80 }
    }

    package let scheme: Scheme
    package let host: String
    package let port: Int

    package static let defaultURL = "http://127.0.0.1:8080"

    package init(host: String, port: Int, scheme: Scheme = .http) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// Parses `https://host[:port][/]` or `http://…`; IPv6 hosts in brackets; the port defaults
    /// to the scheme's (443, 80).
    package init(url: String) throws(ServerAddressError) {
        var rest = Substring(url)
        while let first = rest.first, first == " " || first == "\t" { rest.removeFirst() }
        while let last = rest.last, last == " " || last == "\t" { rest.removeLast() }
        let scheme: Scheme
        if rest.lowercased().hasPrefix("https://") {
            scheme = .https
        } else if rest.lowercased().hasPrefix("http://") {
            scheme = .http
        } else {
            throw ServerAddressError("server URL must start with https:// or http:// (got \"\(url)\")")
        }
        rest = rest.dropFirst(scheme.rawValue.count + 3)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, !rest.contains("/"), !rest.contains("?") else {
            throw ServerAddressError("server URL must be \(scheme.rawValue)://host[:port] (got \"\(url)\")")
        }
        var host: Substring
        var portText: Substring?
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { throw ServerAddressError("unclosed [ in \"\(url)\"") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw ServerAddressError("unexpected text after ] in \"\(url)\"") }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty else { throw ServerAddressError("missing host in \"\(url)\"") }
        var port = scheme.defaultPort
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else {
                throw ServerAddressError("port must be 1–65535 in \"\(url)\"")
            }
            port = value
        }
        self.init(host: String(host), port: port, scheme: scheme)
    }

    package var description: String {
        host.contains(":") ? "\(scheme.rawValue)://[\(host)]:\(port)" : "\(scheme.rawValue)://\(host):\(port)"
    }

    /// This machine: `localhost`, 127.0.0.0/8 or ::1. Plain HTTP there never crosses a network.
    package var isLoopback: Bool {
        let name = host.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

package struct ServerAddressError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
