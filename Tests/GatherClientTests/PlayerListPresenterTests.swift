@testable import GatherClient
import GatherDomain
import XCTest

@MainActor
final class PlayerListPresenterTests: XCTestCase {
    private var presenter: PlayerListPresenter!
    private var view: SpyPlayerListView!
    private var delegate: SpyPlayerListDelegate!
    private var service: StubPlayerService!

    private func load(_ players: [Player] = Fixtures.roster) async {
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

    // MARK: A saved match

    func testASavedMatchIsConfirmedUntilTheNextAction() async throws {
        let result = GatherResult(score: try XCTUnwrap(Score(teamA: 3, teamB: 2)))
        let actions: [@MainActor (PlayerListPresenter) async -> Void] = [
            { $0.add() }, { $0.openHighlighted() }, { await $0.requestDelete() }, { $0.toggleSelectionMode() },
        ]
        for action in actions {
            await load()
            presenter.gatherWasSaved(result, kept: .uploaded)
            XCTAssertEqual(view.last?.savedResult, result)
            presenter.moveDown()
            XCTAssertEqual(view.last?.savedResult, result, "moving keeps it")
            await action(presenter)
            presenter.moveUp()
            XCTAssertNil(view.last?.savedResult)
        }
    }

    // MARK: Logging out

    func testLogoutAsksFirst() async {
        await load()
        presenter.requestLogout()
        XCTAssertEqual(view.last?.isConfirmingLogout, true)
        XCTAssertEqual(delegate.logoutRequestCount, 0)

        presenter.cancelLogout()
        XCTAssertEqual(view.last?.isConfirmingLogout, false)
        presenter.confirmLogout()
        XCTAssertEqual(delegate.logoutRequestCount, 0, "nothing to confirm after cancelling")

        presenter.requestLogout()
        presenter.confirmLogout()
        XCTAssertEqual(delegate.logoutRequestCount, 1)
    }

    func testLogoutWaitsWhileADeletionIsAsked() async {
        await load()
        await presenter.requestDelete()
        presenter.requestLogout()
        XCTAssertEqual(view.last?.isConfirmingLogout, false)
    }

    /// One question at a time: while logging out is asked, d, a and Enter wait, and cancelling a
    /// deletion that was never asked leaves the logout question on screen.
    func testADeletionWaitsWhileLoggingOutIsAsked() async {
        await load()
        presenter.requestLogout()
        await presenter.requestDelete()
        presenter.add()
        presenter.openHighlighted()
        XCTAssertNil(view.last?.pendingDeletion)
        XCTAssertEqual(delegate.addRequestCount, 0)
        XCTAssertEqual(delegate.selected, [])
        presenter.cancelDelete()
        XCTAssertEqual(view.last?.isConfirmingLogout, true)
        presenter.confirmLogout()
        XCTAssertEqual(delegate.logoutRequestCount, 1)
    }

    // MARK: Loading

    func testShowsLoadingThenTheRows() async {
        await load()

        XCTAssertEqual(service.playersCallCount, 1)
        let first = view.states.first
        XCTAssertEqual(first?.isLoading, true)
        XCTAssertEqual(first?.rows, [])
        XCTAssertEqual(first?.isEmptyRoster, false)
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertEqual(view.last?.title, "Players")
        XCTAssertEqual(names, ["Ana", "Bruno", "Carla", "Dani"])
        XCTAssertEqual(view.last?.isEmptyRoster, false)
        XCTAssertNil(view.last?.error)
        XCTAssertNil(view.last?.pendingDeletion)
    }

    func testRowsShowCapitalizedPositionAndSkillAndADashWhenUnset() async {
        await load()

        let rows = view.last?.rows ?? []
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(rows[0].position, "Midfielder")
        XCTAssertEqual(rows[0].skill, "Amateur")
        XCTAssertEqual(rows[1].position, "Goalkeeper")
        XCTAssertEqual(rows[1].skill, "Professional")
        XCTAssertEqual(rows[2].position, "—")
        XCTAssertEqual(rows[2].skill, "—")
        XCTAssertEqual(rows[3].position, "Striker")
        XCTAssertEqual(rows[3].skill, "Beginner")
        XCTAssertEqual(rows.map(\.isSelected), [false, false, false, false])
        XCTAssertEqual(rows.map(\.isHighlighted), [true, false, false, false])
    }

    func testEmptyRosterShowsTheEmptyMessage() async {
        await load([])

        XCTAssertEqual(view.last?.rows, [])
        XCTAssertEqual(view.last?.isEmptyRoster, true)
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertNil(presenter.highlightedPlayer)
    }

    func testLoadingErrorIsShownInsteadOfTheEmptyMessage() async {
        service = StubPlayerService()
        service.playersResult = .failure(.unreachable("The server at http://127.0.0.1:8080 did not answer in time"))
        presenter = PlayerListPresenter(service: service)
        view = SpyPlayerListView()
        presenter.view = view

        await presenter.viewDidLoad()

        XCTAssertEqual(view.last?.error, "The server at http://127.0.0.1:8080 did not answer in time")
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertEqual(view.last?.isEmptyRoster, false)
        XCTAssertEqual(view.last?.rows, [])
    }

    func testReloadAfterAnErrorClearsIt() async {
        service = StubPlayerService()
        service.playersResult = .failure(.unreachable("Cannot reach the server"))
        presenter = PlayerListPresenter(service: service)
        view = SpyPlayerListView()
        presenter.view = view
        await presenter.viewDidLoad()
        service.playersResult = .success([Fixtures.ana])

        await presenter.reload()

        XCTAssertNil(view.last?.error)
        XCTAssertEqual(names, ["Ana"])
    }

    // MARK: Moving

    func testHighlightMovesAndStaysInBounds() async {
        await load()

        presenter.moveUp()
        XCTAssertEqual(highlightedNames, ["Ana"])
        presenter.moveDown()
        XCTAssertEqual(highlightedNames, ["Bruno"])
        presenter.moveDown()
        presenter.moveDown()
        XCTAssertEqual(highlightedNames, ["Dani"])
        presenter.moveDown()
        XCTAssertEqual(highlightedNames, ["Dani"])
        XCTAssertEqual(presenter.highlighted, 3)
        presenter.moveUp()
        XCTAssertEqual(highlightedNames, ["Carla"])
    }

    func testMovingOnAnEmptyRosterDoesNothing() async {
        await load([])

        presenter.moveDown()
        presenter.moveUp()

        XCTAssertEqual(presenter.highlighted, 0)
        XCTAssertEqual(view.last?.isEmptyRoster, true)
    }

    func testOpenHighlightedTellsTheDelegateWhichPlayer() async {
        await load()
        presenter.moveDown()
        presenter.moveDown()

        presenter.openHighlighted()

        XCTAssertEqual(delegate.selected, [Fixtures.carla])
    }

    func testOpenOnAnEmptyRosterDoesNothing() async {
        await load([])

        presenter.openHighlighted()

        XCTAssertEqual(delegate.selected, [])
    }

    func testAddAsksTheDelegate() async {
        await load()

        presenter.add()

        XCTAssertEqual(delegate.addRequestCount, 1)
    }

    // MARK: Deleting

    func testDeleteAsksForConfirmationWithTheName() async {
        await load()
        presenter.moveDown()

        await presenter.requestDelete()

        XCTAssertEqual(view.last?.pendingDeletion, "Bruno")
        XCTAssertTrue(presenter.isConfirming)
        XCTAssertEqual(service.deletedIDs, [])
    }

    func testTheDeletePromptSaysHowManyMatchesAreKept() async {
        await load()
        service.gatherCountResult = .success(4)

        await presenter.requestDelete()

        XCTAssertEqual(view.last?.pendingDeletion, "Ana")
        XCTAssertEqual(view.last?.pendingDeletionGathers, 4)

        // Unknown (the server cannot say): asked all the same.
        presenter.cancelDelete()
        service.gatherCountResult = .failure(.unreachable("Cannot reach the server"))
        await presenter.requestDelete()
        XCTAssertEqual(view.last?.pendingDeletion, "Ana")
        XCTAssertNil(view.last?.pendingDeletionGathers)
    }

    func testConfirmedDeleteRemovesThePlayerOnTheServerAndFromTheRows() async {
        await load()
        presenter.moveDown()
        await presenter.requestDelete()

        await presenter.confirmDelete()

        XCTAssertEqual(service.deletedIDs, [Fixtures.bruno.id])
        XCTAssertEqual(names, ["Ana", "Carla", "Dani"])
        XCTAssertNil(view.last?.pendingDeletion)
        XCTAssertNil(view.last?.error)
        XCTAssertFalse(presenter.isConfirming)
        XCTAssertEqual(highlightedNames.count, 1)
        XCTAssertEqual(view.last?.notice, "Deleted Bruno", "one line says what happened")
        presenter.toggleSelectionMode()
        XCTAssertNil(view.last?.notice, "until the next action")
    }

    func testAnAddedPlayerIsConfirmedInOneLine() async {
        await load()
        presenter.playerWasAdded(Player(id: 9, name: "Zoë"))
        XCTAssertEqual(view.last?.notice, "Added Zoë")
        XCTAssertEqual(highlightedNames, ["Zoë"])
    }

    func testDeletingTheLastRowMovesTheHighlightUp() async {
        await load()
        for _ in 0..<3 { presenter.moveDown() }
        await presenter.requestDelete()

        await presenter.confirmDelete()

        XCTAssertEqual(names, ["Ana", "Bruno", "Carla"])
        XCTAssertEqual(highlightedNames, ["Carla"])
    }

    func testDeletingTheOnlyPlayerShowsTheEmptyMessage() async {
        await load([Fixtures.ana])
        await presenter.requestDelete()

        await presenter.confirmDelete()

        XCTAssertEqual(view.last?.rows, [])
        XCTAssertEqual(view.last?.isEmptyRoster, true)
    }

    func testCancelledDeleteKeepsTheRow() async {
        await load()
        await presenter.requestDelete()

        presenter.cancelDelete()

        XCTAssertNil(view.last?.pendingDeletion)
        XCTAssertEqual(service.deletedIDs, [])
        XCTAssertEqual(names, ["Ana", "Bruno", "Carla", "Dani"])
    }

    func testFailedDeleteShowsTheErrorAndKeepsTheRow() async {
        await load()
        service.deleteError = .rejected(status: 404, reason: "Player not found")
        await presenter.requestDelete()

        await presenter.confirmDelete()

        XCTAssertEqual(service.deletedIDs, [Fixtures.ana.id])
        XCTAssertEqual(view.last?.error, "Player not found")
        XCTAssertNil(view.last?.pendingDeletion)
        XCTAssertEqual(names, ["Ana", "Bruno", "Carla", "Dani"])
    }

    func testConfirmDeleteWithoutARequestDoesNothing() async {
        await load()

        await presenter.confirmDelete()

        XCTAssertEqual(service.deletedIDs, [])
        XCTAssertEqual(names.count, 4)
    }

    func testOpenAndAddAreIgnoredWhileAskingToDelete() async {
        await load()
        await presenter.requestDelete()

        presenter.openHighlighted()
        presenter.add()

        XCTAssertEqual(delegate.selected, [])
        XCTAssertEqual(delegate.addRequestCount, 0)
        XCTAssertEqual(view.last?.pendingDeletion, "Ana")
    }

    // MARK: Selection

    func testSelectionModeShowsTheCountInTheTitle() async {
        await load()

        presenter.toggleSelectionMode()
        XCTAssertEqual(view.last?.title, "Players — 0 selected")
        XCTAssertEqual(view.last?.isSelecting, true)

        presenter.toggleHighlightedSelection()
        XCTAssertEqual(view.last?.title, "Players — 1 selected")
        XCTAssertEqual(selectedNames, ["Ana"])

        presenter.moveDown()
        presenter.toggleHighlightedSelection()
        XCTAssertEqual(view.last?.title, "Players — 2 selected")
        XCTAssertEqual(selectedNames, ["Ana", "Bruno"])
    }

    func testTogglingASelectedPlayerUnselectsIt() async {
        await load()
        presenter.toggleSelectionMode()
        presenter.toggleHighlightedSelection()

        presenter.toggleHighlightedSelection()

        XCTAssertEqual(selectedNames, [])
        XCTAssertEqual(view.last?.title, "Players — 0 selected")
    }

    func testToggleOutsideSelectionModeSelectsNothing() async {
        await load()

        presenter.toggleHighlightedSelection()

        XCTAssertEqual(selectedNames, [])
        XCTAssertEqual(view.last?.title, "Players")
        XCTAssertEqual(presenter.selectedIDs, [])
    }

    func testConfirmingFewerThanTwoShowsAnErrorAndDoesNotMakeTeams() async {
        await load()
        presenter.toggleSelectionMode()
        presenter.toggleHighlightedSelection()

        presenter.confirmSelection()

        XCTAssertEqual(view.last?.error, "Select at least 2 players to make teams")
        XCTAssertEqual(delegate.confirmed, [])
    }

    func testConfirmingWithNoneSelectedShowsAnError() async {
        await load()
        presenter.toggleSelectionMode()

        presenter.confirmSelection()

        XCTAssertEqual(view.last?.error, "Select at least 2 players to make teams")
        XCTAssertEqual(delegate.confirmed, [])
    }

    func testConfirmingTwoOrMoreGivesExactlyTheSelectedPlayersInRosterOrder() async {
        await load()
        presenter.toggleSelectionMode()
        for _ in 0..<3 { presenter.moveDown() }
        presenter.toggleHighlightedSelection()
        presenter.moveUp()
        presenter.moveUp()
        presenter.toggleHighlightedSelection()
        presenter.moveUp()
        presenter.toggleHighlightedSelection()

        presenter.confirmSelection()

        XCTAssertEqual(delegate.confirmed, [[Fixtures.ana, Fixtures.bruno, Fixtures.dani]])
        XCTAssertNil(view.last?.error)
    }

    func testConfirmOutsideSelectionModeDoesNothing() async {
        await load()

        presenter.confirmSelection()

        XCTAssertEqual(delegate.confirmed, [])
        XCTAssertNil(view.last?.error)
    }

    func testSelectingAgainClearsTheTooFewError() async {
        await load()
        presenter.toggleSelectionMode()
        presenter.confirmSelection()

        presenter.toggleHighlightedSelection()

        XCTAssertNil(view.last?.error)
    }

    func testLeavingSelectionModeHidesThePicksAndReturningShowsThem() async {
        await load()
        presenter.toggleSelectionMode()
        presenter.toggleHighlightedSelection()
        presenter.moveDown()
        presenter.toggleHighlightedSelection()

        presenter.toggleSelectionMode()
        XCTAssertEqual(view.last?.title, "Players")
        XCTAssertEqual(view.last?.isSelecting, false)

        presenter.toggleSelectionMode()
        XCTAssertEqual(view.last?.title, "Players — 2 selected")
        XCTAssertEqual(selectedNames, ["Ana", "Bruno"])
    }

    func testPicksSurviveLeavingSelectionModeAndComingBack() async {
        await load()
        presenter.toggleSelectionMode()
        presenter.toggleHighlightedSelection()

        presenter.leaveSelectionMode()
        XCTAssertFalse(presenter.isSelecting)
        XCTAssertEqual(view.last?.title, "Players")
        XCTAssertEqual(presenter.selectedIDs, [Fixtures.ana.id])

        presenter.leaveSelectionMode()
        XCTAssertFalse(presenter.isSelecting, "harmless outside it")
        presenter.toggleSelectionMode()
        XCTAssertEqual(view.last?.title, "Players — 1 selected")
        XCTAssertEqual(selectedNames, ["Ana"])
    }

    /// Picks Ana and Bruno, confirms the teams, and leaves as the coordinator does after the match.
    private func playAMatchWithAnaAndBruno() {
        presenter.toggleSelectionMode()
        presenter.toggleHighlightedSelection()
        presenter.moveDown()
        presenter.toggleHighlightedSelection()
        presenter.confirmSelection()
        presenter.leaveSelectionMode()
        presenter.clearSelection()
    }

    func testTheLastMatchsPlayersArePickedAgainWithOneKey() async {
        await load()
        XCTAssertEqual(view.last?.canPickLastMatch, false)
        presenter.pickLastMatch()
        XCTAssertFalse(presenter.isSelecting, "no match yet: nothing to pick")

        playAMatchWithAnaAndBruno()
        XCTAssertEqual(presenter.selectedIDs, [])
        XCTAssertEqual(view.last?.canPickLastMatch, true)

        presenter.pickLastMatch()

        XCTAssertTrue(presenter.isSelecting)
        XCTAssertEqual(selectedNames, ["Ana", "Bruno"])
    }

    func testPlayersGoneSinceTheLastMatchAreNotPicked() async {
        await load()
        playAMatchWithAnaAndBruno()
        presenter.moveUp()
        await presenter.requestDelete()
        await presenter.confirmDelete()

        presenter.pickLastMatch()

        XCTAssertEqual(selectedNames, ["Bruno"])
    }

    func testDeletingASelectedPlayerUnselectsIt() async {
        await load()
        presenter.toggleSelectionMode()
        presenter.toggleHighlightedSelection()
        await presenter.requestDelete()

        await presenter.confirmDelete()

        XCTAssertEqual(view.last?.title, "Players — 0 selected")
        XCTAssertEqual(presenter.selectedIDs, [])
    }

    // MARK: Updates from other screens

    func testAddedPlayerAppearsAtOnceAndIsHighlighted() async {
        await load()
        let eva = Player(id: 9, name: "Eva", skill: .professional, preferredPosition: .winger)

        presenter.playerWasAdded(eva)

        XCTAssertEqual(names, ["Ana", "Bruno", "Carla", "Dani", "Eva"])
        XCTAssertEqual(highlightedNames, ["Eva"])
        XCTAssertEqual(view.last?.rows.last?.position, "Winger")
        XCTAssertEqual(view.last?.rows.last?.skill, "Professional")
    }

    func testAddingToAnEmptyRosterReplacesTheEmptyMessage() async {
        await load([])

        presenter.playerWasAdded(Fixtures.ana)

        XCTAssertEqual(view.last?.isEmptyRoster, false)
        XCTAssertEqual(names, ["Ana"])
    }

    func testUpdatedPlayerIsReflectedAtOnce() async {
        await load()
        var renamed = Fixtures.bruno
        renamed.name = "Bruno M."
        renamed.preferredPosition = .defender

        presenter.playerWasUpdated(renamed)

        XCTAssertEqual(names, ["Ana", "Bruno M.", "Carla", "Dani"])
        XCTAssertEqual(view.last?.rows[1].position, "Defender")
    }

    func testUpdateOfAnUnknownPlayerChangesNothing() async {
        await load()

        presenter.playerWasUpdated(Player(id: 99, name: "Nobody"))

        XCTAssertEqual(names, ["Ana", "Bruno", "Carla", "Dani"])
    }
}

/// The roster kept for offline play.
@MainActor
final class PlayerListOfflineTests: XCTestCase {
    func testALoadedRosterIsKeptAndShownWhenTheServerCannotBeReached() async {
        let service = StubPlayerService(players: Fixtures.roster)
        let cache = InMemoryRosterCache()
        let presenter = PlayerListPresenter(service: service, rosterCache: cache, pendingCount: { 2 })
        let view = SpyPlayerListView()
        let delegate = SpyPlayerListDelegate()
        presenter.view = view
        presenter.delegate = delegate

        await presenter.viewDidLoad()
        XCTAssertEqual(cache.saved, Fixtures.roster)
        XCTAssertEqual(delegate.reachedServerCount, 1, "the server answers: waiting results can go up")
        XCTAssertEqual(view.last?.isOffline, false)
        XCTAssertEqual(view.last?.pendingResults, 2)

        service.playersResult = .failure(.unreachable("Cannot reach the server at http://127.0.0.1:8080"))
        await presenter.reload()

        XCTAssertEqual(view.last?.isOffline, true)
        XCTAssertEqual(delegate.reachedServerCount, 1)
        XCTAssertEqual(view.last?.rows.map(\.name), ["Ana", "Bruno", "Carla", "Dani"])
        XCTAssertEqual(view.last?.error,
                       "Cannot reach the server at http://127.0.0.1:8080. Showing the roster as last loaded; r retries.")
        presenter.toggleSelectionMode()
        presenter.toggleHighlightedSelection()
        XCTAssertEqual(view.last?.rows.filter(\.isSelected).count, 1, "players can be picked offline")
    }

