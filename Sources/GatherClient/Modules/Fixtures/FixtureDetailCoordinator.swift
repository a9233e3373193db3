import Foundation
import GatherDomain

/// One fixture: who's in, live; its teams made, published and played from it.
@MainActor
package final class FixtureDetailCoordinator: ScreenCoordinator, FixtureDetailPresenterDelegate {
    package let presenter: FixtureDetailPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let service: any FixtureService
    private let onChange: @MainActor (Fixture) -> Void
    private let onGatherEnd: @MainActor (GatherResult, KeptResult) -> Void

    init(app: AppCoordinator, fixture: Fixture, roster: [Player], fixtures: FixtureDependencies,
         onGatherEnd: @escaping @MainActor (GatherResult, KeptResult) -> Void, onChange: @escaping @MainActor (Fixture) -> Void) {
        self.app = app
        self.service = fixtures.service
        self.onChange = onChange
        self.onGatherEnd = onGatherEnd
        let dependencies = app.dependencies
        presenter = FixtureDetailPresenter(fixture: fixture, roster: roster, service: fixtures.service, links: fixtures.links,
                                           feed: fixtures.makeFeed?(), ticker: dependencies.makeTicker(), time: dependencies.time,
                                           effects: dependencies.effects)
        let view = app.factory.makeFixtureDetailView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        presenter.viewDidLoad()
    }

    package func fixtureDetail(_ presenter: FixtureDetailPresenter, didChange fixture: Fixture) {
        onChange(fixture)
    }

    package func fixtureDetail(_ presenter: FixtureDetailPresenter, didRequestTeamsOf players: [Player], for fixture: Fixture) {
        app.push(ConfirmTeamsCoordinator(app: app, players: players,
                                         fixture: TeamsFixture(id: fixture.id, service: service, published: fixture.teams),
                                         onGatherEnd: onGatherEnd) { [weak self] published in
            self?.presenter.teamsPublished(published)
        })
    }

    package func fixtureDetail(_ presenter: FixtureDetailPresenter, didStartMatchWith teamA: [Player], _ teamB: [Player], for fixture: Fixture) {
        let assignments = teamA.map { TeamAssignmentEntry(playerID: $0.id, team: .teamA) }
            + teamB.map { TeamAssignmentEntry(playerID: $0.id, team: .teamB) }
        app.push(GatherCoordinator(app: app, gatherID: UUID(), assignments: assignments, teamA: teamA, teamB: teamB, fixtureID: fixture.id,
                                   onEnd: onGatherEnd))
    }

    package func didGetCovered() {
        presenter.covered()
    }

    package func didBecomeTop() {
        let presenter = presenter
        app.dependencies.effects.run { await presenter.uncovered() }
    }

    package func didLeave() {
        presenter.stop()
    }
}
