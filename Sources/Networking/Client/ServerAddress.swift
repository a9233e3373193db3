/// Where a server is: `http://host:port`. Only plain HTTP; put TLS in front with a proxy.
/// Used by the terminal client and by `fg-server healthcheck`.
public struct ServerAddress: Hashable, Sendable, CustomStringConvertible {
    public let host: String
    public let port: Int

    public static let defaultURL = "http://127.0.0.1:8080"

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `http://host[:port][/]`; IPv6 hosts in brackets.
    public init(url: String) throws(ServerAddressError) {
        var rest = Substring(url)
        while let first = rest.first, first == " " || first == "\t" { rest.removeFirst() }
        while let last = rest.last, last == " " || last == "\t" { rest.removeLast() }
        guard rest.lowercased().hasPrefix("http://") else {
            throw ServerAddressError("server URL must start with http:// (got \"\(url)\")")
        }
        rest = rest.dropFirst("http://".count)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, !rest.contains("/"), !rest.contains("?") else {
            throw ServerAddressError("server URL must be http://host[:port] (got \"\(url)\")")
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
        var port = 80
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else {
                throw ServerAddressError("port must be 1–65535 in \"\(url)\"")
            }
            port = value
        }
        self.init(host: String(host), port: port)
    }

    public var description: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }
}

public struct ServerAddressError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
