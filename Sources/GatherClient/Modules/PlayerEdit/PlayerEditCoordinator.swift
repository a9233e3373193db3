import GatherDomain

@MainActor
package final class PlayerEditCoordinator: ScreenCoordinator, PlayerEditPresenterDelegate {
    package let presenter: PlayerEditPresenter
    package let screen: AnyObject
    private unowned let app: AppCoordinator
    private let onSave: @MainActor (Player) -> Void

    init(app: AppCoordinator, player: Player, field: PlayerField, onSave: @escaping @MainActor (Player) -> Void) {
        self.app = app
        self.onSave = onSave
        presenter = PlayerEditPresenter(player: player, field: field, service: app.dependencies.playerService)
        let view = app.factory.makePlayerEditView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        presenter.viewDidLoad()
    }

    package func playerEdit(_ presenter: PlayerEditPresenter, didSave player: Player) {
        app.pop()
        onSave(player)
    }

    package func playerEditDidCancel(_ presenter: PlayerEditPresenter) {
        app.pop()
    }
}
