import Foundation
@testable import GatherClient
import GatherDomain
import GatherRating
import XCTest

/// History, the match detail, resuming a match, the leaderboard and a player's record, reached
/// from the roster through the app.
@MainActor
final class HistoryFlowTests: XCTestCase {
    /// Unfinished: Ana (A) against Bruno (B), Carla on the bench; Eli, since deleted from the
    /// roster, was on Team A.
    private let resumable = HistoryFixtures.stored(
        20, result: nil, createdAt: HistoryFixtures.date("2026-11-21T10:00:00Z"),
        players: [GatherPlayer(player: Fixtures.ana, team: .teamA),
                  GatherPlayer(player: Player(id: 9, name: "Eli"), team: .teamA, isRetired: true),
                  GatherPlayer(player: Fixtures.bruno, team: .teamB),
                  GatherPlayer(player: Fixtures.carla, team: .bench)])

    private let board = [
        LeaderboardEntry(rank: 1, playerID: 2, name: "Bruno", played: 5, won: 4, drawn: 0, lost: 1, goalDifference: 6),
        LeaderboardEntry(rank: 2, playerID: 1, name: "Ana", played: 5, won: 1, drawn: 0, lost: 4, goalDifference: -6),
    ]

    /// Starts logged in, with the roster loaded.
    private func startOnPlayerList(journal: [PendingResult] = [], configure: (AppFixture) -> Void = { _ in }) async -> AppFixture {
        let fixture = AppFixture(savedSession: StubSessionService.session, journal: journal)
        configure(fixture)
        await fixture.app.start()
        guard let view = fixture.factory.playerListView else {
            XCTFail("no player list view was made")
            return fixture
        }
        await fixture.settled()
        assertDisplayed(on: view) { !$0.isLoading }
        return fixture
    }

