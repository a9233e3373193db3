import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// Whole flows with the server away: a match played and kept on this computer, uploaded later.
@MainActor
final class OfflineResultsFlowTests: XCTestCase {
    private let waiting = PendingResult(
        record: GatherRecord(id: UUID(uuidString: "11111111-2222-4333-8444-555555555555")!,
                             assignments: [TeamAssignmentEntry(playerID: 1, team: .teamA), TeamAssignmentEntry(playerID: 2, team: .teamB)],
                             result: GatherResult(score: Score(teamA: 4, teamB: 4) ?? .goalless)),
        server: "http://127.0.0.1:8080", userID: StubSessionService.session.userID,
        savedAt: Date(timeIntervalSince1970: 1_800_000_000), names: [1: "Ana", 2: "Bruno"])

    private func loaded(_ fixture: AppFixture) async {
        guard let view = fixture.factory.playerListView else { return XCTFail("no player list") }
        await fixture.settled()
        assertDisplayed(on: view) { !$0.isLoading }
    }

    /// Plays Ana (A) against Bruno (B), 1–0, and saves it.
    private func playAndSave(_ fixture: AppFixture) async {
        fixture.selectAndConfirm(count: 3)
        fixture.splitTeams()
        fixture.confirmTeams?.presenter.start()
        fixture.gather?.presenter.changeScore(of: .teamA, by: 1)
        fixture.gather?.presenter.requestEnd()
        await fixture.gather?.presenter.confirmEnd()
    }

    func testAMatchPlayedWithTheServerDownIsKeptThenUploadedByTheRetry() async throws {
        let fixture = AppFixture(savedSession: StubSessionService.session)
        fixture.sessions.check = .unreachable
        fixture.rosterCache.save(Fixtures.roster)
        fixture.players.playersResult = .failure(.unreachable("Cannot reach the server at http://127.0.0.1:8080"))
        fixture.gathers.saveError = .unreachable("Cannot reach the server at http://127.0.0.1:8080")
        await fixture.app.start()
        await loaded(fixture)
        let listView = try XCTUnwrap(fixture.factory.playerListView)
        XCTAssertEqual(listView.last?.isOffline, true)
        XCTAssertEqual(listView.last?.rows.map(\.name), ["Ana", "Bruno", "Carla", "Dani"], "the roster as last loaded")

        await playAndSave(fixture)

        XCTAssertNotNil(fixture.list, "back on the list: the result is safe")
        XCTAssertEqual(listView.last?.savedResult?.score.description, "1-0")
        XCTAssertEqual(listView.last?.savedLocally, .serverUnreachable)
        XCTAssertEqual(listView.last?.pendingResults, 1, "the badge")
        XCTAssertEqual(fixture.journal.entries.first?.names[1], "Ana")

        // The server is back: the next retry takes it up.
        fixture.gathers.saveError = nil
        fixture.players.playersResult = .success(Fixtures.roster)
        let shown = listView.displayCount
        fixture.uploadTicker.fire()
        await fixture.settled()
        assertDisplayed(on: listView, fromIndex: shown) { $0.uploadedResults == 1 }

        XCTAssertEqual(listView.last?.pendingResults, 0)
        XCTAssertEqual(fixture.journal.entries, [])
        XCTAssertEqual(fixture.gathers.saves.count, 2, "tried at the save, then by the retry")
        XCTAssertEqual(Set(fixture.gathers.saves.map(\.id)).count, 1, "always the same gather")
    }

    func testTheRetryRunsEveryThirtySecondsButNotDuringAMatch() async {
        let fixture = AppFixture(savedSession: StubSessionService.session, journal: [waiting])
        fixture.gathers.saveError = .unreachable("down")
        await fixture.app.start()
        await loaded(fixture)
        await fixture.settled()
        XCTAssertEqual(fixture.uploadTicker.intervals, [PendingResults.retryInterval])
        XCTAssertEqual(fixture.gathers.saves.count, 1, "tried once at start")

        fixture.selectAndConfirm(count: 2)
        fixture.uploadTicker.fire()
        await fixture.settled()
        XCTAssertEqual(fixture.gathers.saves.count, 1, "no upload while teams are being made")

        fixture.app.goBack()
        fixture.uploadTicker.fire()
        await fixture.settled()
        XCTAssertEqual(fixture.gathers.saves.count, 2, "back on the list: tried again")
    }

