import Foundation
import GatherCore

/// The roster as last loaded, so that teams can be picked and a match played while the server
/// cannot be reached (its result then waits in the journal).
public protocol RosterCache: Sendable {
    func load() -> [Player]?
    func save(_ players: [Player])
    /// Forgets it (on logout: the roster is the account's).
    func remove()
}

/// `roster.json` in the client's config directory, for one account on one server: the player
/// ids mean something only there.
public struct RosterCacheFile: RosterCache {
    private let file: PrivateFile
    private let server: String
    private let userID: UUID

    public init(directory: URL, server: String, userID: UUID) {
        file = PrivateFile(directory.appendingPathComponent("roster.json"))
        self.server = server
        self.userID = userID
    }

    private struct Document: Codable {
        var server: String
        var userID: UUID
        var players: [Player]
    }

    public func load() -> [Player]? {
        guard let data = file.read(), let document = try? JSONDecoder().decode(Document.self, from: data),
              document.server == server, document.userID == userID else { return nil }
        return document.players
    }

    public func remove() {
        file.remove()
    }

    /// Best effort: without a cache the list still works online; a failure costs only offline play.
    public func save(_ players: [Player]) {
        guard let data = try? JSONEncoder().encode(Document(server: server, userID: userID, players: players)) else { return }
        try? file.write(data)
    }
}
