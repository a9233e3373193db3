/// The leaderboard, and from it the top scorers.
@MainActor
package final class LeaderboardCoordinator: ScreenCoordinator, LeaderboardPresenterDelegate {
    package let presenter: LeaderboardPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator

    init(app: AppCoordinator) {
        self.app = app
        presenter = LeaderboardPresenter(service: app.dependencies.statsService)
        let view = app.factory.makeLeaderboardView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }

    package func leaderboardDidAskForScorers(_ presenter: LeaderboardPresenter, season: SeasonPick) {
        app.push(ScorersCoordinator(app: app, season: season))
    }
}
