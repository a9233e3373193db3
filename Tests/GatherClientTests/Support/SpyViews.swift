@testable import GatherClient
import XCTest

/// A view that records what its presenter displays, so tests can read the states.
@MainActor
protocol RecordingView: AnyObject {
    associatedtype State
    var states: [State] { get }
}

extension RecordingView {
    var last: State? { states.last }
    var displayCount: Int { states.count }
}

@MainActor
final class SpyLoginView: LoginView, RecordingView {
    private(set) var states: [LoginViewState] = []

    func display(_ state: LoginViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyPlayerListView: PlayerListView, RecordingView {
    private(set) var states: [PlayerListViewState] = []

    func display(_ state: PlayerListViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyPlayerDetailView: PlayerDetailView, RecordingView {
    private(set) var states: [PlayerDetailViewState] = []

    func display(_ state: PlayerDetailViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyPlayerEditView: PlayerEditView, RecordingView {
    private(set) var states: [PlayerEditViewState] = []

    func display(_ state: PlayerEditViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyAddPlayerView: AddPlayerView, RecordingView {
    private(set) var states: [AddPlayerViewState] = []

    func display(_ state: AddPlayerViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyConfirmTeamsView: ConfirmTeamsView, RecordingView {
    private(set) var states: [ConfirmTeamsViewState] = []

    func display(_ state: ConfirmTeamsViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyGatherView: GatherView, RecordingView {
    private(set) var states: [GatherViewState] = []
    private(set) var ringBellCount = 0

    func display(_ state: GatherViewState) {
        states.append(state)
    }

    func ringBell() {
        ringBellCount += 1
    }
}

@MainActor
final class SpyHistoryView: HistoryView, RecordingView {
    private(set) var states: [HistoryViewState] = []

    func display(_ state: HistoryViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyMatchDetailView: MatchDetailView, RecordingView {
    private(set) var states: [MatchDetailViewState] = []

    func display(_ state: MatchDetailViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyChannelsView: ChannelsView, RecordingView {
    private(set) var states: [ChannelsViewState] = []

    func display(_ state: ChannelsViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyShareLinksView: ShareLinksView, RecordingView {
    private(set) var states: [ShareLinksViewState] = []

    func display(_ state: ShareLinksViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyMoneyView: MoneyView, RecordingView {
    private(set) var states: [MoneyViewState] = []

    func display(_ state: MoneyViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyAccountView: AccountView, RecordingView {
    private(set) var states: [AccountViewState] = []

    func display(_ state: AccountViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyScorersView: ScorersView, RecordingView {
    private(set) var states: [ScorersViewState] = []

    func display(_ state: ScorersViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyLeaderboardView: LeaderboardView, RecordingView {
    private(set) var states: [LeaderboardViewState] = []

    func display(_ state: LeaderboardViewState) {
        states.append(state)
    }
}

/// Whether `view` displayed a state matching `predicate` (at index `index` or later): checked once
/// the app's work has settled, so nothing is still on its way.
@MainActor
func assertDisplayed<View: RecordingView>(on view: View, fromIndex index: Int = 0, _ message: String = "",
                                          file: StaticString = #filePath, line: UInt = #line,
                                          where predicate: (View.State) -> Bool) {
    XCTAssertTrue(view.states.dropFirst(index).contains(where: predicate),
                  "no displayed state matches the condition \(message)", file: file, line: line)
}

@MainActor
final class SpyWatchView: WatchView, RecordingView {
    private(set) var states: [WatchViewState] = []
    /// Told of each state as it is shown: the Watch screen hears its stream in a task of its own.
    var onDisplay: ((WatchViewState) -> Void)?

    func display(_ state: WatchViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyGroupsView: GroupsView, RecordingView {
    private(set) var states: [GroupsViewState] = []

    func display(_ state: GroupsViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyFixturesView: FixturesView, RecordingView {
    private(set) var states: [FixturesViewState] = []

    func display(_ state: FixturesViewState) {
        states.append(state)
    }
}

@MainActor
final class SpyFixtureDetailView: FixtureDetailView, RecordingView {
    private(set) var states: [FixtureDetailViewState] = []
    /// Told of each state as it is shown: the screen hears its live stream in a task of its own.
    var onDisplay: ((FixtureDetailViewState) -> Void)?

    func display(_ state: FixtureDetailViewState) {
        states.append(state)
        onDisplay?(state)
    }
}
