/// Makes the view of each screen for its presenter. The terminal layer implements it; coordinator
/// tests use one that returns spies.
@MainActor
package protocol ViewFactory: AnyObject {
    func makeLoginView(presenter: LoginPresenter) -> any LoginView
    func makePlayerListView(presenter: PlayerListPresenter) -> any PlayerListView
    func makePlayerDetailView(presenter: PlayerDetailPresenter) -> any PlayerDetailView
    func makePlayerEditView(presenter: PlayerEditPresenter) -> any PlayerEditView
    func makeAddPlayerView(presenter: AddPlayerPresenter) -> any AddPlayerView
    func makeConfirmTeamsView(presenter: ConfirmTeamsPresenter) -> any ConfirmTeamsView
    func makeGatherView(presenter: GatherPresenter) -> any GatherView
    func makeHistoryView(presenter: HistoryPresenter) -> any HistoryView
    func makeMatchDetailView(presenter: MatchDetailPresenter) -> any MatchDetailView
    func makeScorersView(presenter: ScorersPresenter) -> any ScorersView
    func makeMoneyView(presenter: MoneyPresenter) -> any MoneyView
    func makeAccountView(presenter: AccountPresenter) -> any AccountView
    func makeLeaderboardView(presenter: LeaderboardPresenter) -> any LeaderboardView
    func makeShareLinksView(presenter: ShareLinksPresenter) -> any ShareLinksView
    func makeWatchView(presenter: WatchPresenter) -> any WatchView
    func makeGroupsView(presenter: GroupsPresenter) -> any GroupsView
    func makeChannelsView(presenter: ChannelsPresenter) -> any ChannelsView
    func makeFixturesView(presenter: FixturesPresenter) -> any FixturesView
    func makeFixtureDetailView(presenter: FixtureDetailPresenter) -> any FixtureDetailView
}
