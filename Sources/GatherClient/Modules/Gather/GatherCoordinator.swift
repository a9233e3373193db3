import Foundation
import GatherDomain

@MainActor
package final class GatherCoordinator: ScreenCoordinator, GatherPresenterDelegate {
    package let presenter: GatherPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator
    private let onEnd: @MainActor (GatherResult, KeptResult) -> Void

    init(app: AppCoordinator, gatherID: UUID, assignments: [TeamAssignmentEntry], teamA: [Player], teamB: [Player],
         balanceSeed: Int? = nil, otherNames: [Int: String] = [:], resuming unfinished: UnfinishedMatch? = nil, fixtureID: Int? = nil,
         onEnd: @escaping @MainActor (GatherResult, KeptResult) -> Void) {
        self.app = app
        self.onEnd = onEnd
        let dependencies = app.dependencies
        let live = dependencies.liveService.map { service in
            LiveBroadcast(service: service, token: { dependencies.sessionStore.savedSession()?.token }, ticker: dependencies.makeTicker(),
                          effects: dependencies.effects, errands: dependencies.errands)
        }
        presenter = GatherPresenter(gatherID: gatherID, assignments: assignments, teamA: teamA, teamB: teamB,
                                    keeper: dependencies.pendingResults,
                                    ticker: dependencies.makeTicker(), time: dependencies.time, balanceSeed: balanceSeed,
                                    otherNames: otherNames, live: live, resuming: unfinished, fixtureID: fixtureID)
        let view = app.factory.makeGatherView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        presenter.viewDidLoad()
        // How the group plays its matches, when the server says in time: a new match takes it
        // until the organiser chooses otherwise (offline: one period, as the clock was set).
        if unfinished == nil, let groups = dependencies.groups, let user = dependencies.sessionStore.savedSession()?.userID {
            let group = groups.chooser.chosenGroup(for: user) ?? user
            let presenter = presenter
            dependencies.effects.run {
                if let settings = try? await groups.service.settings(of: group) { presenter.useGroupFormat(settings.matchFormat) }
            }
        }
    }

    package func gatherDidEnd(_ presenter: GatherPresenter, with result: GatherResult, kept: KeptResult) {
        onEnd(result, kept)
    }

    package func gatherDidRequestQuit(_ presenter: GatherPresenter) {
        app.quit()
    }

    package func gatherDidSaveAndQuit(_ presenter: GatherPresenter, with result: GatherResult, kept: KeptResult) {
        switch kept {
        case .uploaded:
            app.quit(farewell: "Saved: \(result.scoreLine)")
        case .inQuestion:
            app.quit(farewell: "Saved (\(result.scoreLine)), in question: " + PlayerListPresenter.inQuestionReason)
        case .keptOnThisComputer(.unauthorized):
            app.quit(farewell: "Saved on this computer (\(result.scoreLine)); it will upload after you log in again.")
        case .keptOnThisComputer(.unknownPlayers(let ids, _)):
            app.quit(farewell: "Kept on this computer (\(result.scoreLine)): the server no longer has "
                     + (ids.count == 1 ? "one of its players" : "\(ids.count) of its players") + ". In History, f uploads it without them.")
        case .keptOnThisComputer:
            app.quit(farewell: "Saved on this computer (\(result.scoreLine)); it will upload when the server is back.")
        }
    }

    package func gatherDidRequestBack(_ presenter: GatherPresenter) {
        app.goBack()
    }

    package func gatherDidDiscard(_ presenter: GatherPresenter) {
        app.goBack()
    }
}
