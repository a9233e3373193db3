/// The shape a fixture's map link must have, read byte by byte: `http://` or `https://` (any case),
/// a host name of letters, digits, dots and hyphens that starts and ends with a letter or digit, an
/// optional `:port`, then optionally a path, query or fragment (from the first `/`, `?` or `#`) of
/// printable ASCII. No user name, no IP literal in brackets, nothing a reader of the link could be
/// fooled by or a parser could choke on. docs/openapi.yaml's `MapLink` pattern says the same.
package enum MapLinkShape {
    package static let hostMaximumBytes = 253
    package static let restMaximumBytes = 1700

    package static func accepts(_ link: String) -> Bool {
        let bytes = Substring(link).utf8
        let lowered = link.lowercased()
        let schemeLength = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : 0
        guard schemeLength > 0 else { return false }
        let afterScheme = bytes.dropFirst(schemeLength)
        let authority = afterScheme.prefix { !startsRest($0) }
        let rest = afterScheme.dropFirst(authority.count)
        let host = authority.prefix { $0 != UInt8(ascii: ":") }
        let port = authority.dropFirst(host.count)
        return isHost(host) && isPort(port) && isRest(rest)
    }

    private static func startsRest(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func isHost(_ host: Substring.UTF8View) -> Bool {
        guard let first = host.first, let last = host.last, host.count <= hostMaximumBytes,
              isLetterOrDigit(first), isLetterOrDigit(last) else { return false }
        return host.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    private static func isPort(_ port: Substring.UTF8View) -> Bool {
        guard let colon = port.first else { return true }
        let digits = port.dropFirst()
        return colon == UInt8(ascii: ":") && (1...5).contains(digits.count)
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isRest(_ rest: Substring.UTF8View) -> Bool {
        rest.count <= restMaximumBytes && rest.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
