@testable import GatherClient
import XCTest

/// A view that records what its presenter displays, so tests can read the states or wait for one.
@MainActor
protocol RecordingView: AnyObject {
    associatedtype State
    var states: [State] { get }
    var onDisplay: ((State) -> Void)? { get set }
}

extension RecordingView {
    var last: State? { states.last }
    var displayCount: Int { states.count }
}

@MainActor
final class SpyLoginView: LoginView, RecordingView {
    private(set) var states: [LoginViewState] = []
    var onDisplay: ((LoginViewState) -> Void)?

    func display(_ state: LoginViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyPlayerListView: PlayerListView, RecordingView {
    private(set) var states: [PlayerListViewState] = []
    var onDisplay: ((PlayerListViewState) -> Void)?

    func display(_ state: PlayerListViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyPlayerDetailView: PlayerDetailView, RecordingView {
    private(set) var states: [PlayerDetailViewState] = []
    var onDisplay: ((PlayerDetailViewState) -> Void)?

    func display(_ state: PlayerDetailViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyPlayerEditView: PlayerEditView, RecordingView {
    private(set) var states: [PlayerEditViewState] = []
    var onDisplay: ((PlayerEditViewState) -> Void)?

    func display(_ state: PlayerEditViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyAddPlayerView: AddPlayerView, RecordingView {
    private(set) var states: [AddPlayerViewState] = []
    var onDisplay: ((AddPlayerViewState) -> Void)?

    func display(_ state: AddPlayerViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyConfirmTeamsView: ConfirmTeamsView, RecordingView {
    private(set) var states: [ConfirmTeamsViewState] = []
    var onDisplay: ((ConfirmTeamsViewState) -> Void)?

    func display(_ state: ConfirmTeamsViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyGatherView: GatherView, RecordingView {
    private(set) var states: [GatherViewState] = []
    private(set) var ringBellCount = 0
    var onDisplay: ((GatherViewState) -> Void)?

    func display(_ state: GatherViewState) {
        states.append(state)
        onDisplay?(state)
    }

    func ringBell() {
        ringBellCount += 1
    }
}

@MainActor
final class SpyHistoryView: HistoryView, RecordingView {
    private(set) var states: [HistoryViewState] = []
    var onDisplay: ((HistoryViewState) -> Void)?

    func display(_ state: HistoryViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyMatchDetailView: MatchDetailView, RecordingView {
    private(set) var states: [MatchDetailViewState] = []
    var onDisplay: ((MatchDetailViewState) -> Void)?

    func display(_ state: MatchDetailViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyShareLinksView: ShareLinksView, RecordingView {
    private(set) var states: [ShareLinksViewState] = []
    var onDisplay: ((ShareLinksViewState) -> Void)?

    func display(_ state: ShareLinksViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyLeaderboardView: LeaderboardView, RecordingView {
    private(set) var states: [LeaderboardViewState] = []
    var onDisplay: ((LeaderboardViewState) -> Void)?

    func display(_ state: LeaderboardViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

extension XCTestCase {
    /// Waits until `view` displays a state matching `predicate` (one already displayed at index
    /// `index` or later counts), failing the test after `timeout`.
    @MainActor
    func waitForDisplay<View: RecordingView>(on view: View, fromIndex index: Int = 0, timeout: TimeInterval = 5,
                                             file: StaticString = #filePath, line: Int = #line,
                                             where predicate: @escaping (View.State) -> Bool) async {
        if view.states.dropFirst(index).contains(where: predicate) { return }
        let expectation = expectation(description: "a displayed state matching the condition")
        expectation.assertForOverFulfill = false
        view.onDisplay = { state in
            if predicate(state) { expectation.fulfill() }
        }
        await fulfillment(of: [expectation], timeout: timeout, file: file, line: line)
        view.onDisplay = nil
    }
}

@MainActor
final class SpyWatchView: WatchView, RecordingView {
    private(set) var states: [WatchViewState] = []
    var onDisplay: ((WatchViewState) -> Void)?

    func display(_ state: WatchViewState) {
        states.append(state)
        onDisplay?(state)
    }
}

@MainActor
final class SpyGroupsView: GroupsView, RecordingView {
    private(set) var states: [GroupsViewState] = []
    var onDisplay: ((GroupsViewState) -> Void)?

    func display(_ state: GroupsViewState) {
        states.append(state)
        onDisplay?(state)
    }
}
