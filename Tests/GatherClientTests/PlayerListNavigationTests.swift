@testable import GatherClient
import GatherDomain
import XCTest

/// The player list's paging, name filter, and the ways to History and the leaderboard.
@MainActor
final class PlayerListNavigationTests: XCTestCase {
    private static let elodie = Player(id: 5, name: "Élodie")
    private static let anais = Player(id: 6, name: "Anaïs")
    /// Ana, Bruno, Carla, Dani, Élodie, Anaïs.
    private static let roster = Fixtures.roster + [elodie, anais]

    private var presenter: PlayerListPresenter!
    private var view: SpyPlayerListView!
    private var delegate: SpyPlayerListDelegate!
    private var service: StubPlayerService!

    private func load(_ players: [Player] = roster) async {
        service = StubPlayerService(players: players)
        presenter = PlayerListPresenter(service: service)
        view = SpyPlayerListView()
        delegate = SpyPlayerListDelegate()
        presenter.view = view
        presenter.delegate = delegate
        await presenter.viewDidLoad()
    }

    private var names: [String] { view.last?.rows.map(\.name) ?? [] }
    private var highlightedNames: [String] { view.last?.rows.filter(\.isHighlighted).map(\.name) ?? [] }
    private var selectedNames: [String] { view.last?.rows.filter(\.isSelected).map(\.name) ?? [] }

    private let result = GatherResult(score: Score(teamA: 3, teamB: 2)!)

    // MARK: Moving

    func testThePositionIsShown() async {
        await load()

        XCTAssertEqual(view.last?.position, "1/6")
        presenter.moveDown()
        XCTAssertEqual(view.last?.position, "2/6")
    }

    func testAnEmptyRosterHasNoPosition() async {
        await load([])

        XCTAssertEqual(view.last?.position, "")
    }

    func testMovingByAPageStopsAtEitherEnd() async {
        await load()

        presenter.move(by: 4)
        XCTAssertEqual(highlightedNames, ["Élodie"])
        XCTAssertEqual(view.last?.position, "5/6")
        presenter.move(by: 4)
        XCTAssertEqual(highlightedNames, ["Anaïs"])
        XCTAssertEqual(view.last?.position, "6/6")
        presenter.move(by: -3)
        XCTAssertEqual(highlightedNames, ["Carla"])
        presenter.move(by: -10)
        XCTAssertEqual(highlightedNames, ["Ana"])
        XCTAssertEqual(view.last?.position, "1/6")
    }

    func testMovingToEitherEnd() async {
        await load()

        presenter.moveToLast()
        XCTAssertEqual(highlightedNames, ["Anaïs"])
        XCTAssertEqual(presenter.highlighted, 5)
        XCTAssertEqual(view.last?.position, "6/6")

        presenter.moveToFirst()
        XCTAssertEqual(highlightedNames, ["Ana"])
        XCTAssertEqual(view.last?.position, "1/6")
    }

    func testMovingWhereItCannotGoLeavesTheScreenAsItWas() async {
        await load()
        let shown = view.displayCount

        presenter.move(by: -1)
        presenter.moveToFirst()

        XCTAssertEqual(view.displayCount, shown)
        presenter.moveToLast()
        let atEnd = view.displayCount
        presenter.move(by: 5)
        presenter.moveToLast()
        XCTAssertEqual(view.displayCount, atEnd)
        XCTAssertEqual(highlightedNames, ["Anaïs"])
    }

    // MARK: Filtering

    func testFilteringNarrowsTheRowsToMatchingNames() async {
        await load()

        presenter.beginFilter()
        XCTAssertEqual(view.last?.filter, "")
        XCTAssertEqual(names, ["Ana", "Bruno", "Carla", "Dani", "Élodie", "Anaïs"], "nothing typed: everyone")

        presenter.updateFilter("an")
        XCTAssertEqual(view.last?.filter, "an")
        XCTAssertEqual(names, ["Ana", "Dani", "Anaïs"])
        XCTAssertEqual(view.last?.position, "1/3")
        XCTAssertEqual(highlightedNames, ["Ana"])
    }

    func testTheFilterIgnoresCaseAndAccents() async {
        await load()
        presenter.beginFilter()

        presenter.updateFilter("ANAI")
        XCTAssertEqual(names, ["Anaïs"])

        presenter.updateFilter("elo")
        XCTAssertEqual(names, ["Élodie"])
    }

