/// Where people reach this server from outside (`--public-url`), the beginning of every share
/// link it hands out: behind a proxy or a port mapping the server cannot know it by itself.
/// `https://football.example.org` or with a path prefix, `https://example.org/football`.
package struct PublicURL: Hashable, Sendable, CustomStringConvertible {
    /// Without a trailing slash, so a path is appended as it is.
    package let description: String

    package init(_ text: String) throws(ConfigurationError) {
        var text = Substring(text)
        while text.hasSuffix("/") { text = text.dropLast() }
        let lowered = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lowered.hasPrefix($0) }) else {
            throw ConfigurationError("--public-url must start with https:// or http:// (got \"\(text)\")")
        }
        let rest = text.dropFirst(scheme.count)
        guard let host = rest.split(separator: "/", omittingEmptySubsequences: false).first, !host.isEmpty else {
            throw ConfigurationError("--public-url needs a host, as in https://football.example.org")
        }
        // What follows goes into links people tap and pages' markup: printable ASCII only, and
        // nothing that would end the address early.
        guard rest.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "<")
                                         && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "\\") }),
              !rest.contains("?"), !rest.contains("#") else {
            throw ConfigurationError("--public-url must be scheme://host[:port][/path] without spaces, query or fragment (got \"\(text)\")")
        }
        description = String(text)
    }

    /// The link to a path on this server, `path` starting with `/`.
    package func link(to path: String) -> String { description + path }
}
