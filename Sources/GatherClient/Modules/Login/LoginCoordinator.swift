/// Shows the login screen; on success hands the session to the app.
@MainActor
public final class LoginCoordinator: ScreenCoordinator, LoginPresenterDelegate {
    public let presenter: LoginPresenter
    public let screen: AnyObject
    private unowned let app: AppCoordinator

    init(app: AppCoordinator, notice: String?) {
        self.app = app
        presenter = LoginPresenter(service: app.dependencies.sessionService, memory: app.dependencies.sessionStore,
                                   server: app.dependencies.server, notice: notice,
                                   serverWarning: app.dependencies.serverWarning)
        let view = app.factory.makeLoginView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        presenter.viewDidLoad()
    }

    public func login(_ presenter: LoginPresenter, didLogIn session: Session) {
        app.didLogIn(session)
    }
}
