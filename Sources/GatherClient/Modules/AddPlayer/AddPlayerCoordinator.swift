import GatherDomain

@MainActor
package final class AddPlayerCoordinator: ScreenCoordinator, AddPlayerPresenterDelegate {
    package let presenter: AddPlayerPresenter
    package let screen: AnyObject
    private unowned let app: AppCoordinator
    private let onAdd: @MainActor (Player) -> Void

    init(app: AppCoordinator, existingNames: [String], onAdd: @escaping @MainActor (Player) -> Void) {
        self.app = app
        self.onAdd = onAdd
        presenter = AddPlayerPresenter(service: app.dependencies.playerService, existingNames: existingNames)
        let view = app.factory.makeAddPlayerView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        presenter.viewDidLoad()
    }

    package func addPlayer(_ presenter: AddPlayerPresenter, didAdd player: Player) {
        app.pop()
        onAdd(player)
    }

    package func addPlayerDidCancel(_ presenter: AddPlayerPresenter) {
        app.pop()
    }
}
