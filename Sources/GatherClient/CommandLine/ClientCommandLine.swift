import GatherCore
import Networking

/// What `gather` is asked to do.
public enum ClientCommand: Equatable, Sendable {
    /// Open the terminal app against this server.
    case run(ConnectionSettings)
    case help
    case version
}

/// Which server, and how its certificate is checked.
public struct ConnectionSettings: Equatable, Sendable {
    public var server: ServerAddress
    /// A private CA's certificate (PEM), trusted besides the system's authorities.
    public var caFile: String?
    /// `--insecure`: https without checking the certificate (warned about at every start).
    public var insecure: Bool
    /// How long a request may wait for the server's answer before it is given up with a message.
    public var timeout: Duration

    public static let defaultTimeout: Duration = .seconds(10)
    public static let timeoutRange = 1...300

    public init(server: ServerAddress, caFile: String? = nil, insecure: Bool = false, timeout: Duration = defaultTimeout) {
        self.server = server
        self.caFile = caFile
        self.insecure = insecure
        self.timeout = timeout
    }

    /// What the user must be told before typing a password: plain HTTP across a network, or a
    /// certificate nobody checks.
    public var securityWarning: String? {
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
public struct ClientCommandLineError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Reads `gather`'s arguments and environment; the executable only carries the result out.
public enum ClientCommandLine {
    public static var usage: String {
        """
        gather \(FootballGather.version): organise amateur football from the terminal

        Usage: gather [--server URL] [--ca-file PATH] [--insecure] [--timeout SECONDS]

        Options:
          --server URL    the gather-server to use, https://host[:port] or http://… (env FG_SERVER_URL;
                          default \(ServerAddress.defaultURL))
          --ca-file PATH  also trust this CA certificate (PEM) for https, for a self-signed home
                          server (env FG_CA_FILE)
          --insecure      https without checking the certificate (warns at every start)
          --timeout SECONDS  how long to wait for the server's answer, 1–300 (env FG_TIMEOUT;
                          default 10)
          --version       print the version
          -h, --help      print this help

        Commands for scripts (one task, then exit): gather help lists them, e.g.
          gather login --username ana, gather players list --json, gather teams balance 1 2 3 4

        The session token and remembered username are kept in $XDG_CONFIG_HOME/gather/
        (else ~/.config/gather/). Set NO_COLOR to turn colours off.
        """
    }

    /// `arguments` without the program name. Flags win over `FG_SERVER_URL`, `FG_CA_FILE` and `FG_TIMEOUT`.
    public static func parse(arguments: [String], environment: [String: String]) throws(ClientCommandLineError) -> ClientCommand {
        var serverURL = environment["FG_SERVER_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? ServerAddress.defaultURL
        var caFile = environment["FG_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        var insecure = false
        var timeout = try environment["FG_TIMEOUT"].flatMap { $0.isEmpty ? nil : $0 }.map { text throws(ClientCommandLineError) in
            try seconds(text, name: "FG_TIMEOUT")
        } ?? ConnectionSettings.defaultTimeout
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                return .help
            case "--version":
                return .version
            case "--server":
                guard let value = remaining.popFirst() else { throw ClientCommandLineError(message: "--server needs a URL") }
                serverURL = value
            case let option where option.hasPrefix("--server="):
                serverURL = String(option.dropFirst("--server=".count))
            case "--ca-file":
                guard let value = remaining.popFirst(), !value.isEmpty else {
                    throw ClientCommandLineError(message: "--ca-file needs a path")
                }
                caFile = value
            case let option where option.hasPrefix("--ca-file="):
                caFile = String(option.dropFirst("--ca-file=".count))
            case "--insecure":
                insecure = true
            case "--timeout":
                guard let value = remaining.popFirst() else { throw ClientCommandLineError(message: "--timeout needs a number of seconds") }
                timeout = try seconds(value, name: "--timeout")
            case let option where option.hasPrefix("--timeout="):
                timeout = try seconds(String(option.dropFirst("--timeout=".count)), name: "--timeout")
            case let word where !word.hasPrefix("-"):
                throw ClientCommandLineError(message: "unknown command \(word) (see gather help)")
            default:
                throw ClientCommandLineError(message: "unknown option \(argument) (see gather --help)")
            }
        }
        do {
            return .run(ConnectionSettings(server: try ServerAddress(url: serverURL), caFile: caFile, insecure: insecure, timeout: timeout))
        } catch {
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
