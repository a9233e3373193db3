import Foundation
@testable import GatherClient
import GatherDomain

@MainActor
final class SpyLoginDelegate: LoginPresenterDelegate {
    private(set) var sessions: [Session] = []

    func login(_ presenter: LoginPresenter, didLogIn session: Session) {
        sessions.append(session)
    }
}

@MainActor
final class SpyPlayerListDelegate: PlayerListPresenterDelegate {
    private(set) var addRequestCount = 0
    private(set) var selected: [Player] = []
    private(set) var confirmed: [[Player]] = []

    func playerListDidRequestAdd(_ presenter: PlayerListPresenter) {
        addRequestCount += 1
    }

    func playerList(_ presenter: PlayerListPresenter, didSelect player: Player) {
        selected.append(player)
    }

    func playerList(_ presenter: PlayerListPresenter, didConfirm players: [Player]) {
        confirmed.append(players)
    }

    private(set) var logoutRequestCount = 0

    func playerListDidRequestLogout(_ presenter: PlayerListPresenter) {
        logoutRequestCount += 1
    }

    private(set) var reachedServerCount = 0
    private(set) var historyRequestCount = 0
    private(set) var leaderboardRequestCount = 0

    func playerListDidRequestHistory(_ presenter: PlayerListPresenter) {
        historyRequestCount += 1
    }

    func playerListDidRequestLeaderboard(_ presenter: PlayerListPresenter) {
        leaderboardRequestCount += 1
    }

    private(set) var shareLinksRequestCount = 0

    func playerListDidRequestShareLinks(_ presenter: PlayerListPresenter) {
        shareLinksRequestCount += 1
    }

    private(set) var groupsRequestCount = 0

    func playerListDidRequestGroups(_ presenter: PlayerListPresenter) {
        groupsRequestCount += 1
    }

    private(set) var fixturesRequestCount = 0

    func playerListDidRequestFixtures(_ presenter: PlayerListPresenter) {
        fixturesRequestCount += 1
    }

    private(set) var moneyRequestCount = 0

    func playerListDidRequestMoney(_ presenter: PlayerListPresenter) {
        moneyRequestCount += 1
    }

    func playerListDidReachServer(_ presenter: PlayerListPresenter) {
        reachedServerCount += 1
    }
}

@MainActor
final class SpyPlayerDetailDelegate: PlayerDetailPresenterDelegate {
    struct EditRequest: Equatable {
        var field: PlayerField
        var player: Player
    }

    private(set) var editRequests: [EditRequest] = []

    func playerDetail(_ presenter: PlayerDetailPresenter, didRequestEdit field: PlayerField, of player: Player) {
        editRequests.append(EditRequest(field: field, player: player))
    }
}

@MainActor
final class SpyPlayerFormDelegate: PlayerFormDelegate {
    private(set) var saved: [Player] = []
    private(set) var cancelCount = 0

    func playerForm(didEnd end: PlayerFormEnd) {
        switch end {
        case .saved(let player): saved.append(player)
        case .cancelled: cancelCount += 1
        }
    }
}

@MainActor
final class SpyConfirmTeamsDelegate: ConfirmTeamsPresenterDelegate {
    struct Start: Equatable {
        var gatherID: UUID
        var assignments: [TeamAssignmentEntry]
        var teamA: [Player]
        var teamB: [Player]
        var balanceSeed: Int?
    }

    private(set) var starts: [Start] = []

    func confirmTeams(_ presenter: ConfirmTeamsPresenter, didStart gatherID: UUID, assignments: [TeamAssignmentEntry],
                      teamA: [Player], teamB: [Player], balanceSeed: Int?) {
        starts.append(Start(gatherID: gatherID, assignments: assignments, teamA: teamA, teamB: teamB, balanceSeed: balanceSeed))
    }

    private(set) var published: [Fixture] = []

    func confirmTeams(_ presenter: ConfirmTeamsPresenter, didPublish fixture: Fixture) {
        published.append(fixture)
    }
}

@MainActor
final class SpyGatherDelegate: GatherPresenterDelegate {
    private(set) var endCount = 0
    private(set) var quitCount = 0
    private(set) var endedWith: GatherResult?
    private(set) var keptAs: KeptResult?

    func gatherDidEnd(_ presenter: GatherPresenter, with result: GatherResult, kept: KeptResult) {
        endCount += 1
        endedWith = result
        keptAs = kept
    }

    func gatherDidRequestQuit(_ presenter: GatherPresenter) {
        quitCount += 1
    }

    private(set) var savedAndQuit: [KeptResult] = []

    func gatherDidSaveAndQuit(_ presenter: GatherPresenter, with result: GatherResult, kept: KeptResult) {
        savedAndQuit.append(kept)
        quitCount += 1
    }

    private(set) var backCount = 0

    func gatherDidRequestBack(_ presenter: GatherPresenter) {
        backCount += 1
    }

    private(set) var discardCount = 0

    func gatherDidDiscard(_ presenter: GatherPresenter) {
        discardCount += 1
    }
}
