import Foundation
import GatherServer

/// A real gather-server on port 0 in a directory of its own (its database, and a config directory
/// for `gather`), its fixtures in UTC: what the command line and the terminal tests run against.
final class LocalServer {
    let server: FootballGatherServer
    let directory: URL
    var url: String { "http://127.0.0.1:\(server.port ?? 0)" }

    init(name: String, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("\(name).sqlite").path
        configuration.quiet = true
        configuration.timeZone = "UTC"
        configure(&configuration)
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        try server.start()
    }

    /// `gather` as a script runs it against this server, with its config directory.
    func commandLine(timeZone: String = "Europe/Madrid") -> GatherCommandLine {
        GatherCommandLine(url: url, configDirectory: directory.appendingPathComponent("config"), timeZone: timeZone)
    }

    func stop() {
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }
}