    func testOtherFailuresDoNotFallBackToTheCache() async {
        let service = StubPlayerService()
        service.playersResult = .failure(.rejected(status: 500, reason: "database is locked"))
        let presenter = PlayerListPresenter(service: service, rosterCache: InMemoryRosterCache(players: Fixtures.roster))
        let view = SpyPlayerListView()
        presenter.view = view

        await presenter.viewDidLoad()

        XCTAssertEqual(view.last?.error, "database is locked")
        XCTAssertEqual(view.last?.rows, [])
        XCTAssertEqual(view.last?.isOffline, false)
    }

    func testWhereAResultWasKeptIsSaidAndUploadsAreConfirmed() {
        let presenter = PlayerListPresenter(service: StubPlayerService())
        let view = SpyPlayerListView()
        presenter.view = view
        let result = GatherResult(score: Score(teamA: 2, teamB: 2) ?? .goalless)

        presenter.gatherWasSaved(result, kept: .keptOnThisComputer(.unreachable("down")))
        XCTAssertEqual(view.last?.savedLocally, .serverUnreachable)
        presenter.gatherWasSaved(result, kept: .keptOnThisComputer(.unauthorized("expired")))
        XCTAssertEqual(view.last?.savedLocally, .sessionExpired)

        XCTAssertNil(presenter.pendingResultsChanged(uploaded: 1), "online: no reload asked for")
        XCTAssertEqual(view.last?.uploadedResults, 1)
        XCTAssertNil(view.last?.savedResult, "no longer only on this computer")
        XCTAssertNil(presenter.pendingResultsChanged(uploaded: 0))
        XCTAssertEqual(view.last?.uploadedResults, 1, "a quiet run changes nothing said")
        presenter.toggleSelectionMode()
        XCTAssertEqual(view.last?.uploadedResults, 0, "until the next action")
    }

