import GatherCore

@MainActor
public final class PlayerEditCoordinator: ScreenCoordinator, PlayerEditPresenterDelegate {
    public let presenter: PlayerEditPresenter
    public let screen: AnyObject
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

    public func playerEdit(_ presenter: PlayerEditPresenter, didSave player: Player) {
        app.pop()
        onSave(player)
    }

    public func playerEditDidCancel(_ presenter: PlayerEditPresenter) {
        app.pop()
    }
}