    func testAFilterMatchingNobodyShowsNoRowsButNotTheEmptyRosterMessage() async {
        await load()
        presenter.beginFilter()

        presenter.updateFilter("Xavier")

        XCTAssertEqual(names, [])
        XCTAssertEqual(view.last?.position, "")
        XCTAssertEqual(view.last?.isEmptyRoster, false)
        presenter.openHighlighted()
        XCTAssertEqual(delegate.selected, [])
    }

    func testTypingHighlightsTheFirstPlayerShown() async {
        await load()
        presenter.moveToLast()
        presenter.beginFilter()

        presenter.updateFilter("r")

        XCTAssertEqual(names, ["Bruno", "Carla"])
        XCTAssertEqual(highlightedNames, ["Bruno"])
    }

    func testTheHighlightMovesAmongThePlayersShown() async {
        await load()
        presenter.beginFilter()
        presenter.updateFilter("an")

        presenter.moveDown()
        XCTAssertEqual(highlightedNames, ["Dani"])
        XCTAssertEqual(presenter.highlighted, 1, "an index into the rows shown")
        XCTAssertEqual(view.last?.position, "2/3")
        presenter.move(by: 5)
        XCTAssertEqual(highlightedNames, ["Anaïs"])
        XCTAssertEqual(view.last?.position, "3/3")
    }

    func testOpeningWhileFilteredOpensThePlayerShown() async {
        await load()
        presenter.beginFilter()
        presenter.updateFilter("an")
        presenter.moveDown()

        presenter.openHighlighted()

        XCTAssertEqual(delegate.selected, [Fixtures.dani])
    }

    func testClearingTheFilterKeepsTheHighlightedPlayer() async {
        await load()
        presenter.beginFilter()
        presenter.updateFilter("an")
        presenter.moveToLast()
        XCTAssertEqual(highlightedNames, ["Anaïs"])

        presenter.clearFilter()

        XCTAssertNil(view.last?.filter)
        XCTAssertEqual(names, ["Ana", "Bruno", "Carla", "Dani", "Élodie", "Anaïs"])
        XCTAssertEqual(highlightedNames, ["Anaïs"])
        XCTAssertEqual(view.last?.position, "6/6")
        presenter.openHighlighted()
        XCTAssertEqual(delegate.selected, [Self.anais])
    }

    func testClearingAFilterThatShowedNobodyShowsEveryone() async {
        await load()
        presenter.beginFilter()
        presenter.updateFilter("Xavier")

        presenter.clearFilter()

        XCTAssertEqual(names.count, 6)
        XCTAssertEqual(highlightedNames, ["Ana"])
        XCTAssertEqual(view.last?.position, "1/6")
    }

    func testTypingWithoutStartingTheFilterDoesNothing() async {
        await load()

        presenter.updateFilter("an")

        XCTAssertNil(view.last?.filter)
        XCTAssertEqual(names.count, 6)
    }

    func testNoFilterWhileADeletionIsAsked() async {
        await load()
        await presenter.requestDelete()

        presenter.beginFilter()

        XCTAssertNil(view.last?.filter)
        XCTAssertEqual(view.last?.pendingDeletion, "Ana")
    }

    func testNoFilterWhileLoggingOutIsAsked() async {
        await load()
        presenter.requestLogout()

        presenter.beginFilter()

        XCTAssertNil(view.last?.filter)
        XCTAssertEqual(view.last?.isConfirmingLogout, true)
    }

    func testPicksWhileFilteredAreThePlayersShownAndStayPicked() async {
        await load()
        presenter.toggleSelectionMode()
        presenter.beginFilter()
        presenter.updateFilter("elo")

        presenter.toggleHighlightedSelection()
        XCTAssertEqual(selectedNames, ["Élodie"])

        presenter.clearFilter()
        XCTAssertEqual(selectedNames, ["Élodie"])
        XCTAssertEqual(highlightedNames, ["Élodie"])
        XCTAssertEqual(view.last?.title, "Players — 1 selected")
    }

