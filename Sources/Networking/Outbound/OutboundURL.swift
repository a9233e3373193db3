/// An address an outbound request goes to: `https://host[:port][/path][?query]` (or `http://`).
/// Webhook addresses carry their secret in the path or the query (Discord's and Slack's tokens,
/// Telegram's bot token), so everything that describes one for a log or a message shows only
/// `scheme://host[:port]` (`redacted`, which is also its `description`).
package struct OutboundURL: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    package let scheme: ServerAddress.Scheme
    /// A name in lower case, or a numeric address in its usual text (IPv6 without brackets).
    package let host: String
    package let port: Int
    /// The path and query as sent in the request line; `/` when the address has neither.
    package let target: String

    /// Longer than any webhook address: beyond this the input is not one.
    static let maximumLength = 2048

    /// Parses `text`. The scheme is read in any case; a `#fragment` is dropped (it is never sent);
    /// refused: user info (`user:password@`), an empty host, a port outside 1–65535, spaces,
    /// control characters and characters outside ASCII (percent-encode them), an IPv6 address
    /// outside brackets or with a zone. No reason repeats the input, which may hold a secret.
    package init(_ text: String) throws(OutboundRefusal) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .malformedURL("it is empty") }
        guard bytes.count <= OutboundURL.maximumLength else {
            throw .malformedURL("it is longer than \(OutboundURL.maximumLength) characters")
        }
        if bytes.contains(where: { $0 == 0x20 || $0 == 0x09 }) { throw .malformedURL("it holds a space") }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { throw .malformedURL("it holds a control character") }
        if bytes.contains(where: { $0 > 0x7F }) {
            throw .malformedURL("it holds characters outside ASCII (percent-encode them, or use the name's xn-- form)")
        }
        guard let separator = bytes.firstRange(of: Array("://".utf8)),
              let scheme = ServerAddress.Scheme(rawValue: String(decoding: bytes[..<separator.lowerBound], as: UTF8.self).lowercased())
        else {
            throw .malformedURL("it must start with https:// or http://")
        }
        var rest = bytes[separator.upperBound...]
        // The fragment stays in the browser: never sent, and nothing after it is part of the request.
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let pathAndQuery = rest[authorityEnd...]
        if authority.contains(UInt8(ascii: "@")) {
            throw .malformedURL("a user name or password before the host (user@host) is not allowed")
        }
        let (host, port) = try OutboundURL.hostAndPort(authority, scheme: scheme)
        self.scheme = scheme
        self.host = host
        self.port = port
        if pathAndQuery.isEmpty {
            target = "/"
        } else if pathAndQuery.first == UInt8(ascii: "?") {
            target = "/" + String(decoding: pathAndQuery, as: UTF8.self)
        } else {
            target = String(decoding: pathAndQuery, as: UTF8.self)
        }
    }

    private static func hostAndPort(_ authority: ArraySlice<UInt8>, scheme: ServerAddress.Scheme) throws(OutboundRefusal) -> (String, Int) {
        let hostText: ArraySlice<UInt8>
        var portText: ArraySlice<UInt8>?
        let host: String
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { throw .malformedURL("an IPv6 address's [ is not closed") }
            hostText = authority[(authority.startIndex + 1)..<close]
            let after = authority[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { throw .malformedURL("unexpected text after an IPv6 address's ]") }
                portText = after.dropFirst()
            }
            guard !hostText.contains(UInt8(ascii: "%")) else { throw .malformedURL("an IPv6 zone (%) is not allowed") }
            guard let address = OutboundAddress(String(decoding: hostText, as: UTF8.self)), address.isIPv6 else {
                throw .malformedURL("what is inside [ ] is not an IPv6 address")
            }
            host = address.description
        } else {
            if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
                hostText = authority[..<colon]
                let afterColon = authority[(colon + 1)...]
                guard !afterColon.contains(UInt8(ascii: ":")) else {
                    throw .malformedURL("an IPv6 address must be written in brackets, as https://[2001:db8::1]/")
                }
                portText = afterColon
            } else {
                hostText = authority
            }
            guard !hostText.isEmpty else { throw .malformedURL("it has no host name") }
            let text = String(decoding: hostText, as: UTF8.self)
            if let address = OutboundAddress(text), !address.isIPv6 {
                // One spelling per address (`127.1` is 127.0.0.1): the one checked, sent and logged.
                host = address.description
            } else {
                host = try OutboundURL.checkedName(hostText)
            }
        }
        var port = scheme.defaultPort
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let value = Int(String(decoding: portText, as: UTF8.self)), (1...65535).contains(value) else {
                throw .malformedURL("the port must be a number from 1 to 65535")
            }
            port = value
        }
        return (host, port)
    }

    /// A DNS name: labels of letters, digits, `-` and `_`, separated by single dots, at most 253
    /// characters; in lower case, the form the certificate check and the `Host` header use.
    private static func checkedName(_ name: ArraySlice<UInt8>) throws(OutboundRefusal) -> String {
        guard name.count <= 253 else { throw .malformedURL("the host name is longer than 253 characters") }
        for label in name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !label.isEmpty else { throw .malformedURL("the host name has an empty part (two dots, or a dot at an end)") }
            guard label.count <= 63 else { throw .malformedURL("a part of the host name is longer than 63 characters") }
            let allowed = label.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"): return true
                default: return false
                }
            }
            guard allowed else { throw .malformedURL("the host name may hold only letters, digits, '-', '_' and dots") }
        }
        return String(decoding: name, as: UTF8.self).lowercased()
    }

    /// `scheme://host[:port]`, and `/…` when there is a path or query: safe for logs and
    /// messages, since it never shows the path or query that may hold the webhook's secret.
    package var redacted: String {
        "\(scheme.rawValue)://\(hostHeader)" + (target == "/" ? "" : "/…")
    }

    package var description: String { redacted }
    package var debugDescription: String { redacted }

    /// The `Host` header: the host (an IPv6 address in brackets), with `:port` when not the scheme's.
    package var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == scheme.defaultPort ? name : "\(name):\(port)"
    }

    /// The host when it is a numeric address, checked without asking DNS.
    package var literalAddress: OutboundAddress? {
        OutboundAddress(host)
    }

    /// The whole address, secret included: to store or to send, never to log or show.
    package var absoluteString: String {
        "\(scheme.rawValue)://\(hostHeader)\(target)"
    }
}
