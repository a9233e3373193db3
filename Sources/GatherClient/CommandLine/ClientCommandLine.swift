import Arguments
import GatherDomain
import Networking

/// What `gather` is asked to do.
package enum ClientCommand: Equatable, Sendable {
    /// Open the terminal app against this server.
    case run(ConnectionSettings)
    case help
    case version
}

/// Which server, and how its certificate is checked.
package struct ConnectionSettings: Equatable, Sendable {
    package var server: ServerAddress
    /// A private CA's certificate (PEM), trusted besides the system's authorities.
    package var caFile: String?
    /// `--insecure`: https without checking the certificate (warned about at every start).
    package var insecure: Bool
    /// How long a request may wait for the server's answer before it is given up with a message.
    package var timeout: Duration

    package static let defaultTimeout: Duration = .seconds(10)
    package static let timeoutRange = 1...300

    package init(server: ServerAddress, caFile: String? = nil, insecure: Bool = false, timeout: Duration = defaultTimeout) {
        self.server = server
        self.caFile = caFile
        self.insecure = insecure
        self.timeout = timeout
    }

    /// What the user must be told before typing a password: plain HTTP across a network, or a
    /// certificate nobody checks.
    package var securityWarning: String? {
        if server.scheme == .http && !server.isLoopback {
            return "http:// sends your password unencrypted: use https://"
        }
        if server.scheme == .https && insecure {
            return "--insecure: the server's certificate is not checked"
        }
        return nil
    }
}

/// A command line `gather` cannot follow: the message says why (exit status 2).
package struct ClientCommandLineError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// Reads `gather`'s arguments and environment; the executable only carries the result out.
package enum ClientCommandLine {
    /// The full-screen client's help, from the options the parser reads.
    package static var usage: String {
        let options = parser.help(for: nil, program: "gather").components(separatedBy: "Options for every command:\n").last ?? ""
        return """
            gather \(FootballGather.version): organise amateur football from the terminal

            Usage: gather [options]

            Options:
            \(options.components(separatedBy: "\n\n").first ?? options)
              -h, --help              print this help

            Commands for scripts (one task, then exit): gather help lists them, e.g.
              gather login --username ana, gather players list --json, gather teams balance 1 2 3 4

            The session, the settings (gather config) and the remembered username are kept in
            $XDG_CONFIG_HOME/gather/ (else ~/.config/gather/). Set NO_COLOR to turn colours off.
            """
    }

    /// `arguments` without the program name. Flags win over the environment (`FG_SERVER_URL`,
    /// `FG_CA_FILE`, `FG_TIMEOUT`), which wins over what is stored (the settings file, then the
    /// saved session's server).
    package static func parse(arguments: [String], environment: [String: String]) throws(ClientCommandLineError) -> ClientCommand {
        try parse(arguments: arguments, environment: environment, stored: StoredSettings())
    }

    package static func parse(arguments: [String], environment: [String: String],
                               stored: StoredSettings) throws(ClientCommandLineError) -> ClientCommand {
        let command: ParsedCommand
        do {
            guard case .run(let parsed) = try parser.parse(arguments) else { return .help }
            command = parsed
        } catch {
            throw ClientCommandLineError(message: error.message)
        }
        if command.has(version.name) { return .version }
        var flags: [ClientSetting: String] = [:]
        for setting in [ClientSetting.server, .caFile, .timeout] { flags[setting] = command.value(setting.flag) }
        return .run(try settings(flags: flags, insecure: command.has(insecure.name), environment: environment, stored: stored))
    }

    /// How every run of gather reaches its server: the full-screen client's options, which every
    /// scripting command takes too.
    package static let connectionOptions: [OptionSpec] = [
        OptionSpec("--server", value: "URL", help: "the gather-server, https://host[:port] or http://…; else the settings file's, "
                   + "else the one logged in to, else \(ServerAddress.defaultURL)", environment: "FG_SERVER_URL"),
        OptionSpec("--ca-file", value: "PATH", help: "also trust this CA certificate (PEM) for https, for a self-signed home server",
                   type: .file, environment: "FG_CA_FILE"),
        insecure,
        OptionSpec("--timeout", value: "SECONDS", help: "how long to wait for the server's answer, 1–300 (default 10)",
                   type: .integer(ConnectionSettings.timeoutRange.lowerBound...ConnectionSettings.timeoutRange.upperBound),
                   environment: "FG_TIMEOUT"),
    ]
    static let insecure = OptionSpec("--insecure", help: "https without checking the certificate (warns at every start)")
    static let version = OptionSpec("--version", help: "print the version")

    /// The full-screen client's command line: options only.
    static let parser = ArgumentParser(program: "gather", commands: [], globalOptions: connectionOptions + [version],
                                       defaultCommand: CommandSpec("", summary: "the full-screen client",
                                                                   example: "gather --server https://gather.example.org"))

    /// The connection settings from the flags given, the environment and what is stored; a value
    /// that cannot be used is refused naming where it came from.
    package static func settings(flags: [ClientSetting: String], insecure: Bool, environment: [String: String],
                                 stored: StoredSettings) throws(ClientCommandLineError) -> ConnectionSettings {
        let resolve = { (setting: ClientSetting) in stored.resolve(setting, flags: flags, environment: environment) }
        var timeout = ConnectionSettings.defaultTimeout
        if let (text, origin) = resolve(.timeout) {
            timeout = try seconds(text, name: origin.isFlagOrEnvironment ? origin.name : "timeout (\(origin))")
        }
        let server = resolve(.server) ?? (ServerAddress.defaultURL, .builtIn)
        do {
            return ConnectionSettings(server: try ServerAddress(url: server.value), caFile: resolve(.caFile)?.value,
                                      insecure: insecure, timeout: timeout)
        } catch {
            if case .settingsFile = server.origin {
                throw ClientCommandLineError(message: "\(error.description) (server, set in \(stored.filePath): gather config set server URL)")
            }
            throw ClientCommandLineError(message: error.description)
        }
    }
    private static func seconds(_ text: String, name: String) throws(ClientCommandLineError) -> Duration {
        let range = ConnectionSettings.timeoutRange
        guard let seconds = Int(text), range.contains(seconds) else {
            throw ClientCommandLineError(message: "\(name) must be a whole number of seconds from \(range.lowerBound) to \(range.upperBound)")
        }
        return .seconds(seconds)
    }
}
