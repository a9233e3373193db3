import Networking
import Foundation

/// The saved session and remembered username, in the client's `ConfigDirectory`. Files are
/// created with mode 0600: the token is a credential.
public struct SessionStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    private struct SavedSession: Codable {
        var server: String
        var session: Session
    }

    private var sessionFile: URL { directory.appendingPathComponent("session.json") }
    private var usernameFile: URL { directory.appendingPathComponent("username") }

    /// The session saved for this server, if any.
    public func session(for server: ServerAddress) -> Session? {
        guard let data = try? Data(contentsOf: sessionFile),
              let saved = try? JSONDecoder().decode(SavedSession.self, from: data),
              saved.server == server.description else { return nil }
        return saved.session
    }

    public func save(_ session: Session, for server: ServerAddress) throws {
        let data = try JSONEncoder().encode(SavedSession(server: server.description, session: session))
        try PrivateFile(sessionFile).write(data)
    }

    public func clearSession() {
        try? FileManager.default.removeItem(at: sessionFile)
    }

    public var rememberedUsername: String? {
        guard let data = try? Data(contentsOf: usernameFile) else { return nil }
        let name = String(decoding: data, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    public func remember(username: String?) throws {
        guard let username, !username.isEmpty else {
            try? FileManager.default.removeItem(at: usernameFile)
            return
        }
        try PrivateFile(usernameFile).write(Data(username.utf8))
    }
}
