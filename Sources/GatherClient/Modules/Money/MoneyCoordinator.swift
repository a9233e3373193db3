/// Who owes what for the pitch: a screen of its own, reached from the roster (organisers), and
/// from it one player's account.
@MainActor
package final class MoneyCoordinator: ScreenCoordinator, MoneyPresenterDelegate {
    package let presenter: MoneyPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let service: any MoneyService

    init(app: AppCoordinator, service: any MoneyService) {
        self.app = app
        self.service = service
        presenter = MoneyPresenter(service: service)
        let view = app.factory.makeMoneyView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }

    package func money(_ presenter: MoneyPresenter, didOpenAccountOf playerID: Int, name: String) {
        let effects = app.dependencies.effects
        app.push(AccountCoordinator(app: app, playerID: playerID, name: name, service: service, onChange: {
            effects.run { await presenter.reload() }
        }))
    }
}
