import Foundation
import GatherDomain
import Networking

/// The group choice kept beside the session (`SessionStore`'s `group.json`), for one server.
@MainActor
package final class SessionStoreGroupChooser: GroupChooser {
    private let store: SessionStore
    private let server: ServerAddress

    package init(store: SessionStore, server: ServerAddress) {
        self.store = store
        self.server = server
    }

    package func chosenGroup(for userID: UUID) -> UUID? {
        store.chosenGroup(for: server, userID: userID)?.groupID
    }

    package func choose(_ group: GroupSummary, for userID: UUID) throws {
        try store.choose(group.isOwn ? nil : SessionStore.GroupChoice(server: server.description, userID: userID, groupID: group.id,
                                                                      name: group.name, role: group.role))
    }
}
