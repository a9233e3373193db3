import Foundation
import GatherDomain

/// History and what starts from it: one match in full, resuming an unfinished one.
@MainActor
package final class HistoryCoordinator: ScreenCoordinator, HistoryPresenterDelegate {
    package let presenter: HistoryPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let onGatherEnd: @MainActor (GatherResult, KeptResult) -> Void

    init(app: AppCoordinator, onGatherEnd: @escaping @MainActor (GatherResult, KeptResult) -> Void) {
        self.app = app
        self.onGatherEnd = onGatherEnd
        presenter = HistoryPresenter(service: app.dependencies.gatherService, waiting: app.dependencies.pendingResults,
                                     access: app.dependencies.access)
        let view = app.factory.makeHistoryView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }

    package func history(_ presenter: HistoryPresenter, didSelect match: MatchSummary) {
        let history = self.presenter
        app.push(MatchDetailCoordinator(app: app, match: match, onCorrect: { history.corrected($0) }))
    }

    /// Back to the match screen with the gather's teams (players retired since are not on the
    /// pitch, but stay in what is stored: the whole match is sent again with its result, and it
    /// must not lose them); saving stores the result on that same gather.
    package func history(_ presenter: HistoryPresenter, didResume match: GatherWithPlayers) {
        let playing = match.players.filter { !$0.isRetired }
        let coordinator = GatherCoordinator(app: app, gatherID: match.gather.id,
                                            assignments: match.players.map { TeamAssignmentEntry(playerID: $0.player.id, team: $0.team) },
                                            teamA: playing.filter { $0.team == .teamA }.map(\.player),
                                            teamB: playing.filter { $0.team == .teamB }.map(\.player),
                                            balanceSeed: match.gather.balanceSeed,
                                            otherNames: Dictionary(match.players.map { ($0.player.id, $0.player.name) },
                                                                   uniquingKeysWith: { first, _ in first }),
                                            onEnd: onGatherEnd)
        app.push(coordinator)
    }
}

/// One match in full, its goals corrected by an organiser.
@MainActor
package final class MatchDetailCoordinator: ScreenCoordinator, MatchDetailPresenterDelegate {
    package let presenter: MatchDetailPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let onCorrect: @MainActor (GatherWithPlayers) -> Void

    init(app: AppCoordinator, match: MatchSummary, onCorrect: @escaping @MainActor (GatherWithPlayers) -> Void) {
        self.app = app
        self.onCorrect = onCorrect
        presenter = MatchDetailPresenter(match: match,
                                         corrections: app.dependencies.access().changes ? app.dependencies.pendingResults : nil,
                                         votes: app.dependencies.votes,
                                         money: app.dependencies.access().changes ? app.dependencies.money : nil)
        let view = app.factory.makeMatchDetailView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        presenter.viewDidLoad()
        app.dependencies.effects.run { [presenter] in
            await presenter.loadManOfTheMatch()
            await presenter.loadCost()
        }
    }

    package func matchDetail(_ presenter: MatchDetailPresenter, didCorrect match: GatherWithPlayers) {
        onCorrect(match)
    }

    package func matchDetailDidLeave(_ presenter: MatchDetailPresenter) {
        app.pop()
    }
}
