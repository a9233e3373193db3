import Networking

/// Everything the coordinators need to build screens, injected so tests can stub it.
@MainActor
package struct AppDependencies {
    package var sessionService: any SessionService
    package var playerService: any PlayerService
    package var gatherService: any GatherService
    package var statsService: any StatsService
    package var sessionStore: any SessionPersistence
    /// Results waiting on this computer, and their upload.
    package var pendingResults: PendingResults
    /// The roster kept for offline play, for one account.
    package var makeRosterCache: @Sendable (Session) -> any RosterCache
    package var server: String
    /// Shown on the login screen: plain HTTP across a network, or `--insecure`.
    package var serverWarning: String?
    package var makeTicker: @MainActor () -> any Ticker
    /// Drives the periodic upload of waiting results.
    package var uploadTicker: any Ticker
    package var time: any TimeSource
    /// Tokens logged out while the server could not be reached, revoked when it answers.
    package var revocations: any RevocationQueue
    /// Where the match being played is published for friends' share pages; nil publishes nothing.
    package var liveService: (any LiveService)?
    /// The organiser's share links; nil offers no Share links screen.
    package var shareService: (any ShareService)?
    /// The group's fixtures; nil offers no Fixtures screen.
    package var fixtures: FixtureDependencies?
    /// The group's channels; nil offers no Channels screen.
    package var channels: (any ChannelService)?
    /// The account's groups and where the one chosen is kept; nil offers no Groups screen.
    package var groups: (service: any GroupService, chooser: any GroupChooser)?
    /// Where a match's man-of-the-match vote is read; nil shows none.
    package var votes: (any ManOfTheMatchService)?
    /// Who owes what for the pitch; nil offers no Money screen.
    package var money: (any MoneyService)?
    /// Where every piece of the app's asynchronous work runs.
    package let effects: Effects
    /// What must reach the server before the app exits, waited for a bounded time on the way out.
    package let errands: LeavingErrands
    /// What the account may do in the group chosen now (its own: everything).
    package var access: @MainActor () -> GroupAccess

    package init(sessionService: any SessionService, playerService: any PlayerService, gatherService: any GatherService,
                statsService: any StatsService, sessionStore: any SessionPersistence, pendingResults: PendingResults,
                makeRosterCache: @escaping @Sendable (Session) -> any RosterCache, server: String,
                serverWarning: String? = nil, makeTicker: @escaping @MainActor () -> any Ticker, uploadTicker: any Ticker, time: any TimeSource,
                revocations: any RevocationQueue, liveService: (any LiveService)? = nil, shareService: (any ShareService)? = nil,
                fixtures: FixtureDependencies? = nil, channels: (any ChannelService)? = nil,
                groups: (service: any GroupService, chooser: any GroupChooser)? = nil, votes: (any ManOfTheMatchService)? = nil,
                money: (any MoneyService)? = nil, effects: Effects = Effects(),
                errands: LeavingErrands = LeavingErrands(), access: @escaping @MainActor () -> GroupAccess = { .owner }) {
        self.sessionService = sessionService
        self.playerService = playerService
        self.gatherService = gatherService
        self.statsService = statsService
        self.sessionStore = sessionStore
        self.pendingResults = pendingResults
        self.makeRosterCache = makeRosterCache
        self.server = server
        self.serverWarning = serverWarning
        self.makeTicker = makeTicker
        self.uploadTicker = uploadTicker
        self.time = time
        self.revocations = revocations
        self.liveService = liveService
        self.shareService = shareService
        self.fixtures = fixtures
        self.channels = channels
        self.groups = groups
        self.votes = votes
        self.money = money
        self.effects = effects
        self.errands = errands
        self.access = access
    }
}

/// Where the session and the remembered username are kept between runs.
package protocol SessionPersistence: UsernameMemory {
    func savedSession() -> Session?
    func save(_ session: Session) throws
    func clearSession()
}

/// A `SessionStore` bound to one server.
package struct ServerSessionStore: SessionPersistence {
    package let store: SessionStore
    package let server: ServerAddress
    /// Saved with the session, so the next run reaches the same server the same way.
    let caFile: String?

    package init(store: SessionStore, server: ServerAddress, caFile: String? = nil) {
        self.store = store
        self.server = server
        self.caFile = caFile
    }

    package var rememberedUsername: String? { store.rememberedUsername }
    package func remember(username: String?) throws { try store.remember(username: username) }
    package func savedSession() -> Session? { store.session(for: server) }
    package func save(_ session: Session) throws { try store.save(session, for: server, caFile: caFile) }
    package func clearSession() { store.clearSession() }
}
