import Arguments
import Foundation
import GatherClient
import GatherCore
import Networking

/// What every command works with: the server (from --server or FG_SERVER_URL, as in the TUI),
/// the API client, the saved session, and the console.
struct CommandContext {
    let command: ParsedCommand
    let console: Console
    let client: APIClient
    let sessions: ServerSessionStore
    /// The server, certificate and timeout settings the client was made with.
    let settings: ConnectionSettings

    init(command: ParsedCommand, environment: [String: String], console: Console) throws {
        var arguments: [String] = []
        if let server = command.value("--server") { arguments += ["--server", server] }
        if let caFile = command.value("--ca-file") { arguments += ["--ca-file", caFile] }
        if command.has("--insecure") { arguments.append("--insecure") }
        if let timeout = command.value("--timeout") { arguments += ["--timeout", timeout] }
        guard case .run(let settings) = try ClientCommandLine.parse(arguments: arguments, environment: environment) else {
            throw CommandFailure.usage("cannot read the server settings")
        }
        var tls: TLSClientContext?
        if settings.server.scheme == .https {
            do {
                tls = try TLSClientContext(caFile: settings.caFile, verifies: !settings.insecure)
            } catch {
                throw CommandFailure.usage(error.description)
            }
        }
        if let warning = settings.securityWarning { console.error("warning: \(warning)") }
        self.command = command
        self.console = console
        self.settings = settings
        client = APIClient(address: settings.server, timeout: settings.timeout, tls: tls)
        let config = ConfigDirectory.prepare(environment: environment)
        if let problem = config.problem { console.error("warning: \(problem)") }
        sessions = ServerSessionStore(store: SessionStore(directory: config.directory), server: settings.server)
    }

    var wantsJSON: Bool { command.has("--json") }

    /// Puts the saved session's token on the client, and the group chosen with `gather group switch`
    /// (the account's own if none); not logged in is exit 4.
    func requireSession() throws -> Session {
        guard let session = sessions.savedSession() else {
            throw CommandFailure(code: .notLoggedIn, message: "not logged in to \(client.address): run gather login")
        }
        client.bearerToken = session.token
        client.group = chosenGroup(of: session)?.groupID
        return session
    }

    /// The group chosen for this account on this server, if any.
    func chosenGroup(of session: Session) -> SessionStore.GroupChoice? {
        sessions.store.chosenGroup(for: client.address, userID: session.userID)
    }

    func printJSON<Value: Encodable>(_ value: Value) {
        console.line(String(decoding: WireFormat.encode(value), as: UTF8.self))
    }

    func printTable(_ table: Table) {
        for (index, line) in table.lines(width: console.isTerminal ? console.width : nil).enumerated() {
            console.line(index == 0 ? console.heading(line) : line)
        }
    }

    /// A whole-number argument, or a usage error naming it.
    func integer(_ text: String, name: String, range: ClosedRange<Int>? = nil) throws -> Int {
        guard let value = Int(text), range?.contains(value) ?? true else {
            let bounds = range.map { " from \($0.lowerBound) to \($0.upperBound)" } ?? ""
            throw CommandFailure.usage("\(name) must be a whole number\(bounds) (got \"\(text)\")")
        }
        return value
    }

    /// Comma-separated player ids.
    func ids(_ text: String, name: String) throws -> [Int] {
        try text.split(separator: ",").map { try integer($0.trimmingCharacters(in: .whitespaces), name: name) }
    }

    func gatherID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw CommandFailure.usage("\"\(text)\" is not a gather id (a UUID)") }
        return id
    }
}
