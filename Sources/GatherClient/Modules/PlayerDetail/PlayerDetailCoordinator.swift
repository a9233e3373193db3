import GatherDomain

@MainActor
package final class PlayerDetailCoordinator: ScreenCoordinator, PlayerDetailPresenterDelegate {
    package let presenter: PlayerDetailPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let onUpdate: @MainActor (Player) -> Void

    init(app: AppCoordinator, player: Player, onUpdate: @escaping @MainActor (Player) -> Void) {
        self.app = app
        self.onUpdate = onUpdate
        presenter = PlayerDetailPresenter(player: player, stats: app.dependencies.statsService, access: app.dependencies.access)
        let view = app.factory.makePlayerDetailView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        presenter.viewDidLoad()
        let presenter = presenter
        app.dependencies.effects.run { await presenter.loadRecord() }
    }

    package func playerDetail(_ presenter: PlayerDetailPresenter, didRequestEdit field: PlayerField, of player: Player) {
        let coordinator = PlayerEditCoordinator(app: app, player: player, field: field) { [weak self] updated in
            guard let self else { return }
            self.app.dependencies.effects.run(self.presenter.playerWasUpdated(updated))
            self.onUpdate(updated)
        }
        app.push(coordinator)
    }
}
