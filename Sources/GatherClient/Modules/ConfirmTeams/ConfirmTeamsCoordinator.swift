import Foundation
import GatherDomain

@MainActor
package final class ConfirmTeamsCoordinator: ScreenCoordinator, ConfirmTeamsPresenterDelegate {
    package let presenter: ConfirmTeamsPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let onGatherEnd: @MainActor (GatherResult, KeptResult) -> Void
    private let onPublished: @MainActor (Fixture) -> Void

    /// With a `fixture`, Enter publishes the teams there and goes back (`onPublished`); without
    /// one it starts the match.
    init(app: AppCoordinator, players: [Player], fixture: TeamsFixture? = nil,
         onGatherEnd: @escaping @MainActor (GatherResult, KeptResult) -> Void, onPublished: @escaping @MainActor (Fixture) -> Void = { _ in }) {
        self.app = app
        self.onGatherEnd = onGatherEnd
        self.onPublished = onPublished
        presenter = ConfirmTeamsPresenter(players: players, fixture: fixture)
        let view = app.factory.makeConfirmTeamsView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        presenter.viewDidLoad()
        // The ratings make fairer teams and tell the odds; offline the declared skill still balances.
        let stats = app.dependencies.statsService, presenter = presenter
        app.dependencies.effects.run {
            guard let rated = try? await stats.ratings() else { return }
            presenter.useRatings(rated)
        }
    }

    package func confirmTeams(_ presenter: ConfirmTeamsPresenter, didStart gatherID: UUID, assignments: [TeamAssignmentEntry],
                             teamA: [Player], teamB: [Player], balanceSeed: Int?) {
        let bench = Dictionary(presenter.members(of: .bench).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let coordinator = GatherCoordinator(app: app, gatherID: gatherID, assignments: assignments, teamA: teamA, teamB: teamB,
                                            balanceSeed: balanceSeed, otherNames: bench, onEnd: onGatherEnd)
        app.push(coordinator)
    }

    package func confirmTeams(_ presenter: ConfirmTeamsPresenter, didPublish fixture: Fixture) {
        app.goBack()
        onPublished(fixture)
    }
}
