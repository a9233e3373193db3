import Networking
import Foundation
import Glibc

/// The saved session and remembered username, in `$XDG_CONFIG_HOME/football-gather/` (else
/// `~/.config/football-gather/`). Files are created with mode 0600: the token is a credential.
public struct SessionStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The directory the environment points to.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("football-gather")
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".config").appendingPathComponent("football-gather")
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
        try writePrivately(data, to: sessionFile)
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
        try writePrivately(Data(username.utf8), to: usernameFile)
    }

    /// Writes through a temporary file created 0600 and renamed into place: never readable by
    /// others, never half-written.
    private func writePrivately(_ data: Data, to file: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let temporary = file.path + ".tmp"
        // A leftover temporary file (or a link planted there) must not lend us its permissions.
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SessionStoreError(path: temporary, code: errno) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let failure = written == data.count ? 0 : errno
        close(fd)
        guard failure == 0, rename(temporary, file.path) == 0 else {
            unlink(temporary)
            throw SessionStoreError(path: file.path, code: failure == 0 ? errno : failure)
        }
    }
}

public struct SessionStoreError: Error, CustomStringConvertible {
    let path: String
    public let code: Int32
    public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
}
