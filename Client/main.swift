import Dispatch
import Foundation
import GatherCLI
import GatherClient
import GatherDomain
import GatherTerminal
import Glibc
import Networking
import Terminal

// gather: the Football Gather terminal client. Reads its options, checks for a terminal, and hands
// over to the app's run loop on the main queue.

func fail(_ message: String, code: Int32) -> Never {
    StandardStream.write("gather: \(message)\n", to: STDERR_FILENO)
    exit(code)
}

// OpenSSL writes with write(2), not send(MSG_NOSIGNAL): a peer that resets must be an error, not a kill.
signal(SIGPIPE, SIG_IGN)
let environment = ProcessInfo.processInfo.environment
let arguments = Array(CommandLine.arguments.dropFirst())

/// The subcommands' app, writing to the standard streams.
func commandLineApp() -> CommandLineApp {
    let isTerminal = isatty(STDOUT_FILENO) == 1
    var size = winsize()
    let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    let console = Console(out: { StandardStream.write($0, to: STDOUT_FILENO) },
                          err: { StandardStream.write($0, to: STDERR_FILENO) },
                          isTerminal: isTerminal, width: columns, color: (environment["NO_COLOR"] ?? "").isEmpty)
    return CommandLineApp(environment: environment, console: console, password: PasswordSource(environment: environment)) { question in
        StandardStream.write(question, to: STDERR_FILENO)
        return ["y", "yes"].contains(readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "")
    }
}

/// A full screen needs a terminal that can move its cursor.
func requireTerminal() {
    guard TerminalDevice.isTerminal(STDIN_FILENO), TerminalDevice.isTerminal(STDOUT_FILENO) else {
        fail("gather is interactive: run it in a terminal (standard input and output must be a TTY)", code: 2)
    }
    guard TerminalDevice.canAddressCursor(term: environment["TERM"]) else {
        fail("this terminal (TERM=\(environment["TERM"] ?? "")) cannot move the cursor; run gather in a full terminal such as xterm", code: 2)
    }
}

// `gather COMMAND …`: one task for scripts, then exit with its status.
if CommandLineApp.isSubcommand(arguments) {
    let app = commandLineApp()
    Task {
        exit(await app.run(arguments))
    }
    dispatchMain()
}

// `gather watch [SHARE-URL]`: the match being played, full screen. Its arguments are read (and a
// bad link refused) before the terminal changes and before any thread starts.
if CommandLineApp.isWatch(arguments) {
    switch commandLineApp().launchWatch(arguments) {
    case .exit(let status):
        exit(status)
    case .watch(let request):
        SignalInbox.block(TerminalApp.handledSignals)
        requireTerminal()
        let app = TerminalApp(device: TerminalDevice(), colorEnabled: (environment["NO_COLOR"] ?? "").isEmpty)
        do {
            try app.watch(request.feed, label: request.label)
        } catch {
            fail("cannot set up the terminal: \(error)", code: 1)
        }
        RunLoop.main.run()
        fail("the main run loop ended", code: 1)
    }
}

// The terminal app: the signals it handles are blocked now, before any thread exists, and read by
// its run loop (SignalInbox); none can be taken the ordinary way by some other thread.
SignalInbox.block(TerminalApp.handledSignals)

let config = ConfigDirectory.prepare(environment: environment)
let settings: ConnectionSettings
do {
    switch try ClientCommandLine.parse(arguments: arguments, environment: environment,
                                       stored: StoredSettings.load(directory: config.directory)) {
    case .help:
        print(ClientCommandLine.usage)
        exit(0)
    case .version:
        print("gather \(FootballGather.version) (commit \(FootballGather.commit))")
        exit(0)
    case .run(let chosen):
        settings = chosen
    }
} catch {
    fail(error.description, code: 2)
}

let address = settings.server
var tls: TLSClientContext?
if address.scheme == .https {
    do {
        tls = try TLSClientContext(caFile: settings.caFile, verifies: !settings.insecure)
    } catch {
        fail(error.description, code: 2)
    }
}

