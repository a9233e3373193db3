import GatherText
/// The links a channel is given: its URL (where messages go) and the link its messages carry.
package enum ChannelLink {
    package static let maximumBytes = 2000

    /// `http://` or `https://`, printable ASCII without spaces, at most `maximumBytes`: the shape
    /// only. Whether the server may send there (its scheme and address) is the server's to say.
    package static func checked(_ text: String, field: String) throws(ValidationError) -> String {
        let link = text.trimmingSpaces
        let lowered = link.lowercased()
        let scheme = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : 0
        guard scheme > 0, link.utf8.count > scheme, link.utf8.count <= maximumBytes, link.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw ValidationError(field: field, message: "must be an http:// or https:// link of at most \(maximumBytes) characters")
        }
        return link
    }

    /// Scheme and host (and port) of `url`, with `/…` where a path or query was: what may be shown
    /// of a chat webhook's URL, whose path is the secret that lets anyone post to the chat.
    package static func withoutPath(_ url: String) -> String {
        let lowered = url.lowercased()
        let schemeLength = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : 0
        guard schemeLength > 0 else { return "…" }
        let afterScheme = url.dropFirst(schemeLength)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // A user name or password before the host is as secret as the path.
        let host = authority.split(separator: "@").last.map(String.init) ?? ""
        let cut = authority.count < afterScheme.count || authority.contains("@")
        return url.prefix(schemeLength) + host + (cut ? "/…" : "")
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
