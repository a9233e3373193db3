import GatherCore
import Networking

/// What `fg` is asked to do.
public enum ClientCommand: Equatable, Sendable {
    /// Open the terminal app against this server.
    case run(ServerAddress)
    case help
    case version
}

/// A command line `fg` cannot follow: the message says why (exit status 2).
public struct ClientCommandLineError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Reads `fg`'s arguments and environment; the executable only carries the result out.
public enum ClientCommandLine {
    public static var usage: String {
        """
        fg \(FootballGather.version): organise amateur football from the terminal

        Usage: fg [--server URL]

        Options:
          --server URL   the fg-server to use (env FG_SERVER_URL; default \(ServerAddress.defaultURL))
          --version      print the version
          -h, --help     print this help

        The session token and remembered username are kept in $XDG_CONFIG_HOME/football-gather/
        (else ~/.config/football-gather/). Set NO_COLOR to turn colours off.
        """
    }

    /// `arguments` without the program name. The flag wins over `FG_SERVER_URL`.
    public static func parse(arguments: [String], environment: [String: String]) throws(ClientCommandLineError) -> ClientCommand {
        var serverURL = environment["FG_SERVER_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? ServerAddress.defaultURL
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
            default:
                throw ClientCommandLineError(message: "unknown option \(argument) (see fg --help)")
            }
        }
        do {
            return .run(try ServerAddress(url: serverURL))
        } catch {
            throw ClientCommandLineError(message: error.description)
        }
    }
}
