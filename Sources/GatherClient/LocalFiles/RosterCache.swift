import Foundation
import GatherDomain

/// What the roster screen keeps on this computer for one account: the roster as last loaded, so
/// that teams can be picked and a match played while the server cannot be reached (its result
/// then waits in the journal), and who is picked, so that picks survive a restart.
package protocol RosterCache: Sendable {
    func load() -> [Player]?
    func save(_ players: [Player])
    func loadPicks() -> Picks?
    func savePicks(_ picks: Picks)
    /// Forgets both (on logout: they are the account's).
    func remove()
}

/// Who is picked to play, and who played the last match confirmed (`p` picks them again).
package struct Picks: Equatable, Sendable, Codable {
    package var selected: Set<Int>
    package var lastMatch: Set<Int>

    package init(selected: Set<Int>, lastMatch: Set<Int>) {
        self.selected = selected
        self.lastMatch = lastMatch
    }
}

/// `roster.json` in the client's config directory, for one account's group on one server: the
/// player ids mean something only there.
package struct RosterCacheFile: RosterCache {
    private let file: PrivateFile
    private let picksFile: PrivateFile
    private let writer = FileWriter.shared
    private let server: String
    private let userID: UUID
    /// Nil: the account's own group (and a file written before groups, which held only that one).
    private let groupID: UUID?

    package init(directory: URL, server: String, userID: UUID) {
        self.init(directory: directory, server: server, userID: userID, groupID: nil)
    }

    package init(directory: URL, server: String, userID: UUID, groupID: UUID?) {
        file = PrivateFile(directory.appendingPathComponent("roster.json"))
        picksFile = PrivateFile(directory.appendingPathComponent("picks.json"))
        self.server = server
        self.userID = userID
        self.groupID = groupID == userID ? nil : groupID
    }

    private struct Document: Codable {
        var server: String
        var userID: UUID
        var groupID: UUID?
        var players: [Player]
    }

    package func load() -> [Player]? {
        writer.finish()
        guard let data = file.read(), let document = try? JSONDecoder().decode(Document.self, from: data),
              document.server == server, document.userID == userID, document.groupID == groupID else { return nil }
        return document.players
    }

    package func remove() {
        writer.remove(file)
        writer.remove(picksFile)
    }

    private struct PicksDocument: Codable {
        var server: String
        var userID: UUID
        var groupID: UUID?
        var picks: Picks
    }

    package func loadPicks() -> Picks? {
        writer.finish()
        guard let data = picksFile.read(), let document = try? JSONDecoder().decode(PicksDocument.self, from: data),
              document.server == server, document.userID == userID, document.groupID == groupID else { return nil }
        return document.picks
    }

    /// Best effort, and not flushed: written on every pick, and losing the last one costs a key press.
    package func savePicks(_ picks: Picks) {
        guard let data = try? JSONEncoder().encode(PicksDocument(server: server, userID: userID, groupID: groupID, picks: picks)) else { return }
        writer.write(data, to: picksFile, durable: false)
    }

    /// Best effort: without a cache the list still works online; a failure costs only offline play.
    /// Written and flushed off the caller's thread (`FileWriter`).
    package func save(_ players: [Player]) {
        guard let data = try? JSONEncoder().encode(Document(server: server, userID: userID, groupID: groupID, players: players)) else { return }
        writer.write(data, to: file, durable: true)
    }
}
