import Foundation
import GatherDomain
import Networking

/// The saved session and remembered username, in the client's `ConfigDirectory`. Files are
/// created with mode 0600: the token is a credential.
package struct SessionStore: Sendable {
    package let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    /// The session and the server it belongs to; after a logout the server alone, so the next
    /// login goes back to it.
    private struct SavedSession: Codable {
        var server: String
        var session: Session?
        /// The CA file the session was made with, to reach its server again without `--ca-file`.
        var caFile: String?
    }

    private var sessionFile: URL { directory.appendingPathComponent("session.json") }
    private var usernameFile: URL { directory.appendingPathComponent("username") }

    /// The session saved for this server, if any.
    package func session(for server: ServerAddress) -> Session? {
        guard let data = try? Data(contentsOf: sessionFile),
              let saved = try? JSONDecoder().decode(SavedSession.self, from: data),
              saved.server == server.description else { return nil }
        return saved.session
    }

    package func save(_ session: Session, for server: ServerAddress, caFile: String? = nil) throws {
        let data = try JSONEncoder().encode(SavedSession(server: server.description, session: session, caFile: caFile))
        try PrivateFile(sessionFile).write(data)
    }

    /// The server the saved session belongs to and the CA file it was made with: where a command
    /// goes when nothing else names a server.
    package var sessionSettings: [ClientSetting: String] {
        guard let data = try? Data(contentsOf: sessionFile), let saved = try? JSONDecoder().decode(SavedSession.self, from: data) else {
            return [:]
        }
        var settings: [ClientSetting: String] = [.server: saved.server]
        settings[.caFile] = saved.caFile
        return settings
    }

    /// Forgets the session (its token); the server and CA file it was made with stay remembered.
    package func clearSession() {
        guard let data = try? Data(contentsOf: sessionFile) else { return }
        guard var saved = try? JSONDecoder().decode(SavedSession.self, from: data) else {
            // Unreadable: whatever it holds may be a token, and must go.
            try? FileManager.default.removeItem(at: sessionFile)
            return
        }
        guard saved.session != nil else { return }
        saved.session = nil
        do {
            try PrivateFile(sessionFile).write(try JSONEncoder().encode(saved))
        } catch {
            // The token must not stay behind: without the server is better than with the token.
            try? FileManager.default.removeItem(at: sessionFile)
        }
    }

    /// The group chosen with `gather group switch`, for one account on one server: what the client's
    /// requests act on (`APIClient.group`); none, the account's own.
    package struct GroupChoice: Codable, Equatable, Sendable {
        package var server: String
        package var userID: UUID
        package var groupID: UUID
        package var name: String
        /// The account's role there when it was chosen, by name (none in a choice kept before roles were noted).
        private var roleName: String?

        enum CodingKeys: String, CodingKey { case server, userID, groupID, name, roleName = "role" }

        package init(server: String, userID: UUID, groupID: UUID, name: String, role: GroupRole? = nil) {
            self.server = server
            self.userID = userID
            self.groupID = groupID
            self.name = name
            self.roleName = role?.rawValue
        }

        package var role: GroupRole? { roleName.flatMap(GroupRole.init(rawValue:)) }

        /// How the title bar names it: a viewer is told up front that the group reads only.
        package var label: String {
            role == .viewer ? "\(name) · read-only" : name
        }
    }

    private var groupFile: URL { directory.appendingPathComponent("group.json") }

    /// The group chosen for this account on this server, if any.
    package func chosenGroup(for server: ServerAddress, userID: UUID) -> GroupChoice? {
        guard let data = PrivateFile(groupFile).read(), let choice = try? JSONDecoder().decode(GroupChoice.self, from: data),
              choice.server == server.description, choice.userID == userID else { return nil }
        return choice
    }

    /// Chooses a group (nil: back to the account's own).
    package func choose(_ choice: GroupChoice?) throws {
        guard let choice else {
            try? FileManager.default.removeItem(at: groupFile)
            return
        }
        try PrivateFile(groupFile).write(try JSONEncoder().encode(choice))
    }

    package var rememberedUsername: String? {
        guard let data = try? Data(contentsOf: usernameFile) else { return nil }
        let name = String(decoding: data, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    package func remember(username: String?) throws {
        guard let username, !username.isEmpty else {
            try? FileManager.default.removeItem(at: usernameFile)
            return
        }
        try PrivateFile(usernameFile).write(Data(username.utf8))
    }
}