    func testWaitingResultsGoUpAtStart() async throws {
        let fixture = AppFixture(savedSession: StubSessionService.session, journal: [waiting])
        await fixture.app.start()
        let listView = try XCTUnwrap(fixture.factory.playerListView)

        await fixture.settled()

        assertDisplayed(on: listView) { $0.uploadedResults == 1 }

        XCTAssertEqual(fixture.gathers.saves, [waiting.datedRecord], "dated when it was saved, not when it went up")
        XCTAssertEqual(fixture.journal.entries, [])
    }

    func testAnExpiredSessionSaysResultsWaitAndUploadsThemAfterLogin() async throws {
        let fixture = AppFixture(savedSession: StubSessionService.session, journal: [waiting])
        fixture.gathers.saveError = .unauthorized("Your session has expired")
        await fixture.app.start()
        await loaded(fixture)

        fixture.app.sessionExpired()

        XCTAssertEqual(fixture.factory.loginView?.last?.error,
                       "Your session has expired. Log in again. 1 result is saved on this computer and will upload after you log in.")
        fixture.gathers.saveError = nil
        await fixture.login?.presenter.logIn(username: "ana", password: "secret123", rememberUsername: false)
        let listView = try XCTUnwrap(fixture.factory.playerListView)
        await fixture.settled()
        assertDisplayed(on: listView) { $0.uploadedResults == 1 }
        XCTAssertEqual(fixture.journal.entries, [])
    }

    func testASessionRejectedAtStartStillMentionsTheWaitingResults() async {
        let fixture = AppFixture(savedSession: StubSessionService.session, journal: [waiting, waiting])
        fixture.sessions.check = .rejected

        await fixture.app.start()

        XCTAssertEqual(fixture.factory.loginView?.last?.error,
                       "2 results are saved on this computer and will upload after you log in.")
    }

    func testASaveRefusedWithAnExpiredSessionSaysItWaitsForLogin() async throws {
        let fixture = AppFixture(savedSession: StubSessionService.session)
        await fixture.app.start()
        await loaded(fixture)
        fixture.gathers.saveError = .unauthorized("Your session has expired")

        await playAndSave(fixture)

        let listView = try XCTUnwrap(fixture.factory.playerListView)
        XCTAssertEqual(listView.last?.savedLocally, .sessionExpired)
        XCTAssertEqual(fixture.journal.entries.count, 1)
    }

    func testSavingFromTheQuitPromptSaysWhereTheResultIsOnTheWayOut() async {
        for (error, farewell) in [
            (nil, "Saved: Team A 1 – 0 Team B"),
            (ServiceError.unreachable("down"),
             "Saved on this computer (Team A 1 – 0 Team B); it will upload when the server is back."),
            (ServiceError.unauthorized("expired"),
             "Saved on this computer (Team A 1 – 0 Team B); it will upload after you log in again."),
        ] {
            let fixture = AppFixture(savedSession: StubSessionService.session)
            await fixture.app.start()
            await loaded(fixture)
            fixture.gathers.saveError = error
            fixture.selectAndConfirm(count: 3)
            fixture.splitTeams()
            fixture.confirmTeams?.presenter.start()
            fixture.gather?.presenter.changeScore(of: .teamA, by: 1)
            fixture.gather?.presenter.requestQuit()

            await fixture.gather?.presenter.saveAndQuit()

            XCTAssertEqual(fixture.navigator.farewells, [farewell])
            XCTAssertEqual(fixture.navigator.quitCount, 1)
        }
    }
}
