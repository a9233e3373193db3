import GatherDomain

/// How a player form (a new player, or one field of a player) ends.
package enum PlayerFormEnd: Equatable, Sendable {
    /// Stored: the player as the server now has them.
    case saved(Player)
    /// Left without a change.
    case cancelled
}

@MainActor
package protocol PlayerFormDelegate: AnyObject {
    func playerForm(didEnd end: PlayerFormEnd)
}

/// A presenter of a player form, as its coordinator drives it.
@MainActor
package protocol PlayerFormPresenter: AnyObject {
    var delegate: (any PlayerFormDelegate)? { get set }
    func viewDidLoad()
}

/// Shows a player form over the screen that opened it, and goes back to that screen once the form
/// ends, handing it the saved player.
@MainActor
package final class PlayerFormCoordinator<Presenter: PlayerFormPresenter>: ScreenCoordinator, PlayerFormDelegate {
    package let presenter: Presenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let onSave: @MainActor (Player) -> Void

    /// `makeView` makes the presenter's view and gives it to the presenter.
    private init(app: AppCoordinator, presenter: Presenter, makeView: (Presenter) -> any Screen,
                 onSave: @escaping @MainActor (Player) -> Void) {
        self.app = app
        self.presenter = presenter
        self.onSave = onSave
        screen = makeView(presenter)
        presenter.delegate = self
        presenter.viewDidLoad()
    }

    package func playerForm(didEnd end: PlayerFormEnd) {
        app.pop()
        if case .saved(let player) = end { onSave(player) }
    }
}

/// A new player: `onAdd` gets them once the server has stored them.
package typealias AddPlayerCoordinator = PlayerFormCoordinator<AddPlayerPresenter>
/// One field of a player: `onSave` gets the player once the change is stored.
package typealias PlayerEditCoordinator = PlayerFormCoordinator<PlayerEditPresenter>

extension PlayerFormCoordinator where Presenter == AddPlayerPresenter {
    convenience init(app: AppCoordinator, existingNames: [String], onAdd: @escaping @MainActor (Player) -> Void) {
        self.init(app: app, presenter: AddPlayerPresenter(service: app.dependencies.playerService, existingNames: existingNames),
                  makeView: { presenter in
                      let view = app.factory.makeAddPlayerView(presenter: presenter)
                      presenter.view = view
                      return view
                  }, onSave: onAdd)
    }
}

extension PlayerFormCoordinator where Presenter == PlayerEditPresenter {
    convenience init(app: AppCoordinator, player: Player, field: PlayerField, onSave: @escaping @MainActor (Player) -> Void) {
        self.init(app: app, presenter: PlayerEditPresenter(player: player, field: field, service: app.dependencies.playerService),
                  makeView: { presenter in
                      let view = app.factory.makePlayerEditView(presenter: presenter)
                      presenter.view = view
                      return view
                  }, onSave: onSave)
    }
}
