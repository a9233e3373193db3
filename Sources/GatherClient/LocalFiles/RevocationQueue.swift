import Foundation

/// Tokens logged out while the server could not be reached: still valid there, so they are kept
/// (readable only by the user, like the session) and revoked the next time the server answers.
package protocol RevocationQueue: Sendable {
    func tokens(for server: String) -> [String]
    func add(_ token: String, for server: String) throws
    func remove(_ token: String)
}

/// `revoke-later.json` in the client's config directory.
package struct RevocationQueueFile: RevocationQueue {
    private let file: PrivateFile

    package init(directory: URL) {
        file = PrivateFile(directory.appendingPathComponent("revoke-later.json"))
    }

    private struct Entry: Codable, Equatable {
        var server: String
        var token: String
    }

    private var entries: [Entry] {
        file.read().flatMap { try? JSONDecoder().decode([Entry].self, from: $0) } ?? []
    }

    package func tokens(for server: String) -> [String] {
        entries.filter { $0.server == server }.map(\.token)
    }

    package func add(_ token: String, for server: String) throws {
        let entries = entries
        guard !entries.contains(Entry(server: server, token: token)) else { return }
        try file.write(JSONEncoder().encode(entries + [Entry(server: server, token: token)]))
    }

    package func remove(_ token: String) {
        let remaining = entries.filter { $0.token != token }
        if remaining.isEmpty {
            file.remove()
        } else if let data = try? JSONEncoder().encode(remaining) {
            try? file.write(data)
        }
    }
}