    func testDeletingWhileFilteredAsksAboutThePlayerShown() async {
        await load()
        presenter.beginFilter()
        presenter.updateFilter("elo")

        await presenter.requestDelete()
        XCTAssertEqual(view.last?.pendingDeletion, "Élodie")

        await presenter.confirmDelete()
        XCTAssertEqual(service.deletedIDs, [Self.elodie.id])
        XCTAssertEqual(names, [], "nobody else matches")
        presenter.clearFilter()
        XCTAssertEqual(names, ["Ana", "Bruno", "Carla", "Dani", "Anaïs"])
    }

    func testStartingTheFilterDropsTheSavedResultNotice() async {
        await load()
        presenter.gatherWasSaved(result, kept: .uploaded)

        presenter.beginFilter()

        XCTAssertNil(view.last?.savedResult)
    }

    // MARK: History and leaderboard

    func testHistoryAndTheLeaderboardAreAskedOfTheDelegate() async {
        await load()

        presenter.showHistory()
        XCTAssertEqual(delegate.historyRequestCount, 1)
        XCTAssertEqual(delegate.leaderboardRequestCount, 0)

        presenter.showLeaderboard()
        XCTAssertEqual(delegate.historyRequestCount, 1)
        XCTAssertEqual(delegate.leaderboardRequestCount, 1)
    }

    func testHistoryAndTheLeaderboardWaitWhileADeletionIsAsked() async {
        await load()
        await presenter.requestDelete()

        presenter.showHistory()
        presenter.showLeaderboard()
        XCTAssertEqual(delegate.historyRequestCount, 0)
        XCTAssertEqual(delegate.leaderboardRequestCount, 0)

        presenter.cancelDelete()
        presenter.showHistory()
        presenter.showLeaderboard()
        XCTAssertEqual(delegate.historyRequestCount, 1)
        XCTAssertEqual(delegate.leaderboardRequestCount, 1)
    }

    func testHistoryAndTheLeaderboardWaitWhileLoggingOutIsAsked() async {
        await load()
        presenter.requestLogout()

        presenter.showHistory()
        presenter.showLeaderboard()
        XCTAssertEqual(delegate.historyRequestCount, 0)
        XCTAssertEqual(delegate.leaderboardRequestCount, 0)

        presenter.cancelLogout()
        presenter.showHistory()
        presenter.showLeaderboard()
        XCTAssertEqual(delegate.historyRequestCount, 1)
        XCTAssertEqual(delegate.leaderboardRequestCount, 1)
    }

    func testGoingToHistoryOrTheLeaderboardDropsTheSavedResultNotice() async {
        for action: @MainActor (PlayerListPresenter) -> Void in [{ $0.showHistory() }, { $0.showLeaderboard() }] {
            await load()
            presenter.gatherWasSaved(result, kept: .uploaded)
            XCTAssertEqual(view.last?.savedResult, result)

            action(presenter)
            presenter.moveDown()

            XCTAssertNil(view.last?.savedResult)
        }
    }

    // MARK: Refreshing

    func testRefreshDropsTheSavedResultNoticeAndLoadsTheRosterAgain() async {
        await load()
        presenter.gatherWasSaved(result, kept: .keptOnThisComputer(.unreachable("down")))
        XCTAssertEqual(view.last?.savedResult, result)
        XCTAssertEqual(view.last?.savedLocally, .serverUnreachable)
        service.playersResult = .success([Fixtures.ana, Fixtures.bruno])
        let shown = view.displayCount

        await presenter.refresh()

        XCTAssertEqual(service.playersCallCount, 2)
        XCTAssertTrue(view.states.dropFirst(shown).contains(where: \.isLoading))
        XCTAssertNil(view.last?.savedResult)
        XCTAssertNil(view.last?.savedLocally)
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertEqual(names, ["Ana", "Bruno"])
        XCTAssertEqual(delegate.reachedServerCount, 2)
    }

    func testRefreshDropsTheUploadNotice() async {
        await load()
        XCTAssertNil(presenter.pendingResultsChanged(uploaded: 2))
        XCTAssertEqual(view.last?.uploadedResults, 2)

        await presenter.refresh()

        XCTAssertEqual(view.last?.uploadedResults, 0)
    }

    func testRefreshShowsAnErrorIfTheServerStillFails() async {
        await load()
        service.playersResult = .failure(.rejected(status: 500, reason: "Internal error"))

        await presenter.refresh()

        XCTAssertEqual(view.last?.error, "Internal error")
        XCTAssertEqual(service.playersCallCount, 2)
    }
}
