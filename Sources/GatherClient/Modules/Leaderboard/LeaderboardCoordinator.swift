/// The leaderboard: a screen of its own, no further navigation.
@MainActor
package final class LeaderboardCoordinator: ScreenCoordinator {
    package let presenter: LeaderboardPresenter
    package let screen: any Screen

    init(app: AppCoordinator) {
        presenter = LeaderboardPresenter(service: app.dependencies.statsService)
        let view = app.factory.makeLeaderboardView(presenter: presenter)
        screen = view
        presenter.view = view
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }
}
