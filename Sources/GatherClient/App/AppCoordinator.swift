import GatherDomain

/// The root of navigation: owns the only stack, of screen coordinators, and tells the `Navigator`
/// when it changes.
/// Starts at login, or straight at the player list when a saved session is still valid.
@MainActor
package final class AppCoordinator {
    package let navigator: any Navigator
    package let factory: any ViewFactory
    package let dependencies: AppDependencies
    private(set) var stack: [any ScreenCoordinator] = []

    package init(navigator: any Navigator, factory: any ViewFactory, dependencies: AppDependencies) {
        self.navigator = navigator
        self.factory = factory
        self.dependencies = dependencies
    }

    package func start() async {
        dependencies.pendingResults.onChange = { [weak self] uploaded in self?.pendingResultsChanged(uploaded: uploaded) }
        dependencies.uploadTicker.start(every: PendingResults.retryInterval) { [weak self] in self?.retryUploads() }
        guard let saved = dependencies.sessionStore.savedSession() else {
            showLogin(notice: loginNotice(nil))
            return
        }
        switch await dependencies.sessionService.validate(saved) {
        case .valid, .unreachable:
            // Unreachable: the list shows the connection error (and the roster as last loaded)
            // and `r` retries; the session is kept. Waiting results go up whenever the roster
            // comes from the server.
            showPlayerList()
            offerUnfinishedMatch()
        case .rejected:
            let notice = loginNotice(nil)
            dependencies.sessionStore.clearSession()
            showLogin(notice: notice)
        }
    }

    // MARK: Pending results

    /// Sends waiting results in the background, if there are any, and revokes tokens logged out
    /// while the server could not be reached.
    func uploadPendingResults() {
        let pendingResults = dependencies.pendingResults
        let hasQueuedTokens = !dependencies.revocations.tokens(for: dependencies.server).isEmpty
        guard pendingResults.count > 0 || hasQueuedTokens else { return }
        dependencies.effects.run {
            await pendingResults.uploadAll()
            if hasQueuedTokens { await self.revokeQueuedTokens() }
        }
    }

    /// Every `PendingResults.retryInterval`: uploads waiting results, unless nobody is logged in
    /// or a match is being set up or played (an expired session found now would take the
    /// organiser away from it to the login screen).
    func retryUploads() {
        guard dependencies.sessionStore.savedSession() != nil, !isInMatch, !(top is LoginCoordinator) else { return }
        uploadPendingResults()
    }

    private var isInMatch: Bool {
        stack.contains { $0 is ConfirmTeamsCoordinator || $0 is GatherCoordinator }
    }

    private func pendingResultsChanged(uploaded: Int) {
        for coordinator in stack {
            if let list = coordinator as? PlayerListCoordinator {
                // Back online: the list asks for the roster again.
                dependencies.effects.run(list.presenter.pendingResultsChanged(uploaded: uploaded))
            }
            (coordinator as? HistoryCoordinator)?.presenter.waitingResultsChanged()
        }
    }

    /// A login notice: `base`, then whether results of this account wait on this computer (they
    /// go up after login), then any trouble with the journal itself.
    private func loginNotice(_ base: String?) -> String? {
        let waiting = dependencies.pendingResults.count
        let results = waiting == 0 ? nil
            : "\(waiting == 1 ? "1 result is" : "\(waiting) results are") saved on this computer and will upload after you log in."
        let text = [base, results, journalNotice].compactMap { $0 }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    /// Why results could not be read or written on this computer, if they could not.
    private var journalNotice: String? { dependencies.pendingResults.journalProblem }

    // MARK: Flows

    package func showLogin(notice: String?) {
        let coordinator = LoginCoordinator(app: self, notice: notice)
        setRoot(coordinator)
    }

    func didLogIn(_ session: Session) {
        try? dependencies.sessionStore.save(session)
        showPlayerList()
        offerUnfinishedMatch()
    }

    /// A match left before its end for this account and group, the newest: its screen opens over
    /// the roster with the question (resume, save as it stands, discard, or later).
    private func offerUnfinishedMatch() {
        guard let unfinished = dependencies.pendingResults.unfinished.first, let list = top as? PlayerListCoordinator else { return }
        let team = { (side: Team) in
            unfinished.record.assignments.filter { $0.team == side }.map { Player(id: $0.playerID, name: unfinished.names[$0.playerID] ?? "#\($0.playerID)") }
        }
        let bench = Dictionary(unfinished.record.assignments.filter { $0.team == .bench }.map { ($0.playerID, unfinished.names[$0.playerID] ?? "#\($0.playerID)") },
                               uniquingKeysWith: { first, _ in first })
        push(GatherCoordinator(app: self, gatherID: unfinished.id, assignments: unfinished.record.assignments, teamA: team(.teamA),
                               teamB: team(.teamB), balanceSeed: unfinished.record.balanceSeed, otherNames: bench, resuming: unfinished,
                               fixtureID: unfinished.record.fixtureID, onEnd: list.gatherEnded))
    }

    package func showPlayerList() {
        setRoot(PlayerListCoordinator(app: self))
    }

    /// Revokes the token on the server, forgets the saved session and the roster kept for offline
    /// play, and shows the login screen. A server that cannot be reached cannot revoke: the token
    /// is then kept to be revoked when it answers, and the notice says so.
    package func logOut() async {
        guard let session = dependencies.sessionStore.savedSession() else {
            showLogin(notice: "Logged out.")
            return
        }
        // Counted before the session is forgotten: the waiting results are this account's.
        let waiting = dependencies.pendingResults.count
        let revocation = await dependencies.sessionService.logout(token: session.token)
        dependencies.sessionStore.clearSession()
        dependencies.makeRosterCache(session).remove()
        var notice = "Logged out."
        if case .notRevoked = revocation {
            if (try? dependencies.revocations.add(session.token, for: dependencies.server)) != nil {
                notice = "Logged out on this computer. The server could not be reached, so the session still works there; "
                    + "it is revoked the next time gather reaches the server."
            } else {
                notice = "Logged out on this computer. The server could not be reached and the session could not be kept "
                    + "to revoke later: it still works on the server until it expires."
            }
        }
        if waiting > 0 {
            notice += " \(PendingResults.counting(waiting)) saved on this computer (\(dependencies.pendingResults.journalLocation)); "
                + "\(waiting == 1 ? "it uploads" : "they upload") when \(session.username) logs in again."
        }
        showLogin(notice: notice)
    }

    /// Revokes the tokens logged out while the server could not be reached; those it could not
    /// reach again stay queued.
    func revokeQueuedTokens() async {
        let queue = dependencies.revocations
        for token in queue.tokens(for: dependencies.server) {
            guard await dependencies.sessionService.logout(token: token) == .revoked else { return }
            queue.remove(token)
        }
    }

    /// The server refused our token: back to login, saying why.
    package func sessionExpired() {
        // Counted before the session is forgotten: the waiting results are this account's.
        let notice = loginNotice("Your session has expired. Log in again.")
        dependencies.sessionStore.clearSession()
        showLogin(notice: notice)
    }

    // MARK: Stack

    func push(_ coordinator: any ScreenCoordinator) {
        let covered = top
        stack.append(coordinator)
        covered?.didGetCovered()
        navigator.screensChanged(.shown)
    }

    func pop() {
        guard stack.count > 1 else { return }
        taken(off: [stack.removeLast()])
        navigator.screensChanged(.popped)
    }

    func popToRoot() {
        guard stack.count > 1 else { return }
        let removed = Array(stack.dropFirst())
        stack.removeLast(stack.count - 1)
        taken(off: removed)
        navigator.screensChanged(.popped)
    }

    func setRoot(_ coordinator: any ScreenCoordinator) {
        let removed = stack
        stack = [coordinator]
        for coordinator in removed.reversed() { coordinator.didLeave() }
        navigator.screensChanged(.shown)
    }

    /// `removed` (bottom first) are off the stack: each leaves, the top first, and the screen now
    /// on top is told it is.
    private func taken(off removed: [any ScreenCoordinator]) {
        for coordinator in removed.reversed() { coordinator.didLeave() }
        top?.didBecomeTop()
    }

    /// Esc: back one screen; on the first screen nothing happens.
    package func goBack() {
        pop()
    }

    /// q: leaves; results still waiting are counted on the way out, with where they are kept.
    package func quit() {
        navigator.quit(farewell: waitingNote)
    }

    /// What waits on this computer, said on the way out; nil when nothing does.
    package var waitingNote: String? {
        let waiting = dependencies.pendingResults.count
        guard waiting > 0 else { return nil }
        return "\(PendingResults.counting(waiting)) waiting to upload, kept in \(dependencies.pendingResults.journalLocation); "
            + "\(waiting == 1 ? "it goes" : "they go") up at the next start."
    }

    /// Ends the app, leaving `farewell` on the terminal once the screen is restored.
    package func quit(farewell: String) {
        navigator.quit(farewell: farewell)
    }

    /// The coordinator of the screen on top.
    var top: (any ScreenCoordinator)? { stack.last }

    package var screens: [any Screen] { stack.map(\.screen) }
}