    func testPicksAndTheLastMatchSurviveARestart() async {
        let cache = InMemoryRosterCache()
        let first = PlayerListPresenter(service: StubPlayerService(players: Fixtures.roster), rosterCache: cache)
        // Held here: the presenter keeps its view weakly.
        let firstView = SpyPlayerListView()
        first.view = firstView
        await first.viewDidLoad()
        first.toggleSelectionMode()
        first.toggleHighlightedSelection()
        first.moveDown()
        first.toggleHighlightedSelection()
        first.confirmSelection()
        first.clearSelection()                 // the match was played
        first.leaveSelectionMode()
        first.toggleSelectionMode()
        first.moveDown()
        first.toggleHighlightedSelection()     // Carla picked for next time

        let again = PlayerListPresenter(service: StubPlayerService(players: Fixtures.roster), rosterCache: cache)
        let view = SpyPlayerListView()
        again.view = view
        await again.viewDidLoad()

        again.toggleSelectionMode()
        XCTAssertEqual(view.last?.rows.filter(\.isSelected).map(\.name), ["Carla"], "picks kept across the restart")
        XCTAssertEqual(view.last?.canPickLastMatch, true)
        again.pickLastMatch()
        XCTAssertEqual(view.last?.rows.filter(\.isSelected).map(\.name), ["Ana", "Bruno"], "p: the last match's players")
        again.clearPicks()
        XCTAssertEqual(view.last?.rows.filter(\.isSelected).count, 0, "x clears every pick")
        XCTAssertEqual(cache.savedPicks?.selected, [])

        again.pickLastMatch()
        again.leaveSelectionMode()
        XCTAssertEqual(view.last?.pickCount, 2)
        again.clearPicks()
        XCTAssertEqual(view.last?.notice, "Cleared 2 picks", "c outside selection mode: the picks are not shown, so it says")
        XCTAssertEqual(view.last?.pickCount, 0)
    }

