import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// The app with every neighbour replaced: navigator and views are spies, services are stubs.
@MainActor
final class AppFixture {
    let navigator = SpyNavigator()
    let factory = SpyViewFactory()
    let sessions = StubSessionService()
    let players: StubPlayerService
    let gathers = StubGatherService()
    let stats = StubStatsService()
    let persistence: InMemorySessionPersistence
    let ticker = ManualTicker()
    let uploadTicker = ManualTicker()
    let time = ManualTimeSource()
    let journal: InMemoryJournal
    let unfinished: InMemoryUnfinishedMatches
    let rosterCache = InMemoryRosterCache()
    let revocations = InMemoryRevocationQueue()
    let pendingResults: PendingResults
    let app: AppCoordinator

    init(savedSession: Session? = nil, players roster: [Player] = Fixtures.roster, journal: [PendingResult] = [],
         unfinished: [UnfinishedMatch] = [], live: (any LiveService)? = nil, shares: (any ShareService)? = nil,
         fixtures: FixtureDependencies? = nil, channels: (any ChannelService)? = nil,
         groups: (service: any GroupService, chooser: any GroupChooser)? = nil, money: (any MoneyService)? = nil,
         access: GroupAccess = .owner) {
        self.unfinished = InMemoryUnfinishedMatches(unfinished)
        players = StubPlayerService(players: roster)
        persistence = InMemorySessionPersistence(session: savedSession)
        self.journal = InMemoryJournal(entries: journal)
        pendingResults = PendingResults(journal: self.journal, unfinished: self.unfinished, service: gathers, server: "http://127.0.0.1:8080",
                                        sessionStore: persistence)
        let ticker = ticker
        let rosterCache = rosterCache
        let dependencies = AppDependencies(sessionService: sessions, playerService: players, gatherService: gathers,
                                           statsService: stats, sessionStore: persistence, pendingResults: pendingResults,
                                           makeRosterCache: { _ in rosterCache }, server: "http://127.0.0.1:8080",
                                           makeTicker: { ticker }, uploadTicker: uploadTicker, time: time, revocations: revocations,
                                           liveService: live, shareService: shares, fixtures: fixtures, channels: channels, groups: groups,
                                           money: money, access: { access })
        app = AppCoordinator(navigator: navigator, factory: factory, dependencies: dependencies)
        navigator.root = app
    }

    /// Returns once every piece of work the app started (loads, saves, uploads) has ended.
    func settled() async {
        await settle(app.dependencies.effects)
    }

    var login: LoginCoordinator? { app.top as? LoginCoordinator }
    var list: PlayerListCoordinator? { app.top as? PlayerListCoordinator }
    var detail: PlayerDetailCoordinator? { app.top as? PlayerDetailCoordinator }
    var edit: PlayerEditCoordinator? { app.top as? PlayerEditCoordinator }
    var add: AddPlayerCoordinator? { app.top as? AddPlayerCoordinator }
    var confirmTeams: ConfirmTeamsCoordinator? { app.top as? ConfirmTeamsCoordinator }
    var gather: GatherCoordinator? { app.top as? GatherCoordinator }

    /// Picks the first `count` players of the roster and confirms them.
    func selectAndConfirm(count: Int) {
        guard let list = list?.presenter else { return XCTFail("not on the player list") }
        list.toggleSelectionMode()
        for index in 0..<count {
            if index > 0 { list.moveDown() }
            list.toggleHighlightedSelection()
        }
        list.confirmSelection()
    }

    /// Bench: Carla; Team A: Ana; Team B: Bruno.
    func splitTeams() {
        guard let teams = confirmTeams?.presenter else { return XCTFail("not on the teams screen") }
        teams.assignHighlighted(to: .teamA)
        teams.moveUp()
        teams.moveUp()
        teams.assignHighlighted(to: .teamB)
    }
}

