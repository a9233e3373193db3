/// The root of navigation: owns the stack of screen coordinators and mirrors it on the `Navigator`.
/// Starts at login, or straight at the player list when a saved session is still valid.
@MainActor
public final class AppCoordinator {
    public let navigator: any Navigator
    public let factory: any ViewFactory
    public let dependencies: AppDependencies
    private(set) var stack: [any ScreenCoordinator] = []

    public init(navigator: any Navigator, factory: any ViewFactory, dependencies: AppDependencies) {
        self.navigator = navigator
        self.factory = factory
        self.dependencies = dependencies
    }

    public func start() async {
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
        case .rejected:
            let notice = loginNotice(nil)
            dependencies.sessionStore.clearSession()
            showLogin(notice: notice)
        }
    }

    // MARK: Pending results

    /// The last upload started here (tests wait for it).
    private(set) var uploadTask: Task<Void, Never>?

    /// Sends waiting results in the background, if there are any.
    func uploadPendingResults() {
        let pendingResults = dependencies.pendingResults
        guard pendingResults.count > 0 else { return }
        uploadTask = Task { await pendingResults.uploadAll() }
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
            (coordinator as? PlayerListCoordinator)?.presenter.pendingResultsChanged(uploaded: uploaded)
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

    public func showLogin(notice: String?) {
        let coordinator = LoginCoordinator(app: self, notice: notice)
        setRoot(coordinator)
    }

    func didLogIn(_ session: Session) {
        try? dependencies.sessionStore.save(session)
        showPlayerList()
    }

    public func showPlayerList() {
        setRoot(PlayerListCoordinator(app: self))
    }

    /// Revokes the token on the server (if it can be reached), forgets the saved session, and
    /// shows the login screen.
    public func logOut() async {
        await dependencies.sessionService.logout()
        dependencies.sessionStore.clearSession()
        showLogin(notice: "Logged out.")
    }

    /// The server refused our token: back to login, saying why.
    public func sessionExpired() {
        // Counted before the session is forgotten: the waiting results are this account's.
        let notice = loginNotice("Your session has expired. Log in again.")
        dependencies.sessionStore.clearSession()
        showLogin(notice: notice)
    }

    // MARK: Stack

    func push(_ coordinator: any ScreenCoordinator) {
        stack.append(coordinator)
        navigator.push(coordinator.screen)
    }

    func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        navigator.pop()
    }

    func popToRoot() {
        guard stack.count > 1 else { return }
        stack.removeLast(stack.count - 1)
        navigator.popToRoot()
    }

    func setRoot(_ coordinator: any ScreenCoordinator) {
        stack = [coordinator]
        navigator.setRoot(coordinator.screen)
    }

    /// Esc: back one screen; on the first screen nothing happens.
    public func goBack() {
        pop()
    }

    public func quit() {
        navigator.quit(farewell: nil)
    }

    /// Ends the app, leaving `farewell` on the terminal once the screen is restored.
    public func quit(farewell: String) {
        navigator.quit(farewell: farewell)
    }

    /// The coordinator of the screen on top.
    var top: (any ScreenCoordinator)? { stack.last }
}