    func testOListsTheRosterByNamePositionAndSkillKeepingTheHighlight() async {
        let zed = Player(id: 5, name: "zed", skill: .professional, preferredPosition: .defender)
        let presenter = PlayerListPresenter(service: StubPlayerService(players: [Fixtures.dani, Fixtures.carla, zed, Fixtures.bruno,
                                                                                 Fixtures.ana]))
        let view = SpyPlayerListView()
        presenter.view = view
        await presenter.viewDidLoad()
        let names = { view.last?.rows.map(\.name) ?? [] }
        XCTAssertEqual(names(), ["Dani", "Carla", "zed", "Bruno", "Ana"], "as added")

        presenter.cycleOrder()
        XCTAssertEqual(names(), ["Ana", "Bruno", "Carla", "Dani", "zed"], "by name, whatever the case")
        XCTAssertEqual(view.last?.title, "Players · by name")
        XCTAssertEqual(view.last?.rows.first(where: \.isHighlighted)?.name, "Dani", "the highlight stays on Dani")

        presenter.cycleOrder()
        XCTAssertEqual(names(), ["Bruno", "zed", "Ana", "Dani", "Carla"], "goalkeeper, defender, midfielder, striker, none")
        presenter.cycleOrder()
        XCTAssertEqual(names(), ["Bruno", "zed", "Ana", "Dani", "Carla"], "professional (by name), amateur, beginner, none")
        presenter.cycleOrder()
        XCTAssertEqual(names(), ["Dani", "Carla", "zed", "Bruno", "Ana"], "round to as added")
        XCTAssertEqual(view.last?.title, "Players")
    }

