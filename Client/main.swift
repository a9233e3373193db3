import Networking
import Dispatch
import Foundation
import GatherClient
import GatherTerminal
import Glibc
import Terminal

// fg: the Football Gather terminal client. Reads its options, checks for a terminal, and hands
// over to the app's run loop on the main queue.

let version = "0.1.0"
let usage = """
    fg \(version): organise amateur football from the terminal

    Usage: fg [--server URL]

    Options:
      --server URL   the fg-server to use (env FG_SERVER_URL; default \(ServerAddress.defaultURL))
      --version      print the version
      -h, --help     print this help

    The session token and remembered username are kept in $XDG_CONFIG_HOME/football-gather/
    (else ~/.config/football-gather/). Set NO_COLOR to turn colours off.
    """

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("fg: \(message)\n".utf8))
    exit(code)
}

let environment = ProcessInfo.processInfo.environment
var serverURL = environment["FG_SERVER_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? ServerAddress.defaultURL
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--version":
        print("fg \(version)")
        exit(0)
    case "--server":
        guard let value = arguments.popFirst() else { fail("--server needs a URL", code: 2) }
        serverURL = value
    case let option where option.hasPrefix("--server="):
        serverURL = String(option.dropFirst("--server=".count))
    default:
        fail("unknown option \(argument) (see fg --help)", code: 2)
    }
}

let address: ServerAddress
do {
    address = try ServerAddress(url: serverURL)
} catch {
    fail("\(error)", code: 2)
}

guard TerminalDevice.isTerminal(STDIN_FILENO), TerminalDevice.isTerminal(STDOUT_FILENO) else {
    fail("fg is interactive: run it in a terminal (standard input and output must be a TTY)", code: 2)
}

let client = APIClient(address: address)
let store = ServerSessionStore(store: SessionStore(directory: SessionStore.defaultDirectory(environment: environment)),
                               server: address)
let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
let app = TerminalApp(device: TerminalDevice(), colorEnabled: !noColor)
client.setUnauthorizedHandler {
    Task { @MainActor in app.sessionExpired() }
}
let dependencies = AppDependencies(
    sessionService: APISessionService(client: client),
    playerService: APIPlayerService(client: client),
    gatherService: APIGatherService(client: client),
    sessionStore: store,
    server: address.description,
    makeTicker: { DispatchTicker() },
    time: MonotonicTimeSource())
do {
    try app.run(dependencies: dependencies)
} catch {
    fail("cannot set up the terminal: \(error)", code: 1)
}
dispatchMain()
