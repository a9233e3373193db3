/// Shows the login screen; on success hands the session to the app.
@MainActor
package final class LoginCoordinator: ScreenCoordinator, LoginPresenterDelegate {
    package let presenter: LoginPresenter
    package let screen: any Screen
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

    package func login(_ presenter: LoginPresenter, didLogIn session: Session) {
        app.didLogIn(session)
    }
}