@MainActor
final class AppCoordinatorTests: XCTestCase {
    private func waitForRoster(_ fixture: AppFixture, fromIndex index: Int = 0,
                               file: StaticString = #filePath, line: Int = #line) async {
        guard let view = fixture.factory.playerListView else {
            return XCTFail("no player list view was made")
        }
        await fixture.settled()
        assertDisplayed(on: view, fromIndex: index, file: file, line: UInt(line)) { !$0.isLoading }
    }

    /// Starts logged in, with the roster loaded.
    private func startOnPlayerList(players: [Player] = Fixtures.roster, live: (any LiveService)? = nil,
                                   shares: (any ShareService)? = nil) async -> AppFixture {
        let fixture = AppFixture(savedSession: StubSessionService.session, players: players, live: live, shares: shares)
        await fixture.app.start()
        await waitForRoster(fixture)
        return fixture
    }

    private func assertTop(_ fixture: AppFixture, is screen: AnyObject?, depth: Int,
                           file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(fixture.navigator.top === screen, "unexpected screen on top", file: file, line: line)
        XCTAssertEqual(fixture.navigator.stack.count, depth, file: file, line: line)
        XCTAssertEqual(fixture.app.stack.count, depth, file: file, line: line)
        XCTAssertTrue(fixture.app.top?.screen === screen, "the app's top coordinator does not own that screen",
                      file: file, line: line)
    }

    // MARK: Starting

    func testWithoutASavedSessionStartsAtLogin() async {
        let fixture = AppFixture()

        await fixture.app.start()

        XCTAssertNotNil(fixture.login)
        assertTop(fixture, is: fixture.factory.loginView, depth: 1)
        XCTAssertEqual(fixture.factory.loginView?.last?.server, "http://127.0.0.1:8080")
        XCTAssertNil(fixture.factory.loginView?.last?.error)
        XCTAssertEqual(fixture.sessions.validated, [])
        XCTAssertNil(fixture.factory.playerListView)
    }

    func testWithAValidSavedSessionStartsAtThePlayerList() async {
        let fixture = AppFixture(savedSession: StubSessionService.session)

        await fixture.app.start()

        XCTAssertNotNil(fixture.list)
        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
        XCTAssertEqual(fixture.sessions.validated, [StubSessionService.session])
        XCTAssertNil(fixture.factory.loginView)
        await waitForRoster(fixture)
        XCTAssertEqual(fixture.factory.playerListView?.last?.rows.map(\.name), ["Ana", "Bruno", "Carla", "Dani"])
    }

