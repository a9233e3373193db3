/// One player's account, opened from the Money screen.
@MainActor
package final class AccountCoordinator: ScreenCoordinator {
    package let presenter: AccountPresenter
    package let screen: any Screen

    init(app: AppCoordinator, playerID: Int, name: String, service: any MoneyService, onChange: @escaping @MainActor () -> Void) {
        presenter = AccountPresenter(playerID: playerID, name: name, service: service, onChange: onChange)
        let view = app.factory.makeAccountView(presenter: presenter)
        screen = view
        presenter.view = view
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }
}
