import Dispatch
import Foundation
import GatherClient
import Glibc
import Terminal

/// The terminal client's run loop, showing the top of its navigation root's screens. Key input, timer ticks, resizes, signals
/// and network completions all arrive on the main queue, so presenters and views need no locks.
/// Draws the top screen with a title bar and a footer of its keys, diffed frame by frame.
@MainActor
package final class TerminalApp: Navigator, ViewFactory {
    private let device: TerminalDevice
    private var renderer: Renderer
    private var decoder = KeyDecoder()
    private var root: (any NavigationRoot)?
    private var showingHelp = false
    private var renderScheduled = false
    private var escapeFlush: DispatchWorkItem?
    private var sources: [any DispatchSourceProtocol] = []
    private var finished = false
    /// Where the screens' work runs: the app's, once it runs.
    private var effects = Effects()
    /// What must reach the server before the app exits (the live match ended).
    private var errands = LeavingErrands()

    /// How long the way out waits for `errands`: a server that does not answer costs the
    /// organiser this much, once.
    static let errandsTimeout: DispatchTimeInterval = .milliseconds(1500)

    /// The name of the group chosen, when it is not the account's own: the title bar shows it.
    package var groupLabel: @MainActor () -> String? = { nil }

    /// Below this the layout cannot fit; the app says so instead of drawing a broken screen.
    package static let minimumSize = (columns: 60, rows: 16)

    /// The terminal was below `minimumSize` when last drawn: the screen says so instead of
    /// drawing the app. Keys are judged by what was on screen when they were typed, not by a
    /// size the terminal has taken since (`readTypedAhead`).
    private var isTooSmall: Bool {
        guard let size = shownSize ?? device.size() else { return false }
        return size.columns < TerminalApp.minimumSize.columns || size.rows < TerminalApp.minimumSize.rows
    }

    /// The size of the frame last drawn.
    private var shownSize: (columns: Int, rows: Int)?

    package init(device: TerminalDevice, colorEnabled: Bool) {
        self.device = device
        self.colorEnabled = colorEnabled
        renderer = Renderer(colorEnabled: colorEnabled)
    }

    /// Colours on (no NO_COLOR): a screen may set its own, as the QR code of a share link does.
    private let colorEnabled: Bool

    /// Enters full screen, installs the input and signal sources, and starts the app coordinator.
    package func run(dependencies: AppDependencies) throws {
        effects = dependencies.effects
        errands = dependencies.errands
        try start(AppCoordinator(navigator: self, factory: self, dependencies: dependencies))
    }

    /// `gather watch`: the match being played, full screen, heard from `feed`.
    package func watch(_ feed: any LiveFeed, label: String) throws {
        try start(WatchCoordinator(navigator: self, factory: self, feed: feed, ticker: DispatchTicker(), time: MonotonicTimeSource(),
                                   label: label))
    }

    private func start(_ root: any NavigationRoot) throws {
        try device.enterFullScreen()
        device.installCrashRestoration()
        installSources()
        self.root = root
        render()
        effects.run { await root.start() }
    }

    /// The server refused the saved token mid-session.
    package func sessionExpired() {
        (root as? AppCoordinator)?.sessionExpired()
    }

    // MARK: Sources

    private func installSources() {
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readInput() }
        }
        input.resume()
        sources.append(input)

        // Resizes redraw; the stop signals end the session cleanly (terminal restored). They were
        // blocked at start-up (`TerminalApp.handledSignals`) and arrive here as data.
        guard let inbox = try? SignalInbox(TerminalApp.handledSignals) else { return }
        let signals = DispatchSource.makeReadSource(fileDescriptor: inbox.descriptor, queue: .main)
        signals.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                for signalNumber in inbox.take() {
                    if signalNumber == SIGWINCH {
                        // Keys typed before the resize act on the screen they were typed at.
                        self?.readTypedAhead()
                        self?.render()
                    } else {
                        self?.leaveAtOnce(status: signalNumber == SIGINT ? TerminalApp.interruptedStatus : 0)
                    }
                }
            }
        }
        signals.resume()
        sources.append(signals)
    }

    /// The signals the app takes itself: `main` blocks them (`SignalInbox.block`) before any
    /// thread starts, and the run loop reads them.
    package static let handledSignals = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    /// Handles every key already waiting to be read, now, without waiting for more.
    private func readTypedAhead() {
        while !finished, isInputWaiting() { readInput() }
    }

    /// Whether a read of the terminal would return at once (keys, or the end of input).
    private func isInputWaiting() -> Bool {
        var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) == 1 && waiting.revents != 0
    }

    private func readInput() {
        // What the input source was told of may have been read already (`readTypedAhead`): a read
        // now would wait for the next key, with the whole app stopped.
        guard isInputWaiting() else { return }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        if count == 0 {
            // The terminal went away (hang-up): nothing more can be typed.
            quit(status: 0)
            return
        }
        guard count > 0 else {
            if errno != EAGAIN && errno != EINTR { quit(status: 0) }
            return
        }
        escapeFlush?.cancel()
        for key in decoder.feed(bytes[0..<count]) {
            handle(key)
        }
        if decoder.hasPendingEscape {
            // A lone Esc, unless the rest of a sequence arrives within 50 ms.
            let flush = DispatchWorkItem { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    for key in self.decoder.flushPendingEscape() { self.handle(key) }
                }
            }
            escapeFlush = flush
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50), execute: flush)
        }
    }

    // MARK: Keys

    /// Keys typed while work an earlier key started is under way (a page of History loading, a
    /// question being prepared): handled in order once it has ended, each against the state the
    /// one before it left, as if typed one at a time. A paste or a burst over ssh arrives in one read.
    private var heldKeys: [Key] = []
    /// More held keys than this are a runaway paste, not typing: the rest are dropped.
    static let heldKeysLimit = 4096
    /// Work that takes longer (a server that does not answer) holds no key longer than this:
    /// the keys then act on what is on screen, so Esc and q never wait for a timeout.
    static let longestHold: DispatchTimeInterval = .seconds(2)
    private var holdLimit: DispatchWorkItem?

    func handle(_ key: Key) {
        // Ctrl-C is never held: leaving must work whatever is under way.
        guard key == .control("c") || (heldKeys.isEmpty && !effects.isKeyWorkInFlight) else {
            if heldKeys.count < TerminalApp.heldKeysLimit { heldKeys.append(key) }
            if holdLimit == nil {
                let limit = DispatchWorkItem { [weak self] in MainActor.assumeIsolated { self?.releaseHeldKeys(waiting: false) } }
                holdLimit = limit
                DispatchQueue.main.asyncAfter(deadline: .now() + TerminalApp.longestHold, execute: limit)
            }
            return
        }
        effects.handlingKey { handleNow(key) }
        if effects.isKeyWorkInFlight { effects.whenKeyWorkEnds { [weak self] in self?.releaseHeldKeys() } }
    }

    /// The held keys, in order, until one starts work of its own (the rest then wait for it);
    /// `waiting` false (held too long): all of them now.
    private func releaseHeldKeys(waiting: Bool = true) {
        while !finished, !heldKeys.isEmpty, !waiting || !effects.isKeyWorkInFlight {
            let key = heldKeys.removeFirst()
            effects.handlingKey { handleNow(key) }
        }
        holdLimit?.cancel()
        holdLimit = nil
        if !heldKeys.isEmpty {
            effects.whenKeyWorkEnds { [weak self] in self?.releaseHeldKeys() }
            let limit = DispatchWorkItem { [weak self] in MainActor.assumeIsolated { self?.releaseHeldKeys(waiting: false) } }
            holdLimit = limit
            DispatchQueue.main.asyncAfter(deadline: .now() + TerminalApp.longestHold, execute: limit)
        }
        setNeedsRender()
    }

    private func handleNow(_ key: Key) {
        switch key {
        case .control("c"):
            // A screen with something unsaved asks first; a second Ctrl-C there leaves at once.
            if !showingHelp, let screen = screens.last, screen.interrupt() {
                setNeedsRender()
            } else {
                leaveAtOnce(status: TerminalApp.interruptedStatus)
            }
            return
        case .control("l"):
            renderer.invalidate()
            render()
            return
        default:
            break
        }
        // Nothing acts on a screen nobody can see (d then y would delete an unseen player); q
        // leaves as Ctrl-C does, keeping a match in progress.
        guard !isTooSmall else {
            if key == .character("q") { leaveAtOnce(status: 0) }
            return
        }
        if showingHelp {
            showingHelp = false
            setNeedsRender()
            return
        }
        guard let screen = screens.last else { return }
        if screen.handle(key) == .unhandled {
            switch key {
            case .escape: root?.goBack()
            case .character("q"): root?.quit()
            case .character("?"): showingHelp = true
            default: break
            }
        }
        setNeedsRender()
    }

    // MARK: Navigator

    package func screensChanged(_ change: NavigationChange) {
        if case .shown = change { showingHelp = false }
        setNeedsRender()
    }

    /// The root's screens, the top one last: the views this app's factory made, each a terminal
    /// screen (anything else would be a programming error, stopped at once).
    private var screens: [any TerminalScreen] {
        (root?.screens ?? []).map { screen in
            guard let terminalScreen = screen as? any TerminalScreen else {
                fatalError("\(type(of: screen)) is not a terminal screen: it was not made by TerminalApp")
            }
            return terminalScreen
        }
    }

    /// Ctrl-C's exit status, as terminal programs have it: 128 + SIGINT.
    static let interruptedStatus: Int32 = 128 + SIGINT

    /// Restores the terminal, prints `farewell` and exits with status 0 (the app's own ways out).
    package func quit(farewell: String?) {
        quit(status: 0, farewell: farewell)
    }

    /// Leaves without the screens' own ways out (a second Ctrl-C, a stop signal): each screen
    /// first keeps what would be lost, and the app says what it kept.
    func leaveAtOnce(status: Int32) {
        guard !finished else { return }
        let words = screens.reversed().compactMap { $0.leaveAtOnce() } + [root?.waitingNote].compactMap { $0 }
        quit(status: status, farewell: words.isEmpty ? nil : words.joined(separator: "\ngather: "))
    }

    /// Restores the terminal and exits. Every way out (q, Ctrl-C, signals, hang-up) comes here.
    func quit(status: Int32, farewell: String? = nil) {
        guard !finished else { return }
        finished = true
        device.restore()
        // What is kept on this computer is written before the process ends (the terminal is
        // already given back, should the disk be slow).
        FileWriter.shared.finish()
        if let farewell { device.write(Array("gather: \(farewell)\n".utf8)) }
        errands.finish(within: TerminalApp.errandsTimeout)
        exit(status)
    }

    // MARK: ViewFactory

    private var renderRequest: RenderRequest {
        RenderRequest { [weak self] in self?.setNeedsRender() }
    }

    package func makeLoginView(presenter: LoginPresenter) -> any LoginView {
        LoginScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makePlayerListView(presenter: PlayerListPresenter) -> any PlayerListView {
        PlayerListScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makePlayerDetailView(presenter: PlayerDetailPresenter) -> any PlayerDetailView {
        PlayerDetailScreen(presenter: presenter, requestRender: renderRequest)
    }

    package func makePlayerEditView(presenter: PlayerEditPresenter) -> any PlayerEditView {
        PlayerEditScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeAddPlayerView(presenter: AddPlayerPresenter) -> any AddPlayerView {
        AddPlayerScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeConfirmTeamsView(presenter: ConfirmTeamsPresenter) -> any ConfirmTeamsView {
        ConfirmTeamsScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeGatherView(presenter: GatherPresenter) -> any GatherView {
        GatherScreen(presenter: presenter, requestRender: renderRequest, effects: effects) { [weak self] in
            self?.device.write(TerminalDevice.bell)
        }
    }

    package func makeHistoryView(presenter: HistoryPresenter) -> any HistoryView {
        HistoryScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeMatchDetailView(presenter: MatchDetailPresenter) -> any MatchDetailView {
        MatchDetailScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeScorersView(presenter: ScorersPresenter) -> any ScorersView {
        ScorersScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeMoneyView(presenter: MoneyPresenter) -> any MoneyView {
        MoneyScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeAccountView(presenter: AccountPresenter) -> any AccountView {
        AccountScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeLeaderboardView(presenter: LeaderboardPresenter) -> any LeaderboardView {
        LeaderboardScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeShareLinksView(presenter: ShareLinksPresenter) -> any ShareLinksView {
        ShareLinksScreen(presenter: presenter, requestRender: renderRequest, effects: effects, colorEnabled: colorEnabled)
    }

    package func makeGroupsView(presenter: GroupsPresenter) -> any GroupsView {
        GroupsScreen(presenter: presenter, requestRender: renderRequest, effects: effects, colorEnabled: colorEnabled)
    }

    package func makeChannelsView(presenter: ChannelsPresenter) -> any ChannelsView {
        ChannelsScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeFixturesView(presenter: FixturesPresenter) -> any FixturesView {
        FixturesScreen(presenter: presenter, requestRender: renderRequest, effects: effects)
    }

    package func makeFixtureDetailView(presenter: FixtureDetailPresenter) -> any FixtureDetailView {
        FixtureDetailScreen(presenter: presenter, requestRender: renderRequest, effects: effects, colorEnabled: colorEnabled)
    }

    package func makeWatchView(presenter: WatchPresenter) -> any WatchView {
        WatchScreen(presenter: presenter, requestRender: renderRequest)
    }

    // MARK: Rendering

    /// Coalesces the state changes of one turn of the queue into one frame.
    private func setNeedsRender() {
        guard !renderScheduled else { return }
        renderScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                self?.renderScheduled = false
                self?.render()
            }
        }
    }

    private func render() {
        guard !finished else { return }
        let size = device.size() ?? (columns: 80, rows: 24)
        shownSize = size
        var frame = ScreenBuffer(width: max(1, size.columns), height: max(1, size.rows))
        FrameLayout.draw(screen: screens.last, group: groupLabel(), showingHelp: showingHelp, into: &frame)
        let bytes = renderer.render(frame)
        if !bytes.isEmpty { device.write(bytes) }
    }
}
