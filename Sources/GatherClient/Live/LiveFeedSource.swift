import Foundation
import Networking

/// Where `gather watch` listens: a share link's event stream (anyone holding the link), or the
/// organiser's own (`/api/live/events`, with the saved session).
package struct LiveFeedSource: Hashable, Sendable {
    package let server: ServerAddress
    /// The stream's path on `server`.
    package let target: String
    /// The session's token, for the organiser's own stream.
    package let token: String?
    /// What the screen says it watches, never the link's secret part.
    package let label: String

    /// The organiser's own match, seen with their session: in the group chosen (`group`), else
    /// their own. The same stream says when answers and results change.
    package static func ownMatch(server: ServerAddress, token: String, group: UUID? = nil) -> LiveFeedSource {
        LiveFeedSource(server: server, target: GroupScope.path("/api/live/events", in: group), token: token,
                       label: (group == nil ? "your match" : "your group's match") + " on \(server.host)")
    }

    /// A share link as `gather share create` prints it: `https://host[:port][/prefix]/s/<token>`
    /// (any of its pages), or only its path `/s/<token>` on `server` (when the server does not
    /// know its public address, it hands out paths).
    package static func shareLink(_ text: String, server: ServerAddress) throws(ShareLinkError) -> LiveFeedSource {
        let trimmed = text.trimmingSpaces
        var address = server
        var path = Substring(trimmed)
        if let schemeEnd = trimmed.range(of: "://") {
            let authorityEnd = trimmed[schemeEnd.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? trimmed.endIndex
            do {
                address = try ServerAddress(url: String(trimmed[..<authorityEnd]))
            } catch {
                throw ShareLinkError(text: text, problem: error.message)
            }
            path = trimmed[authorityEnd...]
        }
        // A query or fragment (a chat app's tracking, say) is not part of the page's path.
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), let share = segments.lastIndex(of: "s").flatMap({ index -> Int? in
            index + 1 < segments.endIndex && isToken(segments[index + 1]) ? index : nil
        }) else {
            throw ShareLinkError(text: text, problem: "that is not a share link (they look like https://host/s/ and 43 letters and digits)")
        }
        let page = "/" + segments[...(share + 1)].joined(separator: "/")
        let prefix = segments[..<share].joined(separator: "/")
        return LiveFeedSource(server: address, target: page + "/events", token: nil,
                              label: "a share link on \(address.host)\(prefix.isEmpty ? "" : "/" + prefix)")
    }

    /// A share token: 43 characters of base64url.
    private static func isToken(_ segment: Substring) -> Bool {
        segment.utf8.count == 43 && segment.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"): return true
            default: return false
            }
        }
    }
}

/// A `gather watch` argument that is not a share link.
package struct ShareLinkError: Error, Equatable, CustomStringConvertible {
    package let text: String
    package let problem: String

    package var description: String { "\"\(text)\": \(problem)" }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