    func testPicksAreKeptWhenTheRosterCannotBeLoaded() async {
        let cache = InMemoryRosterCache()
        cache.savePicks(Picks(selected: [1, 2], lastMatch: [3]))
        let service = StubPlayerService()
        service.playersResult = .failure(.rejected(status: 503, reason: "the database is busy, try again"))
        let presenter = PlayerListPresenter(service: service, rosterCache: cache)
        // Held here: the presenter keeps its view weakly.
        let presenterView = SpyPlayerListView()
        presenter.view = presenterView

        await presenter.viewDidLoad()

        XCTAssertEqual(cache.savedPicks, Picks(selected: [1, 2], lastMatch: [3]), "no roster, nothing to narrow them by")
    }

    func testAQuestionFromTheNetworkIsNotFollowedByAFullStop() async {
        let service = StubPlayerService()
        service.playersResult = .failure(.unreachable("Cannot reach the server at http://127.0.0.1:8080: connection refused. Is gather-server running?"))
        let presenter = PlayerListPresenter(service: service, rosterCache: InMemoryRosterCache(players: Fixtures.roster))
        let view = SpyPlayerListView()
        presenter.view = view

        await presenter.viewDidLoad()

        XCTAssertEqual(view.last?.error, "Cannot reach the server at http://127.0.0.1:8080: connection refused. Is gather-server running? "
                       + "Showing the roster as last loaded; r retries.")
    }

    func testABackgroundUploadBringsTheListBackOnline() async {
        let service = StubPlayerService()
        service.playersResult = .failure(.unreachable("Cannot reach the server"))
        let presenter = PlayerListPresenter(service: service, rosterCache: InMemoryRosterCache(players: Fixtures.roster))
        let view = SpyPlayerListView()
        presenter.view = view
        await presenter.viewDidLoad()
        XCTAssertEqual(view.last?.isOffline, true)

        service.playersResult = .success(Fixtures.roster)
        let reload = presenter.pendingResultsChanged(uploaded: 2)
        XCTAssertEqual(view.last?.isOffline, true, "still offline until the roster comes")
        await reload?.perform()
        XCTAssertEqual(service.playersCallCount, 2, "the roster is asked for again")

        XCTAssertEqual(view.last?.isOffline, false, "the title drops offline")
        XCTAssertNil(view.last?.error, "the old connection error is gone")
        XCTAssertEqual(view.last?.uploadedResults, 2, "and it says what went up")
    }
}