    private func unfinished(for session: Session, left: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> UnfinishedMatch {
        UnfinishedMatch(record: GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: 1, team: .teamA),
                                                                     TeamAssignmentEntry(playerID: 2, team: .teamB)],
                                             result: GatherResult(score: Score(teamA: 2, teamB: 1) ?? .goalless), createdAt: left, endedAt: left),
                        names: [1: "Ana", 2: "Bruno"], durationMilliseconds: 600_000, remainingMilliseconds: 200_000, kickedOff: true,
                        server: "http://127.0.0.1:8080", userID: session.userID, groupID: session.userID, leftAt: left)
    }

    func testAMatchLeftUnfinishedOpensOverTheListAskingAndIsNotUploaded() async {
        let session = StubSessionService.session
        let match = unfinished(for: session)
        let fixture = AppFixture(savedSession: session, unfinished: [match])

        await fixture.app.start()

        assertTop(fixture, is: fixture.factory.gatherView, depth: 2)
        XCTAssertEqual(fixture.factory.gatherView?.last?.prompt, .interrupted(match.result, left: "03:20", at: match.leftAt))
        XCTAssertEqual(fixture.factory.gatherView?.last?.teamA, ["Ana"])
        XCTAssertEqual(fixture.factory.gatherView?.last?.scoreA, 2)
        XCTAssertEqual(fixture.factory.gatherView?.last?.clock, "03:20")
        await settle(fixture.app.dependencies.effects)
        XCTAssertEqual(fixture.gathers.saves, [], "never uploaded by itself")

        // Another account's is not offered.
        let other = AppFixture(savedSession: session, unfinished: [unfinished(for: Session(userID: UUID(), username: "cy", token: "t"))])
        await other.app.start()
        assertTop(other, is: other.factory.playerListView, depth: 1)
    }

    func testWithAnInvalidSavedSessionStartsAtLoginAndForgetsIt() async {
        let fixture = AppFixture(savedSession: StubSessionService.session)
        fixture.sessions.check = .rejected

        await fixture.app.start()

        XCTAssertNotNil(fixture.login)
        assertTop(fixture, is: fixture.factory.loginView, depth: 1)
        XCTAssertNil(fixture.persistence.session)
        XCTAssertEqual(fixture.persistence.clearCount, 1)
        XCTAssertNil(fixture.factory.playerListView)
    }

    func testWithTheServerUnreachableTheSavedSessionIsKept() async {
        let fixture = AppFixture(savedSession: StubSessionService.session)
        fixture.sessions.check = .unreachable

        await fixture.app.start()

        XCTAssertNotNil(fixture.list)
        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
        XCTAssertEqual(fixture.persistence.session, StubSessionService.session)
        XCTAssertEqual(fixture.persistence.clearCount, 0)
    }

    func testLoginSavesTheSessionAndShowsThePlayerList() async {
        let fixture = AppFixture()
        await fixture.app.start()
        let loginView = fixture.factory.loginView

        await fixture.login?.presenter.logIn(username: "ana", password: "secret123", rememberUsername: true)

        XCTAssertEqual(fixture.persistence.session, StubSessionService.session)
        XCTAssertEqual(fixture.persistence.rememberedUsername, "ana")
        XCTAssertNotNil(fixture.list)
        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
        XCTAssertFalse(fixture.navigator.stack.contains { $0 === loginView })
        await waitForRoster(fixture)
        XCTAssertEqual(fixture.players.playersCallCount, 1)
    }

    func testFailedLoginStaysOnLogin() async {
        let fixture = AppFixture()
        fixture.sessions.loginResult = .failure(.unauthorized("Wrong username or password"))
        await fixture.app.start()

        await fixture.login?.presenter.logIn(username: "ana", password: "nope-nope", rememberUsername: false)

        XCTAssertNotNil(fixture.login)
        XCTAssertEqual(fixture.factory.loginView?.last?.error, "Wrong username or password")
        XCTAssertNil(fixture.persistence.session)
    }

    func testExpiredSessionGoesBackToLoginWithANotice() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.openHighlighted()
        XCTAssertEqual(fixture.navigator.stack.count, 2)

        fixture.app.sessionExpired()

        XCTAssertNotNil(fixture.login)
        assertTop(fixture, is: fixture.factory.loginView, depth: 1)
        XCTAssertEqual(fixture.factory.loginView?.last?.error, "Your session has expired. Log in again.")
        XCTAssertNil(fixture.persistence.session)
    }

    // MARK: Details and editing

    func testSelectingAPlayerShowsTheDetails() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.moveDown()

        fixture.list?.presenter.openHighlighted()

        XCTAssertEqual(fixture.detail?.presenter.player, Fixtures.bruno)
        assertTop(fixture, is: fixture.factory.playerDetailView, depth: 2)
        XCTAssertEqual(fixture.factory.playerDetailView?.last?.title, "Bruno")
    }

    func testEditingAFieldShowsTheEditor() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.openHighlighted()
        fixture.detail?.presenter.moveDown()

        fixture.detail?.presenter.editHighlighted()

        XCTAssertEqual(fixture.edit?.presenter.field, .age)
        assertTop(fixture, is: fixture.factory.playerEditView, depth: 3)
        XCTAssertEqual(fixture.factory.playerEditView?.last?.editor, .text("30"))
    }

    func testSavingAnEditReturnsToTheDetailsAndUpdatesDetailsAndList() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.openHighlighted()
        let detailView = fixture.factory.playerDetailView
        fixture.detail?.presenter.editHighlighted()

        await fixture.edit?.presenter.save(text: "Ana Maria")

        XCTAssertEqual(fixture.players.updates.map(\.id), [Fixtures.ana.id])
        XCTAssertNotNil(fixture.detail)
        assertTop(fixture, is: detailView, depth: 2)
        XCTAssertEqual(detailView?.last?.title, "Ana Maria")
        XCTAssertEqual(detailView?.last?.sections.first?.rows.first?.value, "Ana Maria")
        XCTAssertEqual(fixture.factory.playerListView?.last?.rows.first?.name, "Ana Maria")
        XCTAssertEqual(fixture.players.playersCallCount, 1)
    }

    func testSavingAChoiceUpdatesDetailsAndList() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.openHighlighted()
        fixture.detail?.presenter.moveDown()
        fixture.detail?.presenter.moveDown()
        fixture.detail?.presenter.editHighlighted()
        fixture.edit?.presenter.moveDown()

        await fixture.edit?.presenter.saveChoice()

        XCTAssertNotNil(fixture.detail)
        XCTAssertEqual(fixture.factory.playerDetailView?.last?.sections[1].rows[0].value, "Winger")
        XCTAssertEqual(fixture.factory.playerListView?.last?.rows.first?.position, "Winger")
    }

    func testUnchangedEditJustGoesBack() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.openHighlighted()
        let detailView = fixture.factory.playerDetailView
        fixture.detail?.presenter.editHighlighted()

        await fixture.edit?.presenter.save(text: "Ana")

        assertTop(fixture, is: detailView, depth: 2)
        XCTAssertEqual(fixture.players.updates, [])
    }

    func testFailedEditStaysOnTheEditor() async {
        let fixture = await startOnPlayerList()
        fixture.players.updateError = .rejected(status: 404, reason: "Player not found")
        fixture.list?.presenter.openHighlighted()
        fixture.detail?.presenter.editHighlighted()

        await fixture.edit?.presenter.save(text: "Ana Maria")

        assertTop(fixture, is: fixture.factory.playerEditView, depth: 3)
        XCTAssertEqual(fixture.factory.playerEditView?.last?.error, "Player not found")
        XCTAssertEqual(fixture.factory.playerListView?.last?.rows.first?.name, "Ana")
    }

    func testGoBackPopsOneScreen() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.openHighlighted()
        fixture.detail?.presenter.editHighlighted()

        fixture.app.goBack()
        assertTop(fixture, is: fixture.factory.playerDetailView, depth: 2)
        XCTAssertNotNil(fixture.detail)

        fixture.app.goBack()
        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
        XCTAssertNotNil(fixture.list)
    }

    /// The navigator hears of every change of the one stack, and of nothing else: a screen shown
    /// (pushed, or a new root) or screens taken off (the terminal closes its help on the first only).
    func testTheNavigatorIsToldOfEachChangeOfTheStack() async {
        let fixture = await startOnPlayerList()
        XCTAssertEqual(fixture.navigator.changes, [.shown], "the list, as the root")
        fixture.list?.presenter.openHighlighted()
        fixture.detail?.presenter.editHighlighted()
        fixture.app.goBack()
        fixture.app.goBack()
        fixture.app.goBack()
        XCTAssertEqual(fixture.navigator.changes, [.shown, .shown, .shown, .popped, .popped],
                       "nothing is said when Esc on the first screen changes nothing")
        XCTAssertEqual(fixture.app.screens.count, 1)
        XCTAssertTrue(fixture.app.screens.first === fixture.factory.playerListView)
    }

    func testGoBackOnTheFirstScreenDoesNothing() async {
        let fixture = await startOnPlayerList()

        fixture.app.goBack()

        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
        XCTAssertEqual(fixture.navigator.quitCount, 0)
    }

    func testCancellingAnEditGoesBack() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.openHighlighted()
        fixture.detail?.presenter.editHighlighted()

        fixture.edit?.presenter.cancel()

        assertTop(fixture, is: fixture.factory.playerDetailView, depth: 2)
    }

    // MARK: Adding

    func testAddShowsTheAddScreen() async {
        let fixture = await startOnPlayerList()

        fixture.list?.presenter.add()

        XCTAssertNotNil(fixture.add)
        assertTop(fixture, is: fixture.factory.addPlayerView, depth: 2)
        XCTAssertEqual(fixture.factory.addPlayerView?.last?.positionOptions.first, "Not set")
    }

    func testAddingAPlayerReturnsToTheListWithThePlayer() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.add()

        await fixture.add?.presenter.save(PlayerForm(name: "Eva", positionIndex: 4))

        XCTAssertEqual(fixture.players.created.map(\.name), ["Eva"])
        XCTAssertNotNil(fixture.list)
        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
        let rows = fixture.factory.playerListView?.last?.rows ?? []
        XCTAssertEqual(rows.map(\.name), ["Ana", "Bruno", "Carla", "Dani", "Eva"])
        XCTAssertEqual(rows.last?.position, "Winger")
        XCTAssertEqual(rows.last?.isHighlighted, true)
    }

    func testCancellingAddGoesBackWithoutAPlayer() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.add()

        fixture.add?.presenter.cancel()

        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
        XCTAssertEqual(fixture.factory.playerListView?.last?.rows.count, 4)
        XCTAssertEqual(fixture.players.created, [])
    }

    // MARK: Making teams and playing

    func testConfirmingFewerThanTwoPlayersStaysOnTheList() async {
        let fixture = await startOnPlayerList()

        fixture.selectAndConfirm(count: 1)

        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
        XCTAssertNil(fixture.factory.confirmTeamsView)
    }

    func testConfirmingTheSelectionShowsTheTeamsScreen() async {
        let fixture = await startOnPlayerList()

        fixture.selectAndConfirm(count: 3)

        XCTAssertNotNil(fixture.confirmTeams)
        assertTop(fixture, is: fixture.factory.confirmTeamsView, depth: 2)
        XCTAssertEqual(fixture.factory.confirmTeamsView?.last?.sections.first?.rows.map(\.name), ["Ana", "Bruno", "Carla"])
    }

    func testStartingTheGatherShowsTheMatch() async {
        let fixture = await startOnPlayerList()
        fixture.selectAndConfirm(count: 3)
        fixture.splitTeams()

        fixture.confirmTeams?.presenter.start()

        XCTAssertEqual(fixture.gathers.saves, [], "nothing is sent until the match is saved")
        XCTAssertNotNil(fixture.gather?.presenter.gatherID)
        assertTop(fixture, is: fixture.factory.gatherView, depth: 3)
        XCTAssertEqual(fixture.factory.gatherView?.last?.teamA, ["Ana"])
        XCTAssertEqual(fixture.factory.gatherView?.last?.teamB, ["Bruno"])
        XCTAssertEqual(fixture.factory.gatherView?.last?.clock, "10:00")
    }

    func testTheMatchIsPublishedForFriendsWithTheSessionsToken() async throws {
        let live = RecordingLiveService()
        let fixture = await startOnPlayerList(live: live)
        fixture.selectAndConfirm(count: 3)
        fixture.splitTeams()
        fixture.confirmTeams?.presenter.start()
        await fixture.settled()
        guard case .publish(let update, let token) = try XCTUnwrap(live.calls.first) else { return XCTFail("\(live.calls)") }
        XCTAssertEqual(token, StubSessionService.session.token)
        XCTAssertEqual(update.teamA, [Fixtures.ana.id])
        XCTAssertEqual(update.teamB, [Fixtures.bruno.id])
        XCTAssertEqual(update.phase, .ready)
        XCTAssertEqual(update.gatherID, fixture.gather?.presenter.gatherID)
    }

    func testShareLinksOpenFromThePlayerListWhenThereIsAServiceForThem() async {
        let without = await startOnPlayerList()
        without.list?.presenter.showShareLinks()
        assertTop(without, is: without.factory.playerListView, depth: 1)

        let fixture = await startOnPlayerList(shares: StubShareService())
        fixture.list?.presenter.showShareLinks()
        assertTop(fixture, is: fixture.factory.shareLinksView, depth: 2)
        guard let view = fixture.factory.shareLinksView else { return XCTFail("no share links view was made") }
        await fixture.settled()
        assertDisplayed(on: view) { $0.isEmpty }
    }

    func testTheMatchClockUsesTheInjectedTickerAndTime() async {
        let fixture = await startOnPlayerList()
        fixture.selectAndConfirm(count: 3)
        fixture.splitTeams()
        fixture.confirmTeams?.presenter.start()

        fixture.gather?.presenter.toggleClock()
        fixture.time.advance(by: .seconds(61))
        fixture.ticker.fire()

        XCTAssertTrue(fixture.ticker.isRunning)
        XCTAssertEqual(fixture.factory.gatherView?.last?.clock, "08:59")
    }

    func testEndingTheGatherReturnsToTheRosterOutOfSelectionMode() async {
        let fixture = await startOnPlayerList()
        fixture.selectAndConfirm(count: 3)
        fixture.splitTeams()
        fixture.confirmTeams?.presenter.start()
        let gather = fixture.gather?.presenter
        gather?.changeScore(of: .teamA, by: 1)
        gather?.requestEnd()
        let listView = fixture.factory.playerListView
        let shown = listView?.displayCount ?? 0

        await gather?.confirmEnd()

        XCTAssertEqual(fixture.gathers.saves.map(\.result.winner), [.teamA])
        XCTAssertEqual(Set(fixture.gathers.saves.first?.assignments ?? []).count, 3, "every picked player, on their side")
        XCTAssertNotNil(fixture.list)
        assertTop(fixture, is: listView, depth: 1)
        XCTAssertEqual(fixture.list?.presenter.isSelecting, false)
        XCTAssertEqual(fixture.list?.presenter.selectedIDs, [])
        // Then the roster is loaded again, fresh from the server.
        guard let listView else { return XCTFail("no list") }
        await fixture.settled()
        assertDisplayed(on: listView, fromIndex: shown) { $0.isLoading }
        await waitForRoster(fixture, fromIndex: (listView.states.lastIndex(where: \.isLoading) ?? 0) + 1)
        XCTAssertEqual(fixture.players.playersCallCount, 2)
        XCTAssertEqual(listView.last?.title, "Players")
        XCTAssertEqual(listView.last?.isSelecting, false)
        XCTAssertEqual(listView.last?.rows.filter(\.isSelected), [])
        XCTAssertEqual(listView.last?.savedResult?.score.description, "1-0", "the list confirms the save")
        XCTAssertNil(listView.last?.savedLocally, "on the server")
        XCTAssertEqual(listView.last?.pendingResults, 0)
        XCTAssertEqual(fixture.journal.entries, [], "acknowledged: gone from the journal")
        fixture.list?.presenter.toggleSelectionMode()
        XCTAssertNil(listView.last?.savedResult, "until the next action")
    }

    func testQuitFromTheMatchQuitsTheApp() async {
        let fixture = await startOnPlayerList()
        fixture.selectAndConfirm(count: 2)
        fixture.confirmTeams?.presenter.assignHighlighted(to: .teamA)
        fixture.confirmTeams?.presenter.moveUp()
        fixture.confirmTeams?.presenter.assignHighlighted(to: .teamB)
        fixture.confirmTeams?.presenter.start()
        XCTAssertNotNil(fixture.gather)

        fixture.gather?.presenter.requestQuit()

        XCTAssertEqual(fixture.navigator.quitCount, 1)
    }

    func testQuitDuringARunningMatchQuitsOnceConfirmed() async {
        let fixture = await startOnPlayerList()
        fixture.selectAndConfirm(count: 2)
        fixture.confirmTeams?.presenter.assignHighlighted(to: .teamA)
        fixture.confirmTeams?.presenter.moveUp()
        fixture.confirmTeams?.presenter.assignHighlighted(to: .teamB)
        fixture.confirmTeams?.presenter.start()
        fixture.gather?.presenter.toggleClock()

        fixture.gather?.presenter.requestQuit()
        XCTAssertEqual(fixture.navigator.quitCount, 0)
        fixture.gather?.presenter.discardAndQuit()

        XCTAssertEqual(fixture.navigator.quitCount, 1)
        XCTAssertFalse(fixture.ticker.isRunning)
    }

    func testBackFromAnUnstartedMatchReturnsToTheTeamsAsTheyWere() async {
        let fixture = await startOnPlayerList()
        fixture.selectAndConfirm(count: 3)
        fixture.splitTeams()
        fixture.confirmTeams?.presenter.start()
        assertTop(fixture, is: fixture.factory.gatherView, depth: 3)

        fixture.gather?.presenter.requestBack()

        assertTop(fixture, is: fixture.factory.confirmTeamsView, depth: 2)
        XCTAssertEqual(fixture.confirmTeams?.presenter.members(of: .teamA).map(\.name), ["Ana"])
        XCTAssertEqual(fixture.gathers.saves, [], "nothing was stored")
    }

    func testLoggingOutRevokesForgetsAndShowsTheLogin() async {
        let fixture = await startOnPlayerList()
        fixture.list?.presenter.requestLogout()
        fixture.list?.presenter.confirmLogout()

        await fixture.settled()
        assertTop(fixture, is: fixture.factory.loginView, depth: 1)
        XCTAssertEqual(fixture.sessions.logoutCount, 1, "the token is revoked on the server")
        XCTAssertNil(fixture.persistence.session)
        XCTAssertEqual(fixture.factory.loginView?.last?.error, "Logged out.")
        XCTAssertNil(fixture.rosterCache.saved, "the roster kept for offline play goes with the session")
    }

    private func logOut(_ fixture: AppFixture) async {
        await fixture.app.logOut()
        assertTop(fixture, is: fixture.factory.loginView, depth: 1)
    }

    func testLoggingOutOfflineSaysTheSessionStillWorksAndRevokesItOnceTheServerAnswers() async {
        let fixture = await startOnPlayerList()
        fixture.sessions.revocation = .notRevoked("Cannot reach the server")

        await logOut(fixture)

        let notice = fixture.factory.loginView?.last?.error ?? ""
        XCTAssertTrue(notice.hasPrefix("Logged out on this computer. The server could not be reached, so the session still works there"),
                      notice)
        XCTAssertEqual(fixture.revocations.tokens(for: "http://127.0.0.1:8080"), [StubSessionService.session.token])
        XCTAssertNil(fixture.persistence.session)

        // Later, logged in again and the roster loaded from the server: the old token is revoked.
        fixture.sessions.revocation = .revoked
        try? fixture.persistence.save(StubSessionService.session)
        fixture.app.showPlayerList()
        await waitForRoster(fixture)
        await fixture.settled()
        XCTAssertEqual(fixture.sessions.loggedOutTokens, [StubSessionService.session.token, StubSessionService.session.token])
        XCTAssertEqual(fixture.revocations.tokens(for: "http://127.0.0.1:8080"), [])
    }

    func testLoggingOutWithResultsWaitingSaysHowManyAndWhere() async {
        let fixture = await startOnPlayerList()
        fixture.gathers.saveError = .unreachable("down")
        _ = try? await fixture.pendingResults.keep(GatherRecord(id: UUID(), assignments: [], result: GatherResult(score: .goalless)),
                                                   names: [:])

        await logOut(fixture)

        XCTAssertEqual(fixture.factory.loginView?.last?.error,
                       "Logged out. 1 result saved on this computer (/home/ana/.config/gather/pending-results.json); "
                       + "it uploads when ana logs in again.")
    }

    func testQuittingWithResultsWaitingSaysHowManyAndWhere() async {
        let fixture = await startOnPlayerList()
        fixture.app.quit()
        XCTAssertEqual(fixture.navigator.farewells, [], "nothing waiting: nothing to say")

        fixture.gathers.saveError = .unreachable("down")
        for _ in 0..<2 {
            _ = try? await fixture.pendingResults.keep(GatherRecord(id: UUID(), assignments: [], result: GatherResult(score: .goalless)),
                                                       names: [:])
        }
        fixture.app.quit()

        XCTAssertEqual(fixture.navigator.farewells,
                       ["2 results waiting to upload, kept in /home/ana/.config/gather/pending-results.json; they go up at the next start."])
    }
}
