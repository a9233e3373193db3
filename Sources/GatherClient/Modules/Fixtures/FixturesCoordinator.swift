import GatherDomain

/// The group's fixtures, opened from the roster: Enter opens one.
@MainActor
package final class FixturesCoordinator: ScreenCoordinator, FixturesPresenterDelegate {
    package let presenter: FixturesPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let fixtures: FixtureDependencies
    /// The roster the fixtures' answers are read against.
    private let roster: [Player]
    private let onGatherEnd: @MainActor (GatherResult, KeptResult) -> Void

    init(app: AppCoordinator, fixtures: FixtureDependencies, roster: [Player],
         onGatherEnd: @escaping @MainActor (GatherResult, KeptResult) -> Void) {
        self.app = app
        self.fixtures = fixtures
        self.roster = roster
        self.onGatherEnd = onGatherEnd
        presenter = FixturesPresenter(service: fixtures.service)
        let view = app.factory.makeFixturesView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }

    package func fixtures(_ presenter: FixturesPresenter, didSelect fixture: Fixture) {
        app.push(FixtureDetailCoordinator(app: app, fixture: fixture, roster: roster, fixtures: fixtures, onGatherEnd: onGatherEnd) {
            [weak self] changed in self?.presenter.fixtureChanged(changed)
        })
    }
}
