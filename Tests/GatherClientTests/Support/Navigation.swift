@testable import GatherClient

@MainActor
final class SpyNavigator: Navigator {
    /// The root whose screens are shown; set once the root is made.
    weak var root: (any NavigationRoot)?
    private(set) var changes: [NavigationChange] = []
    private(set) var quitCount = 0

    /// The screens as they were when the navigator was last told of a change.
    private(set) var stack: [any Screen] = []
    var top: (any Screen)? { stack.last }

    func screensChanged(_ change: NavigationChange) {
        changes.append(change)
        stack = root?.screens ?? []
    }

    private(set) var farewells: [String] = []

    func quit(farewell: String?) {
        if let farewell { farewells.append(farewell) }
        quitCount += 1
    }
}

@MainActor
final class SpyViewFactory: ViewFactory {
    private(set) var loginView: SpyLoginView?
    private(set) var playerListView: SpyPlayerListView?
    private(set) var playerDetailView: SpyPlayerDetailView?
    private(set) var playerEditView: SpyPlayerEditView?
    private(set) var addPlayerView: SpyAddPlayerView?
    private(set) var confirmTeamsView: SpyConfirmTeamsView?
    private(set) var gatherView: SpyGatherView?
    private(set) var historyView: SpyHistoryView?
    private(set) var matchDetailView: SpyMatchDetailView?
    private(set) var leaderboardView: SpyLeaderboardView?
    private(set) var scorersView: SpyScorersView?
    private(set) var moneyView: SpyMoneyView?
    private(set) var accountView: SpyAccountView?
    private(set) var shareLinksView: SpyShareLinksView?
    private(set) var watchView: SpyWatchView?
    private(set) var groupsView: SpyGroupsView?
    private(set) var channelsView: SpyChannelsView?
    private(set) var fixturesView: SpyFixturesView?
    private(set) var fixtureDetailView: SpyFixtureDetailView?

    func makeFixturesView(presenter: FixturesPresenter) -> any FixturesView {
        let view = SpyFixturesView()
        fixturesView = view
        return view
    }

    func makeFixtureDetailView(presenter: FixtureDetailPresenter) -> any FixtureDetailView {
        let view = SpyFixtureDetailView()
        fixtureDetailView = view
        return view
    }

    func makeChannelsView(presenter: ChannelsPresenter) -> any ChannelsView {
        let view = SpyChannelsView()
        channelsView = view
        return view
    }

    func makeGroupsView(presenter: GroupsPresenter) -> any GroupsView {
        let view = SpyGroupsView()
        groupsView = view
        return view
    }

    func makeWatchView(presenter: WatchPresenter) -> any WatchView {
        let view = SpyWatchView()
        watchView = view
        return view
    }

    func makeHistoryView(presenter: HistoryPresenter) -> any HistoryView {
        let view = SpyHistoryView()
        historyView = view
        return view
    }

    func makeMatchDetailView(presenter: MatchDetailPresenter) -> any MatchDetailView {
        let view = SpyMatchDetailView()
        matchDetailView = view
        return view
    }

    func makeMoneyView(presenter: MoneyPresenter) -> any MoneyView {
        let view = SpyMoneyView()
        moneyView = view
        return view
    }

    func makeAccountView(presenter: AccountPresenter) -> any AccountView {
        let view = SpyAccountView()
        accountView = view
        return view
    }

    func makeScorersView(presenter: ScorersPresenter) -> any ScorersView {
        let view = SpyScorersView()
        scorersView = view
        return view
    }

    func makeLeaderboardView(presenter: LeaderboardPresenter) -> any LeaderboardView {
        let view = SpyLeaderboardView()
        leaderboardView = view
        return view
    }

    func makeShareLinksView(presenter: ShareLinksPresenter) -> any ShareLinksView {
        let view = SpyShareLinksView()
        shareLinksView = view
        return view
    }

    func makeLoginView(presenter: LoginPresenter) -> any LoginView {
        let view = SpyLoginView()
        loginView = view
        return view
    }

    func makePlayerListView(presenter: PlayerListPresenter) -> any PlayerListView {
        let view = SpyPlayerListView()
        playerListView = view
        return view
    }

    func makePlayerDetailView(presenter: PlayerDetailPresenter) -> any PlayerDetailView {
        let view = SpyPlayerDetailView()
        playerDetailView = view
        return view
    }

    func makePlayerEditView(presenter: PlayerEditPresenter) -> any PlayerEditView {
        let view = SpyPlayerEditView()
        playerEditView = view
        return view
    }

    func makeAddPlayerView(presenter: AddPlayerPresenter) -> any AddPlayerView {
        let view = SpyAddPlayerView()
        addPlayerView = view
        return view
    }

    func makeConfirmTeamsView(presenter: ConfirmTeamsPresenter) -> any ConfirmTeamsView {
        let view = SpyConfirmTeamsView()
        confirmTeamsView = view
        return view
    }

    func makeGatherView(presenter: GatherPresenter) -> any GatherView {
        let view = SpyGatherView()
        gatherView = view
        return view
    }
}