    /// h on the roster, then waits for the first page.
    private func openHistory(_ fixture: AppFixture, file: StaticString = #filePath, line: UInt = #line) async throws
        -> (HistoryCoordinator, SpyHistoryView) {
        fixture.list?.presenter.showHistory()
        let history = try XCTUnwrap(fixture.app.top as? HistoryCoordinator, "History is not on top", file: file, line: line)
        let view = try XCTUnwrap(fixture.factory.historyView, "no History view was made", file: file, line: line)
        await fixture.settled()
        assertDisplayed(on: view) { !$0.isLoading }
        return (history, view)
    }

    private func assertTop(_ fixture: AppFixture, is screen: AnyObject?, depth: Int,
                           file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(fixture.navigator.top === screen, "unexpected screen on top", file: file, line: line)
        XCTAssertEqual(fixture.navigator.stack.count, depth, file: file, line: line)
        XCTAssertEqual(fixture.app.stack.count, depth, file: file, line: line)
        XCTAssertTrue(fixture.app.top?.screen === screen, "the app's top coordinator does not own that screen",
                      file: file, line: line)
    }

    // MARK: History

    func testHistoryOpensFromTheRosterWithTheServersMatches() async throws {
        let fixture = await startOnPlayerList { $0.gathers.history = [HistoryFixtures.ended, self.resumable] }

        let (_, view) = try await openHistory(fixture)

        assertTop(fixture, is: view, depth: 2)
        XCTAssertEqual(fixture.gathers.historyRequests, [nil])
        XCTAssertEqual(view.last?.rows.map(\.teams), ["Ana, Ben v Cleo", "Ana, Eli v Bruno"])
        XCTAssertEqual(view.last?.rows.map(\.status), [.ended, .unfinished])
        XCTAssertEqual(view.last?.position, "1/2")
    }

    func testBackFromHistoryReturnsToTheRoster() async throws {
        let fixture = await startOnPlayerList()
        _ = try await openHistory(fixture)

        fixture.app.goBack()

        XCTAssertNotNil(fixture.list)
        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
    }

    func testEnterOnAMatchShowsItInFull() async throws {
        let fixture = await startOnPlayerList { $0.gathers.history = [HistoryFixtures.ended, self.resumable] }
        let (history, historyView) = try await openHistory(fixture)

        history.presenter.openHighlighted()

        let detail = try XCTUnwrap(fixture.app.top as? MatchDetailCoordinator)
        XCTAssertEqual(detail.presenter.match, .stored(HistoryFixtures.ended))
        assertTop(fixture, is: fixture.factory.matchDetailView, depth: 3)
        let state = fixture.factory.matchDetailView?.last
        XCTAssertEqual(state?.scoreLine, "Team A 2 – 1 Team B")
        XCTAssertEqual(state?.outcome, "Winner: Team A")
        XCTAssertEqual(state?.sides.map(\.players), [["Ana", "Ben"], ["Cleo"], ["Dev"]])
        XCTAssertEqual(state?.title.hasPrefix("Match of "), true)

        fixture.app.goBack()
        assertTop(fixture, is: historyView, depth: 2)
    }

    func testAnUnfinishedMatchInFullMarksTheRetiredPlayer() async throws {
        let fixture = await startOnPlayerList { $0.gathers.history = [self.resumable] }
        let (history, _) = try await openHistory(fixture)

        history.presenter.openHighlighted()

        let state = fixture.factory.matchDetailView?.last
        XCTAssertEqual(state?.scoreLine, "Unfinished: no score yet")
        XCTAssertEqual(state?.sides.map(\.players), [["Ana", "Eli (retired)"], ["Bruno"], ["Carla"]])
    }

    // MARK: Resuming

    func testResumingAnUnfinishedMatchShowsItsTeamsWithoutRetiredPlayers() async throws {
        let fixture = await startOnPlayerList { $0.gathers.history = [HistoryFixtures.ended, self.resumable] }
        let (history, _) = try await openHistory(fixture)
        await history.presenter.move(by: 1)

        history.presenter.resumeHighlighted()

        let gather = try XCTUnwrap(fixture.gather)
        XCTAssertEqual(gather.presenter.gatherID, resumable.gather.id, "the same gather, not a new one")
        assertTop(fixture, is: fixture.factory.gatherView, depth: 3)
        XCTAssertEqual(fixture.factory.gatherView?.last?.teamA, ["Ana"], "Eli is no longer on the roster")
        XCTAssertEqual(fixture.factory.gatherView?.last?.teamB, ["Bruno"])
        XCTAssertEqual(fixture.factory.gatherView?.last?.scoreA, 0)
        XCTAssertEqual(fixture.factory.gatherView?.last?.clock, "10:00")
        XCTAssertEqual(fixture.gathers.saves, [], "nothing is sent until the match is saved")
    }

    func testAnEndedMatchCannotBeResumed() async throws {
        let fixture = await startOnPlayerList { $0.gathers.history = [HistoryFixtures.ended, self.resumable] }
        let (history, view) = try await openHistory(fixture)

        history.presenter.resumeHighlighted()

        assertTop(fixture, is: view, depth: 2)
        XCTAssertNil(fixture.factory.gatherView)
    }

    func testEndingAResumedMatchSavesItUnderTheSameGatherAndReturnsToTheRoster() async throws {
        let fixture = await startOnPlayerList { $0.gathers.history = [self.resumable] }
        let (history, _) = try await openHistory(fixture)
        history.presenter.resumeHighlighted()
        let gather = try XCTUnwrap(fixture.gather?.presenter)
        gather.changeScore(of: .teamA, by: 2)
        gather.changeScore(of: .teamB, by: 1)
        gather.requestEnd()
        let listView = try XCTUnwrap(fixture.factory.playerListView)

        await gather.confirmEnd()

        XCTAssertEqual(fixture.gathers.saves.map(\.id), [resumable.gather.id])
        let saved = try XCTUnwrap(fixture.gathers.saves.first)
        XCTAssertEqual(saved.result.score.description, "2-1")
        XCTAssertEqual(saved.result.winner, .teamA)
        XCTAssertEqual(Set(saved.assignments), [TeamAssignmentEntry(playerID: Fixtures.ana.id, team: .teamA),
                                                TeamAssignmentEntry(playerID: 9, team: .teamA),
                                                TeamAssignmentEntry(playerID: Fixtures.bruno.id, team: .teamB),
                                                TeamAssignmentEntry(playerID: Fixtures.carla.id, team: .bench)],
                       "the bench kept, and Eli too: the whole match is sent again and must not lose a player retired since")
        XCTAssertNotNil(fixture.list)
        assertTop(fixture, is: listView, depth: 1)
        XCTAssertEqual(listView.last?.savedResult?.score.description, "2-1", "the list confirms the save")
        XCTAssertNil(listView.last?.savedLocally, "on the server")
        XCTAssertEqual(fixture.journal.entries, [], "acknowledged: gone from the journal")
    }

    // MARK: Waiting results

    func testAResultWaitingOnThisComputerIsListedFirstAndCanBeDiscarded() async throws {
        let fixture = await startOnPlayerList(journal: [HistoryFixtures.olderWaiting]) {
            $0.gathers.history = [HistoryFixtures.ended]
            $0.gathers.saveError = .unreachable("Cannot reach the server")
        }
        await fixture.settled()
        let listView = try XCTUnwrap(fixture.factory.playerListView)
        XCTAssertEqual(listView.last?.pendingResults, 1)
        let (history, view) = try await openHistory(fixture)
        XCTAssertEqual(view.last?.rows.map(\.teams), ["Ana v Ben", "Ana, Ben v Cleo"])
        XCTAssertEqual(view.last?.rows.first?.status, .waiting(refusal: nil))

        history.presenter.requestDelete()
        XCTAssertEqual(view.last?.confirmingDeletion, .waiting(refusal: nil))
        await history.presenter.confirmDelete()

        XCTAssertEqual(view.last?.rows.map(\.teams), ["Ana, Ben v Cleo"])
        XCTAssertEqual(fixture.journal.entries, [], "gone from this computer")
        XCTAssertEqual(fixture.pendingResults.count, 0)
        XCTAssertEqual(fixture.gathers.deleted, [], "the server never had it")
        XCTAssertEqual(listView.last?.pendingResults, 0, "the roster's badge follows")
    }

    func testDeletingAnUnfinishedMatchRemovesItFromTheServer() async throws {
        let fixture = await startOnPlayerList { $0.gathers.history = [HistoryFixtures.ended, self.resumable] }
        let (history, view) = try await openHistory(fixture)
        await history.presenter.move(by: 1)

        history.presenter.requestDelete()
        await history.presenter.confirmDelete()

        XCTAssertEqual(fixture.gathers.deleted, [resumable.gather.id])
        XCTAssertEqual(view.last?.rows.map(\.teams), ["Ana, Ben v Cleo"])
    }

    // MARK: Leaderboard

    func testTheLeaderboardOpensFromTheRosterWithTheServersRanking() async throws {
        let fixture = await startOnPlayerList { $0.stats.leaderboardResult = .success(self.board) }

        fixture.list?.presenter.showLeaderboard()

        XCTAssertTrue(fixture.app.top is LeaderboardCoordinator)
        let view = try XCTUnwrap(fixture.factory.leaderboardView)
        assertTop(fixture, is: view, depth: 2)
        await fixture.settled()
        assertDisplayed(on: view) { !$0.isLoading }
        XCTAssertEqual(view.last?.rows.map(\.cells), [["1", "Bruno", "5", "4", "0", "1", "80%", "+6", "–"],
                                                      ["2", "Ana", "5", "1", "0", "4", "20%", "-6", "–"]])
        XCTAssertEqual(view.last?.sortedBy, .rank)

        fixture.app.goBack()
        assertTop(fixture, is: fixture.factory.playerListView, depth: 1)
    }

    func testSOnTheLeaderboardOpensTheTopScorersAndEscComesBack() async throws {
        let fixture = await startOnPlayerList {
            $0.stats.leaderboardResult = .success(self.board)
            $0.stats.scorersResult = .success([Scorer(playerID: 2, name: "Bruno", goals: 7, assists: 2, matches: 5),
                                               Scorer(playerID: 1, name: "Ana", goals: 0, assists: 3, matches: 4)])
        }
        fixture.list?.presenter.showLeaderboard()
        await fixture.settled()

        try XCTUnwrap(fixture.app.top as? LeaderboardCoordinator).presenter.showScorers()

        XCTAssertTrue(fixture.app.top is ScorersCoordinator)
        let view = try XCTUnwrap(fixture.factory.scorersView)
        assertTop(fixture, is: view, depth: 3)
        await fixture.settled()
        assertDisplayed(on: view) { !$0.isLoading }
        XCTAssertEqual(view.last?.rows, [["1", "Bruno", "7", "2", "5", "1.40"], ["2", "Ana", "0", "3", "4", "0.00"]])
        XCTAssertEqual(view.last?.highlighted, 0)
        XCTAssertEqual(ScorersPresenter.headings, ["#", "Name", "G", "A", "P", "G/P"])
        let scorers = try XCTUnwrap(fixture.app.top as? ScorersCoordinator).presenter
        scorers.moveToLast()
        XCTAssertEqual(view.last?.highlighted, 1)
        XCTAssertEqual(view.last?.position, "2/2")
        scorers.move(by: -1)
        XCTAssertEqual(view.last?.highlighted, 0)
        scorers.moveToLast()
        scorers.moveToFirst()
        XCTAssertEqual(view.last?.highlighted, 0)

        fixture.stats.scorersResult = .failure(.unreachable("Cannot reach the server"))
        await scorers.reload()
        XCTAssertEqual(view.last?.error, "Cannot reach the server")

        fixture.app.goBack()
        assertTop(fixture, is: try XCTUnwrap(fixture.factory.leaderboardView), depth: 2)
    }

    func testSOnTheLeaderboardStepsThroughTheSeasonsAndTheScorersFollow() async throws {
        let fixture = await startOnPlayerList {
            $0.stats.leaderboardResult = .success(self.board)
            $0.stats.seasons = [Season(id: 7, name: "Autumn 2026", startsOn: "2026-09-01", endsOn: "2026-12-20", timeZone: "UTC",
                                       startsAt: Date(), endsAt: Date())]
        }
        fixture.list?.presenter.showLeaderboard()
        await fixture.settled()
        let leaderboard = try XCTUnwrap(fixture.app.top as? LeaderboardCoordinator).presenter
        let view = try XCTUnwrap(fixture.factory.leaderboardView)
        XCTAssertEqual(view.last?.season, "this season")
        await leaderboard.nextSeason()
        XCTAssertEqual(view.last?.season, "all time")
        await leaderboard.nextSeason()
        XCTAssertEqual(view.last?.season, "Autumn 2026")
        leaderboard.showScorers()
        await fixture.settled()
        XCTAssertEqual(fixture.factory.scorersView?.last?.season, "Autumn 2026")
        XCTAssertEqual(fixture.stats.asked, [.current, .allTime, .season(id: 7, name: "Autumn 2026"), .season(id: 7, name: "Autumn 2026")])
        await leaderboard.nextSeason()
        XCTAssertEqual(view.last?.season, "this season", "round again")
    }

    func testTheScorersSayWhenNobodyHasScoredYet() async throws {
        let fixture = await startOnPlayerList { $0.stats.leaderboardResult = .success(self.board) }
        fixture.list?.presenter.showLeaderboard()
        try XCTUnwrap(fixture.app.top as? LeaderboardCoordinator).presenter.showScorers()
        let view = try XCTUnwrap(fixture.factory.scorersView)
        await fixture.settled()
        assertDisplayed(on: view) { !$0.isLoading }
        XCTAssertEqual(view.last?.isEmpty, true)
        XCTAssertNil(view.last?.highlighted)
    }

    func testTheLeaderboardShowsWhyItCouldNotLoad() async throws {
        let fixture = await startOnPlayerList { $0.stats.leaderboardResult = .failure(.unreachable("Cannot reach the server")) }

        fixture.list?.presenter.showLeaderboard()

        let view = try XCTUnwrap(fixture.factory.leaderboardView)
        await fixture.settled()
        assertDisplayed(on: view) { !$0.isLoading }
        XCTAssertEqual(view.last?.error, "Cannot reach the server")
        XCTAssertEqual(view.last?.isEmpty, false)
    }

    // MARK: A player's record

    func testOpeningAPlayerShowsTheirRecord() async throws {
        let fixture = await startOnPlayerList {
            $0.stats.statsResult = .success(PlayerStats(playerID: 2, played: 4, won: 2, drawn: 1, lost: 1, goalsFor: 7,
                                                        goalsAgainst: 5, currentStreak: .init(outcome: .won, length: 2),
                                                        lastFive: [.won, .won, .drawn, .lost]))
        }
        fixture.list?.presenter.moveDown()

        fixture.list?.presenter.openHighlighted()

        let view = try XCTUnwrap(fixture.factory.playerDetailView)
        assertTop(fixture, is: view, depth: 2)
        await fixture.settled()
        assertDisplayed(on: view) { $0.record != nil }
        XCTAssertEqual(fixture.stats.statsRequests, [Fixtures.bruno.id])
        XCTAssertEqual(view.last?.title, "Bruno")
        XCTAssertEqual(view.last?.record, ["Played 4 · W 2 D 1 L 1 · 50% won", "Goals 7 for, 5 against", "Streak: 2 won",
                                           "Last five (newest first): W W D L"])
    }

    func testAPlayersRecordThatCannotBeLoadedSaysWhy() async throws {
        let fixture = await startOnPlayerList { $0.stats.statsResult = .failure(.unreachable("Cannot reach the server")) }

        fixture.list?.presenter.openHighlighted()

        let view = try XCTUnwrap(fixture.factory.playerDetailView)
        await fixture.settled()
        assertDisplayed(on: view) { $0.recordError != nil }
        XCTAssertEqual(fixture.stats.statsRequests, [Fixtures.ana.id])
        XCTAssertEqual(view.last?.recordError, "Cannot reach the server")
        XCTAssertNil(view.last?.record)
    }
}
