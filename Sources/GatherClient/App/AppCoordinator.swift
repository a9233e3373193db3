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
        guard let saved = dependencies.sessionStore.savedSession() else {
            showLogin(notice: nil)
            return
        }
        switch await dependencies.sessionService.validate(saved) {
        case .valid, .unreachable:
            // Unreachable: the list shows the connection error and `r` retries; the session is kept.
            showPlayerList()
        case .rejected:
            dependencies.sessionStore.clearSession()
            showLogin(notice: nil)
        }
    }

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
        dependencies.sessionStore.clearSession()
        showLogin(notice: "Your session has expired. Log in again.")
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
        navigator.quit()
    }

    /// The coordinator of the screen on top.
    var top: (any ScreenCoordinator)? { stack.last }
}