requireTerminal()

if let warning = settings.securityWarning {
    // Also after the full screen closes, and for anyone reading the terminal's scrollback.
    StandardStream.write("gather: warning: \(warning)\n", to: STDERR_FILENO)
}
let client = APIClient(address: address, timeout: settings.timeout, tls: tls)
if let problem = config.problem {
    StandardStream.write("gather: warning: \(problem)\n", to: STDERR_FILENO)
}
let configDirectory = config.directory
let store = ServerSessionStore(store: SessionStore(directory: configDirectory), server: address,
                               caFile: settings.caFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
// The group chosen with `gather group switch` for whoever is logged in: every request, the roster
// kept for offline play and each result kept here follow it (a result then uploads to its own).
let chosenGroup: @Sendable () -> SessionStore.GroupChoice? = {
    store.savedSession().flatMap { store.store.chosenGroup(for: address, userID: $0.userID) }
}
client.followGroup { chosenGroup()?.groupID }
let feedTLS = tls
let feedTimeout = settings.timeout
let liveClient = APIClient(address: address, timeout: settings.timeout, tls: tls)
liveClient.followGroup { chosenGroup()?.groupID }
let app = TerminalApp(device: TerminalDevice(), colorEnabled: !noColor)
app.groupLabel = { chosenGroup()?.label }
client.setUnauthorizedHandler {
    Task { @MainActor in app.sessionExpired() }
}
let gatherService = APIGatherService(client: client)
let dependencies = AppDependencies(
    sessionService: APISessionService(client: client),
    playerService: APIPlayerService(client: client),
    gatherService: gatherService,
    statsService: APIStatsService(client: client),
    sessionStore: store,
    pendingResults: PendingResults(journal: ResultJournalFile(directory: configDirectory),
                                   unfinished: UnfinishedMatchFile(directory: configDirectory), service: gatherService,
                                   server: address.description, sessionStore: store, chosenGroup: { chosenGroup()?.groupID }),
    makeRosterCache: { session in
        RosterCacheFile(directory: configDirectory, server: address.description, userID: session.userID,
                        groupID: store.store.chosenGroup(for: address, userID: session.userID)?.groupID)
    },
    server: address.description,
    serverWarning: settings.securityWarning,
    makeTicker: { DispatchTicker() },
    uploadTicker: DispatchTicker(),
    time: MonotonicTimeSource(),
    revocations: RevocationQueueFile(directory: configDirectory),
    // Its own connection: the live view never waits behind a result's upload, nor the upload behind it.
    liveService: APILiveService(client: liveClient),
    shareService: APIShareService(client: client),
    // Each fixture screen opens the chosen group's live stream of its own: it says when friends answer.
    fixtures: FixtureDependencies(service: APIFixtureService(client: client), links: APIPersonalLinkService(client: client), makeFeed: {
        let session = store.savedSession()
        return HTTPLiveFeed(source: .ownMatch(server: address, token: session?.token ?? "", group: chosenGroup()?.groupID), tls: feedTLS,
                            timeout: feedTimeout)
    }),
    channels: APIChannelService(client: client),
    groups: (service: APIGroupService(client: client), chooser: SessionStoreGroupChooser(store: store.store, server: address)),
    votes: APIManOfTheMatchService(client: client),
    money: APIMoneyService(client: client, group: { chosenGroup()?.groupID ?? store.savedSession()?.userID }),
    // The role noted when the group was chosen (and again whenever the Groups screen reads it);
    // a choice kept before roles were noted offers what an organiser may do.
    access: { GroupAccess(role: chosenGroup().map { $0.role ?? .organiser } ?? .owner) })
do {
    try app.run(dependencies: dependencies)
} catch {
    fail("cannot set up the terminal: \(error)", code: 1)
}
// The main run loop serves the main queue (the app lives there) waiting in epoll with the handled
// signals still blocked; dispatchMain() would wait in sigsuspend with an empty mask and take them
// the ordinary way.
RunLoop.main.run()
fail("the main run loop ended", code: 1)
