import GatherDomain

/// The roster screen and the flows that start from it: details, add, and making teams.
@MainActor
package final class PlayerListCoordinator: ScreenCoordinator, PlayerListPresenterDelegate {
    package let presenter: PlayerListPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator

    init(app: AppCoordinator) {
        self.app = app
        let dependencies = app.dependencies
        let pendingResults = dependencies.pendingResults
        presenter = PlayerListPresenter(service: dependencies.playerService,
                                        rosterCache: dependencies.sessionStore.savedSession().map(dependencies.makeRosterCache),
                                        pendingCount: { pendingResults.count }, access: dependencies.access)
        let view = app.factory.makePlayerListView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }

    package func playerListDidRequestAdd(_ presenter: PlayerListPresenter) {
        let coordinator = AddPlayerCoordinator(app: app, existingNames: presenter.players.map(\.name)) { [weak self] player in
            self?.presenter.playerWasAdded(player)
        }
        app.push(coordinator)
    }

    package func playerList(_ presenter: PlayerListPresenter, didSelect player: Player) {
        let coordinator = PlayerDetailCoordinator(app: app, player: player) { [weak self] updated in
            self?.presenter.playerWasUpdated(updated)
        }
        app.push(coordinator)
    }

    package func playerList(_ presenter: PlayerListPresenter, didConfirm players: [Player]) {
        let coordinator = ConfirmTeamsCoordinator(app: app, players: players) { [weak self] result, kept in
            self?.gatherEnded(with: result, kept: kept)
        }
        app.push(coordinator)
    }

    package func playerListDidRequestLogout(_ presenter: PlayerListPresenter) {
        let app = app
        app.dependencies.effects.run { await app.logOut() }
    }

    package func playerListDidRequestHistory(_ presenter: PlayerListPresenter) {
        app.push(HistoryCoordinator(app: app) { [weak self] result, kept in
            self?.gatherEnded(with: result, kept: kept)
        })
    }

    package func playerListDidRequestLeaderboard(_ presenter: PlayerListPresenter) {
        app.push(LeaderboardCoordinator(app: app))
    }

    package func playerListDidRequestShareLinks(_ presenter: PlayerListPresenter) {
        guard let service = app.dependencies.shareService else { return }
        app.push(ShareLinksCoordinator(app: app, service: service))
    }

    package func playerListDidRequestFixtures(_ presenter: PlayerListPresenter) {
        guard let fixtures = app.dependencies.fixtures else { return }
        app.push(FixturesCoordinator(app: app, fixtures: fixtures, roster: presenter.players) { [weak self] result, kept in
            self?.gatherEnded(with: result, kept: kept)
        })
    }

    package func playerListDidRequestMoney(_ presenter: PlayerListPresenter) {
        guard let money = app.dependencies.money else { return }
        app.push(MoneyCoordinator(app: app, service: money))
    }

    package func playerListDidRequestGroups(_ presenter: PlayerListPresenter) {
        guard let groups = app.dependencies.groups, let session = app.dependencies.sessionStore.savedSession() else { return }
        app.push(GroupsCoordinator(app: app, service: groups.service, chooser: groups.chooser, session: session))
    }

    package func playerListDidReachServer(_ presenter: PlayerListPresenter) {
        app.uploadPendingResults()
    }

    /// After a gather: back to the roster, out of selection mode, fresh from the server, with
    /// the saved result confirmed (and where it is kept).
    func gatherEnded(with result: GatherResult, kept: KeptResult) {
        app.popToRoot()
        presenter.leaveSelectionMode()
        presenter.clearSelection()
        presenter.gatherWasSaved(result, kept: kept)
        let presenter = presenter
        app.dependencies.effects.run { await presenter.reload() }
    }
}
