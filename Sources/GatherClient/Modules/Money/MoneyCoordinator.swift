/// Who owes what for the pitch: a screen of its own, reached from the roster (organisers).
@MainActor
package final class MoneyCoordinator: ScreenCoordinator {
    package let presenter: MoneyPresenter
    package let screen: any Screen

    init(app: AppCoordinator, service: any MoneyService) {
        presenter = MoneyPresenter(service: service)
        let view = app.factory.makeMoneyView(presenter: presenter)
        screen = view
        presenter.view = view
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }
}
