import Foundation
import GatherDomain
import Networking

/// A share link as it is sent to friends: always a whole address, even from a server that does
/// not know its public address (then it answers a path, read against the address this client
/// reached it at).
package struct ShareLink: Hashable, Sendable {
    package let share: Share
    /// The page's path on the server.
    package let path: String
    package let url: String

    package init(_ created: CreatedShare, server: ServerAddress) {
        share = created.share
        path = created.path
        url = created.url.hasPrefix("/") ? server.description + created.url : created.url
    }

    /// As the server answers it, with the whole link.
    package var created: CreatedShare { CreatedShare(share: share, path: path, url: url) }
}
