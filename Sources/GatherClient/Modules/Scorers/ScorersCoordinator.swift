/// The top scorers: a screen of its own, reached from the leaderboard.
@MainActor
package final class ScorersCoordinator: ScreenCoordinator {
    package let presenter: ScorersPresenter
    package let screen: any Screen

    init(app: AppCoordinator, season: SeasonPick) {
        presenter = ScorersPresenter(service: app.dependencies.statsService, season: season)
        let view = app.factory.makeScorersView(presenter: presenter)
        screen = view
        presenter.view = view
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }
}
