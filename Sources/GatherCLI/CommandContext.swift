import Arguments
import Foundation
import GatherClient
import GatherDomain
import GatherWire
import Networking

/// What every command works with: the server (from --server or FG_SERVER_URL, as in the TUI),
/// the API client, the saved session or an API token, and the console.
struct CommandContext {
    let command: ParsedCommand
    let console: Console
    let client: APIClient
    let sessions: ServerSessionStore
    /// The server, certificate and timeout settings the client was made with.
    let settings: ConnectionSettings
    /// The client's own files (`ConfigDirectory`).
    let configDirectory: URL
    /// An API token for scripts (`--token-file`, else `FG_TOKEN`): commands act with it instead of
    /// the saved session, on its account's own group.
    let apiToken: String?

    init(command: ParsedCommand, environment: [String: String], console: Console) throws {
        let config = ConfigDirectory.prepare(environment: environment)
        if let problem = config.problem { console.error("warning: \(problem)") }
        let stored = StoredSettings.load(directory: config.directory)
        let flags = CommandContext.settingFlags(of: command)
        let settings = try ClientCommandLine.settings(flags: flags, insecure: command.has("--insecure"), environment: environment,
                                                      stored: stored)
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
        configDirectory = config.directory
        self.settings = settings
        client = APIClient(address: settings.server, timeout: settings.timeout, tls: tls)
        sessions = ServerSessionStore(store: SessionStore(directory: config.directory), server: settings.server,
                                      caFile: settings.caFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        let output = stored.resolve(.output, flags: flags, environment: environment)
        guard let format = output.map({ $0.value.lowercased() }), ["table", "json"].contains(format) else {
            throw CommandFailure.usage("output must be table or json (got \"\(output?.value ?? "")\" from \(output?.origin.description ?? "nowhere"))")
        }
        wantsJSON = command.has("--json") || format == "json"
        apiToken = try CommandContext.apiToken(file: command.value("--token-file"), environment: environment, console: console)
    }

    /// The token of `--token-file PATH` (its first line), else of `FG_TOKEN`; warns when the file
    /// can be read by others, as ssh does for a key.
    private static func apiToken(file path: String?, environment: [String: String], console: Console) throws -> String? {
        guard let path else {
            guard let token = environment["FG_TOKEN"].map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }), !token.isEmpty else {
                return nil
            }
            guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw CommandFailure.usage("FG_TOKEN holds characters no token has: put the token of gather token create in it, alone")
            }
            return token
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure.usage("cannot read the token file \(path): \(error.localizedDescription)")
        }
        let token = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !token.isEmpty else { throw CommandFailure.usage("the token file \(path) is empty: put the token of gather token create in it") }
        guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw CommandFailure.usage("the token file \(path) holds characters no token has: put the token of gather token create in it, alone")
        }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o077 != 0 {
            console.error("warning: \(path) can be read by others (mode \(String(mode & 0o777, radix: 8))); chmod 600 it")
        }
        return token
    }

    /// Puts the credential on the client: the API token when there is one (acting on its
    /// account's own group), else the saved session and the group chosen with `gather group switch`;
    /// neither is exit 4.
    func authorize() throws {
        guard let apiToken else {
            _ = try requireSession()
            return
        }
        client.bearerToken = apiToken
        client.group = nil
    }

    /// `--json`, or `output = json` in the environment (`FG_OUTPUT`) or the settings file.
    let wantsJSON: Bool

    /// The settings the command line gives for this run (`--server`, `--ca-file`, `--timeout`, `--json`).
    static func settingFlags(of command: ParsedCommand) -> [ClientSetting: String] {
        var flags: [ClientSetting: String] = [:]
        for setting in [ClientSetting.server, .caFile, .timeout] { flags[setting] = command.value(setting.flag) }
        if command.has("--json") { flags[.output] = "json" }
        return flags
    }

    /// Puts the saved session's token on the client, and the group chosen with `gather group switch`
    /// (the account's own if none); not logged in is exit 4. For what only a login may do (API
    /// tokens, choosing a group): with an API token given, it says so rather than mixing the two.
    func requireSession() throws -> Session {
        if apiToken != nil {
            throw CommandFailure(code: .notLoggedIn, message: "gather \(command.spec.name) needs a login session (gather login), "
                                 + "not an API token (FG_TOKEN or --token-file)")
        }
        guard let session = sessions.savedSession() else {
            throw CommandFailure(code: .notLoggedIn, message: "not logged in to \(client.address): run gather login")
        }
        client.bearerToken = session.token
        client.group = chosenGroup(of: session)?.groupID
        return session
    }

    /// The account acting: the saved session's, or the one an API token belongs to (asked of the server).
    func accountID() async throws -> UUID {
        guard apiToken != nil else { return try requireSession().userID }
        return try await client.request(.get, "/api/users/me", as: User.self).id
    }

    /// The group chosen for this account on this server, if any.
    func chosenGroup(of session: Session) -> SessionStore.GroupChoice? {
        sessions.store.chosenGroup(for: client.address, userID: session.userID)
    }

    func printJSON<Value: Encodable>(_ value: Value) {
        console.line(String(decoding: WireFormat.encode(value), as: UTF8.self))
    }

    /// A table fitted to the terminal's width, else to 80 columns (names cut, never numbers);
    /// `--wide`: everything, however wide.
    func printTable(_ table: Table) {
        let width = command.has("--wide") ? nil : (console.isTerminal ? console.width : Table.plainWidth)
        for (index, line) in table.lines(width: width).enumerated() {
            console.line(index == 0 ? console.heading(line) : line)
        }
    }

    /// The CSV separator `--delimiter` names (a comma without it).
    func csvSeparator() throws -> Character {
        do {
            return try CSVRecords.separator(named: command.value("--delimiter"))
        } catch {
            throw CommandFailure.usage("--delimiter must be , ; or tab (got \"\(error.given)\")")
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

    func gatherID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw CommandFailure.usage("\"\(text)\" is not a gather id (a UUID)") }
        return id
    }
}
