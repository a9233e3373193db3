import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

@MainActor
final class GatherPresenterTests: XCTestCase {
    private var presenter: GatherPresenter!
    private var view: SpyGatherView!
    private var delegate: SpyGatherDelegate!
    private var keeper: StubResultKeeper!
    private var ticker: ManualTicker!
    private var time: ManualTimeSource!

    private let gatherID = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
    private let assignments = [TeamAssignmentEntry(playerID: Fixtures.ana.id, team: .teamA),
                               TeamAssignmentEntry(playerID: Fixtures.bruno.id, team: .teamB),
                               TeamAssignmentEntry(playerID: Fixtures.carla.id, team: .teamB),
                               TeamAssignmentEntry(playerID: Fixtures.dani.id, team: .bench)]

    private func makePresenter(fixtureID: Int? = nil) {
        keeper = StubResultKeeper()
        ticker = ManualTicker()
        time = ManualTimeSource()
        presenter = GatherPresenter(gatherID: gatherID, assignments: assignments, teamA: [Fixtures.ana],
                                    teamB: [Fixtures.bruno, Fixtures.carla], keeper: keeper, ticker: ticker, time: time,
                                    fixtureID: fixtureID)
        view = SpyGatherView()
        delegate = SpyGatherDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
    }

    private func advance(_ duration: Duration) {
        time.advance(by: duration)
        ticker.fire()
    }

    private func setTime(_ text: String) {
        presenter.beginSetTime()
        presenter.submitTime(text)
    }

    // MARK: Initial state

    func testShowsTheTeamsAndAFullReadyClock() async {
        makePresenter()

        XCTAssertEqual(view.displayCount, 1)
        XCTAssertEqual(view.last?.teamA, ["Ana"])
        XCTAssertEqual(view.last?.teamB, ["Bruno", "Carla"])
        XCTAssertEqual(view.last?.clock, "10:00")
        XCTAssertEqual(view.last?.clockStatus, "Ready")
        XCTAssertEqual(view.last?.scoreA, 0)
        XCTAssertEqual(view.last?.scoreB, 0)
        XCTAssertNil(view.last?.prompt)
        XCTAssertEqual(view.last?.isEnding, false)
        XCTAssertNil(view.last?.problem)
        XCTAssertFalse(ticker.isRunning)
    }

    // MARK: Clock

    func testToggleStartsTheTicker() async {
        makePresenter()

        presenter.toggleClock()

        XCTAssertTrue(ticker.isRunning)
        XCTAssertEqual(ticker.startCount, 1)
        XCTAssertEqual(ticker.intervals, [GatherPresenter.tickInterval])
        XCTAssertEqual(view.last?.clockStatus, "Running")
        XCTAssertEqual(view.last?.clock, "10:00")
    }

    func testOneSecondLaterTheClockShowsOneSecondLess() async {
        makePresenter()
        presenter.toggleClock()

        advance(.seconds(1))

        XCTAssertEqual(view.last?.clock, "09:59")
        XCTAssertEqual(view.last?.clockStatus, "Running")
    }

    func testHalfASecondAfterStartStillShowsTheFullTime() async {
        makePresenter()
        presenter.toggleClock()

        advance(.milliseconds(500))

        XCTAssertEqual(view.last?.clock, "10:00")
    }

    func testTickWithoutAVisibleChangeDoesNotDisplayAgain() async {
        makePresenter()
        presenter.toggleClock()
        let count = view.displayCount

        advance(.milliseconds(100))
        advance(.milliseconds(400))
        XCTAssertEqual(view.displayCount, count)

        advance(.milliseconds(500))
        XCTAssertEqual(view.displayCount, count + 1)
        XCTAssertEqual(view.last?.clock, "09:59")

        ticker.fire()
        XCTAssertEqual(view.displayCount, count + 1)
    }

    func testClockCountsFromTheDeadlineNotFromTicks() async {
        makePresenter()
        presenter.toggleClock()

        advance(.seconds(65))

        XCTAssertEqual(view.last?.clock, "08:55")
    }

    func testPauseKeepsTheRemainingTimeExactly() async {
        makePresenter()
        presenter.toggleClock()
        advance(.milliseconds(1_500))
        XCTAssertEqual(view.last?.clock, "09:59")

        presenter.toggleClock()
        XCTAssertEqual(view.last?.clockStatus, "Paused")
        XCTAssertFalse(ticker.isRunning)
        XCTAssertEqual(presenter.clock.state, .paused(remaining: .milliseconds(598_500)))

        time.advance(by: .seconds(5))
        XCTAssertEqual(presenter.clock.remaining(at: time.now()), .milliseconds(598_500))

        presenter.toggleClock()
        XCTAssertTrue(ticker.isRunning)
        XCTAssertEqual(ticker.startCount, 2)
        XCTAssertEqual(view.last?.clockStatus, "Running")
        XCTAssertEqual(view.last?.clock, "09:59")
        XCTAssertEqual(presenter.clock.remaining(at: time.now()), .milliseconds(598_500))

        advance(.milliseconds(499))
        XCTAssertEqual(view.last?.clock, "09:59")
        advance(.milliseconds(1))
        XCTAssertEqual(view.last?.clock, "09:58")
    }

    func testReachingZeroSaysTimesUpRingsOnceAndStopsTheTicker() async {
        makePresenter()
        presenter.toggleClock()

        advance(.seconds(599))
        XCTAssertEqual(view.last?.clock, "00:01")
        XCTAssertEqual(view.last?.isTimeUp, false)
        XCTAssertEqual(view.ringBellCount, 0)

        advance(.seconds(1))
        XCTAssertEqual(view.last?.clock, "00:00")
        XCTAssertEqual(view.last?.clockStatus, "Time's up")
        XCTAssertEqual(view.last?.isTimeUp, true)
        XCTAssertEqual(view.ringBellCount, 1)
        XCTAssertFalse(ticker.isRunning)
        let count = view.displayCount

        advance(.seconds(1))
        advance(.seconds(10))
        XCTAssertEqual(view.ringBellCount, 1)
        XCTAssertEqual(view.displayCount, count)
    }

    func testALateTickPastTheDeadlineStillRingsOnce() async {
        makePresenter()
        presenter.toggleClock()

        advance(.seconds(700))

        XCTAssertEqual(view.last?.clock, "00:00")
        XCTAssertEqual(view.last?.clockStatus, "Time's up")
        XCTAssertEqual(view.ringBellCount, 1)
    }

    func testTimesUpCannotBeResumedUntilReset() async {
        makePresenter()
        presenter.toggleClock()
        advance(.seconds(600))

        presenter.toggleClock()

        XCTAssertEqual(ticker.startCount, 1)
        XCTAssertEqual(view.last?.problem, .timeIsUp)
        XCTAssertEqual(view.last?.clockStatus, "Time's up")
    }

    func testPausingAtTheFinalWhistleStillSaysTimesUp() async {
        makePresenter()
        presenter.toggleClock()
        time.advance(by: .seconds(600))

        presenter.toggleClock()

        XCTAssertEqual(view.last?.clock, "00:00")
        XCTAssertEqual(view.last?.clockStatus, "Time's up")
        XCTAssertEqual(view.ringBellCount, 1)
        XCTAssertFalse(ticker.isRunning)
    }

    func testResetWithTimePlayedAsksFirstAndNoKeepsTheClock() async {
        makePresenter()
        presenter.toggleClock()
        advance(.seconds(3))

        presenter.stopClock()

        XCTAssertEqual(view.last?.prompt, .confirmReset(played: "00:03"))
        XCTAssertEqual(view.last?.clockStatus, "Running", "nothing lost on one key")
        presenter.cancelPrompt()
        advance(.seconds(1))
        XCTAssertEqual(view.last?.clock, "09:56", "still counting")

        presenter.toggleClock()
        presenter.stopClock()
        XCTAssertEqual(view.last?.prompt, .confirmReset(played: "00:04"), "paused asks too")
    }

    func testResetBeforeKickOffNeedsNoQuestion() async {
        makePresenter()
        presenter.stopClock()
        XCTAssertNil(view.last?.prompt)
        XCTAssertEqual(view.last?.clock, "10:00")
    }

    func testStopResetsToTheFullTime() async {
        makePresenter()
        presenter.toggleClock()
        advance(.seconds(3))
        XCTAssertEqual(view.last?.clock, "09:57")

        presenter.stopClock()
        presenter.confirmReset()

        XCTAssertEqual(view.last?.clock, "10:00")
        XCTAssertEqual(view.last?.clockStatus, "Ready")
        XCTAssertFalse(ticker.isRunning)
        XCTAssertEqual(presenter.clock.state, .ready)
    }

    func testStopAfterTimesUpAllowsStartingAgain() async {
        makePresenter()
        presenter.toggleClock()
        advance(.seconds(600))

        presenter.stopClock()
        presenter.confirmReset()
        XCTAssertEqual(view.last?.clock, "10:00")
        XCTAssertEqual(view.last?.clockStatus, "Ready")
        presenter.toggleClock()

        XCTAssertEqual(ticker.startCount, 2)
        XCTAssertEqual(view.last?.clockStatus, "Running")
        XCTAssertNil(view.last?.problem)
        advance(.seconds(600))
        XCTAssertEqual(view.ringBellCount, 2)
    }

    // MARK: Setting the time

    func testSetTimeAsksWithAPrompt() async {
        makePresenter()

        presenter.beginSetTime()

        XCTAssertEqual(view.last?.prompt, .setTime)
        XCTAssertTrue(presenter.hasPrompt)
    }

    func testValidTimesAreAccepted() async {
        let cases = [("5", "05:00"), ("7:30", "07:30"), ("99:59", "99:59"), ("0:05", "00:05"), ("12", "12:00")]
        for (text, shown) in cases {
            makePresenter()

            setTime(text)

            XCTAssertEqual(view.last?.clock, shown, text)
            XCTAssertEqual(view.last?.clockStatus, "Ready", text)
            XCTAssertNil(view.last?.prompt, text)
            XCTAssertNil(view.last?.problem, text)
        }
    }

    func testInvalidTimesAreRejectedAndThePromptStays() async {
        for text in ["100:00", "1:60", "ab", "", "-5", "5:5:5"] {
            makePresenter()

            setTime(text)

            XCTAssertEqual(view.last?.problem, .invalidTime, text)
            XCTAssertEqual(view.last?.prompt, .setTime, text)
            XCTAssertEqual(view.last?.clock, "10:00", text)
        }
    }

    func testANewTimeRunsFromItsFullLength() async {
        makePresenter()
        setTime("7:30")

        presenter.toggleClock()
        advance(.seconds(30))

        XCTAssertEqual(view.last?.clock, "07:00")
    }

    func testSettingATimeWhileRunningStopsTheClock() async {
        makePresenter()
        presenter.toggleClock()
        advance(.seconds(10))

        setTime("5")

        XCTAssertFalse(ticker.isRunning)
        XCTAssertEqual(view.last?.clock, "05:00")
        XCTAssertEqual(view.last?.clockStatus, "Ready")
    }

    func testZeroTimeCannotStart() async {
        makePresenter()
        setTime("00:00")
        XCTAssertEqual(view.last?.clock, "00:00")
        XCTAssertEqual(view.last?.problem, .zeroTime)

        presenter.toggleClock()

        XCTAssertEqual(ticker.startCount, 0)
        XCTAssertFalse(ticker.isRunning)
        XCTAssertEqual(view.last?.problem, .noTimeSet)
        XCTAssertEqual(view.last?.clockStatus, "Ready")
    }

    func testCancellingThePromptKeepsTheTime() async {
        makePresenter()
        presenter.beginSetTime()

        presenter.cancelPrompt()

        XCTAssertNil(view.last?.prompt)
        XCTAssertEqual(view.last?.clock, "10:00")
    }

    func testClockAndScoreKeysAreIgnoredWhileAPromptIsOpen() async {
        makePresenter()
        presenter.beginSetTime()

        presenter.toggleClock()
        presenter.changeScore(of: .teamA, by: 1)

        XCTAssertEqual(ticker.startCount, 0)
        XCTAssertEqual(view.last?.scoreA, 0)
        XCTAssertEqual(view.last?.prompt, .setTime)
    }

    // MARK: Score

    func testScoreChangesAreShown() async {
        makePresenter()

        presenter.changeScore(of: .teamA, by: 1)
        presenter.changeScore(of: .teamA, by: 1)
        presenter.changeScore(of: .teamB, by: 1)
        presenter.changeScore(of: .teamA, by: -1)

        XCTAssertEqual(view.last?.scoreA, 1)
        XCTAssertEqual(view.last?.scoreB, 1)
    }

    func testScoreStaysWithinZeroAnd999() async {
        makePresenter()

        presenter.changeScore(of: .teamA, by: -1)
        XCTAssertEqual(view.last?.scoreA, 0)

        presenter.changeScore(of: .teamB, by: 5_000)
        XCTAssertEqual(view.last?.scoreB, 999)
        presenter.changeScore(of: .teamB, by: 1)
        XCTAssertEqual(view.last?.scoreB, 999)
        XCTAssertEqual(presenter.scoreB, 999)
        presenter.changeScore(of: .teamB, by: -1)
        XCTAssertEqual(view.last?.scoreB, 998)
    }

    func testBenchHasNoScore() async {
        makePresenter()
        let count = view.displayCount

        presenter.changeScore(of: .bench, by: 1)

        XCTAssertEqual(view.displayCount, count)
    }

    // MARK: Ending

    private func score(_ a: Int, _ b: Int) {
        for _ in 0..<a { presenter.changeScore(of: .teamA, by: 1) }
        for _ in 0..<b { presenter.changeScore(of: .teamB, by: 1) }
    }

    /// The result the end prompt asks about.
    private var promptedResult: GatherResult? {
        if case .confirmEnd(let result)? = view.last?.prompt { return result }
        return nil
    }

    func testEndPromptShowsTheScoreAndTheWinner() async {
        makePresenter()
        score(2, 1)

        presenter.requestEnd()

        XCTAssertEqual(promptedResult?.score.description, "2-1")
        XCTAssertEqual(promptedResult?.winner, .teamA)
    }

    func testEndPromptOfADraw() async {
        makePresenter()
        score(1, 1)

        presenter.requestEnd()

        XCTAssertEqual(promptedResult?.score.description, "1-1")
        XCTAssertEqual(promptedResult?.winner, Winner.none)
    }

    func testEndPromptWhenTeamBWins() async {
        makePresenter()
        score(0, 3)

        presenter.requestEnd()

        XCTAssertEqual(promptedResult?.score.description, "0-3")
        XCTAssertEqual(promptedResult?.winner, .teamB)
    }

    func testConfirmEndSendsTheResultAndTellsTheDelegate() async {
        makePresenter()
        presenter.toggleClock()
        score(2, 1)
        presenter.requestEnd()

        await presenter.confirmEnd()

        XCTAssertEqual(keeper.kept.count, 1)
        XCTAssertEqual(keeper.kept.first?.id, gatherID)
        XCTAssertEqual(keeper.kept.first?.assignments, assignments, "the teams, bench included, go with the result")
        XCTAssertEqual(keeper.kept.first?.result.score, Score(teamA: 2, teamB: 1))
        XCTAssertEqual(keeper.kept.first?.result.winner, .teamA)
        XCTAssertEqual(keeper.names.first, [Fixtures.ana.id: "Ana", Fixtures.bruno.id: "Bruno", Fixtures.carla.id: "Carla"],
                       "names to show the teams while the result waits")
        XCTAssertEqual(delegate.endCount, 1)
        XCTAssertEqual(delegate.keptAs, .uploaded)
        XCTAssertFalse(ticker.isRunning)
    }

    func testAResultKeptOnThisComputerEndsTheMatchAllTheSame() async {
        makePresenter()
        score(1, 1)
        keeper.outcome = .keptOnThisComputer(.unreachable("Cannot reach the server"))
        presenter.requestEnd()

        await presenter.confirmEnd()

        XCTAssertEqual(delegate.endCount, 1)
        XCTAssertEqual(delegate.keptAs, .keptOnThisComputer(.unreachable("Cannot reach the server")))
        XCTAssertNil(view.last?.problem)
    }

    func testConfirmEndOfAGoallessDrawSendsNone() async {
        makePresenter()
        presenter.requestEnd()

        await presenter.confirmEnd()

        XCTAssertEqual(keeper.kept.first?.result.score, Score.goalless)
        XCTAssertEqual(keeper.kept.first?.result.winner, Winner.none)
    }

    func testScreenIsEndingWhileTheRequestIsInFlight() async {
        makePresenter()
        presenter.requestEnd()
        let view = view!
        var endingDuringCall: Bool?
        var promptDuringCall: GatherViewState.Prompt?? = .some(.setTime)
        keeper.duringCall = {
            endingDuringCall = view.last?.isEnding
            promptDuringCall = view.last?.prompt
        }

        await presenter.confirmEnd()

        XCTAssertEqual(endingDuringCall, true)
        XCTAssertEqual(promptDuringCall, .some(nil))
    }

    func testFailedEndKeepsTheScreenWithTheError() async {
        makePresenter()
        presenter.toggleClock()
        score(2, 1)
        keeper.error = .unreachable("Cannot reach the server at http://127.0.0.1:8080")
        presenter.requestEnd()

        await presenter.confirmEnd()

        XCTAssertEqual(view.last?.problem, .notSaved("Cannot reach the server at http://127.0.0.1:8080"))
        XCTAssertEqual(view.last?.isEnding, false)
        XCTAssertNil(view.last?.prompt)
        XCTAssertEqual(view.last?.scoreA, 2)
        XCTAssertEqual(view.last?.scoreB, 1)
        XCTAssertEqual(delegate.endCount, 0)
        XCTAssertTrue(ticker.isRunning)
    }

    func testEndingCanBeRetriedAfterAFailure() async {
        makePresenter()
        keeper.error = .unreachable("Cannot reach the server")
        presenter.requestEnd()
        await presenter.confirmEnd()
        keeper.error = nil

        presenter.requestEnd()
        await presenter.confirmEnd()

        XCTAssertEqual(keeper.kept.count, 2)
        XCTAssertEqual(delegate.endCount, 1)
    }

    func testDecliningTheEndPromptSendsNothing() async {
        makePresenter()
        presenter.requestEnd()

        presenter.cancelPrompt()
        await presenter.confirmEnd()

        XCTAssertNil(view.last?.prompt)
        XCTAssertEqual(keeper.kept, [])
        XCTAssertEqual(delegate.endCount, 0)
    }

    // MARK: Quitting

    func testQuitWhileRunningAsksFirst() async {
        makePresenter()
        presenter.toggleClock()

        presenter.requestQuit()

        XCTAssertEqual(view.last?.prompt, .confirmQuit(GatherResult(score: .goalless)))
        XCTAssertTrue(presenter.isAskingToQuit)
        XCTAssertEqual(delegate.quitCount, 0)

        presenter.discardAndQuit()

        XCTAssertEqual(delegate.quitCount, 1)
        XCTAssertFalse(ticker.isRunning)
        XCTAssertEqual(keeper.kept.count, 0, "discarded: nothing sent")
    }

    func testDecliningToQuitKeepsTheMatchRunning() async {
        makePresenter()
        presenter.toggleClock()
        presenter.requestQuit()

        presenter.cancelPrompt()

        XCTAssertNil(view.last?.prompt)
        XCTAssertFalse(presenter.isAskingToQuit)
        XCTAssertEqual(delegate.quitCount, 0)
        XCTAssertTrue(ticker.isRunning)
    }

    func testAnUntouchedMatchIsLeftAtOnce() async {
        makePresenter()

        presenter.requestQuit()

        XCTAssertEqual(delegate.quitCount, 1)
        XCTAssertNil(view.last?.prompt)
    }

    func testAPausedMatchAsksBeforeItIsLost() async {
        makePresenter()
        presenter.toggleClock()
        advance(.seconds(2))
        presenter.toggleClock()

        presenter.requestQuit()

        XCTAssertEqual(delegate.quitCount, 0)
        XCTAssertTrue(presenter.isAskingToQuit)
    }

    func testAScoreAloneAsksBeforeItIsLost() async throws {
        makePresenter()
        presenter.changeScore(of: .teamB, by: 1)

        presenter.requestQuit()

        XCTAssertEqual(view.last?.prompt, .confirmQuit(GatherResult(score: try XCTUnwrap(Score(teamA: 0, teamB: 1)))))
        XCTAssertEqual(delegate.quitCount, 0)
    }

    func testSaveAndQuitSendsTheResultThenLeaves() async {
        makePresenter()
        presenter.changeScore(of: .teamA, by: 2)
        presenter.requestQuit()

        await presenter.saveAndQuit()

        XCTAssertEqual(keeper.kept.map(\.result.score.description), ["2-0"])
        XCTAssertEqual(delegate.quitCount, 1)
        XCTAssertEqual(delegate.savedAndQuit, [.uploaded])
        XCTAssertEqual(delegate.endCount, 0, "leaving the app, not going back to the list")
    }

    func testSaveAndQuitThatFailsStaysWithTheReason() async {
        makePresenter()
        presenter.changeScore(of: .teamA, by: 1)
        presenter.requestQuit()
        keeper.error = .unreachable("Cannot reach the server")

        await presenter.saveAndQuit()

        XCTAssertEqual(delegate.quitCount, 0)
        XCTAssertEqual(view.last?.problem, .notSaved("Cannot reach the server"))
        XCTAssertNil(view.last?.prompt)
    }

    func testQuitChoicesWithoutThePromptDoNothing() async {
        makePresenter()
        presenter.changeScore(of: .teamA, by: 1)

        presenter.discardAndQuit()
        await presenter.saveAndQuit()

        XCTAssertEqual(delegate.quitCount, 0)
        XCTAssertEqual(keeper.kept.count, 0)
    }

    // MARK: Going back

    func testBeforeKickOffEscGoesBackToTheTeams() async {
        makePresenter()
        XCTAssertEqual(view.last?.canGoBack, true)

        presenter.requestBack()

        XCTAssertEqual(delegate.backCount, 1)
    }

    func testOnceAnythingHappenedThereIsNoWayBack() async {
        makePresenter()
        presenter.toggleClock()
        XCTAssertEqual(view.last?.canGoBack, false)
        presenter.requestBack()
        XCTAssertEqual(delegate.backCount, 0)

        makePresenter()
        presenter.changeScore(of: .teamA, by: 1)
        presenter.requestBack()
        XCTAssertEqual(delegate.backCount, 0)

        makePresenter()
        presenter.beginSetTime()
        XCTAssertEqual(view.last?.canGoBack, false, "not while a prompt is up")
        presenter.requestBack()
        XCTAssertEqual(delegate.backCount, 0)
    }
    // MARK: Real times and leaving at once

    func testTheResultIsDatedFromKickOffToTheEnd() async {
        makePresenter()
        advance(.seconds(90))          // teams looked at, then kick-off
        presenter.toggleClock()
        advance(.seconds(600))
        presenter.changeScore(of: .teamA, by: 1)
        advance(.seconds(30))          // time's up, then the organiser ends it
        presenter.requestEnd()

        await presenter.confirmEnd()

        let record = keeper.kept.first
        XCTAssertEqual(record?.createdAt, Date(timeIntervalSince1970: 1_800_000_090), "kick-off, not when the screen opened")
        XCTAssertEqual(record?.endedAt, Date(timeIntervalSince1970: 1_800_000_720), "when it was saved")
    }

    func testAMatchWithoutTheClockIsDatedFromItsFirstGoal() async {
        makePresenter()
        advance(.seconds(120))
        presenter.changeScore(of: .teamB, by: 1)
        advance(.seconds(60))
        presenter.requestEnd()

        await presenter.confirmEnd()

        XCTAssertEqual(keeper.kept.first?.createdAt, Date(timeIntervalSince1970: 1_800_000_120))
    }

    private func reopen(remainingSeconds: Int, scoreA: Int = 1) {
        let left = Date(timeIntervalSince1970: 1_799_990_000)
        let match = UnfinishedMatch(record: GatherRecord(id: gatherID, assignments: assignments,
                                                         result: GatherResult(score: Score(teamA: scoreA, teamB: 0) ?? .goalless),
                                                         createdAt: left.addingTimeInterval(-300), endedAt: left),
                                    names: [:], durationMilliseconds: 600_000, remainingMilliseconds: remainingSeconds * 1000,
                                    kickedOff: true, server: "s", userID: UUID(), groupID: UUID(), leftAt: left)
        keeper = StubResultKeeper()
        ticker = ManualTicker()
        time = ManualTimeSource()
        presenter = GatherPresenter(gatherID: gatherID, assignments: assignments, teamA: [Fixtures.ana],
                                    teamB: [Fixtures.bruno, Fixtures.carla], keeper: keeper, ticker: ticker, time: time, resuming: match)
        view = SpyGatherView()
        delegate = SpyGatherDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
    }

    func testAMatchReopenedUnfinishedAsksFirstThenResumesWhereTheClockStood() {
        reopen(remainingSeconds: 570)
        XCTAssertEqual(view.last?.prompt, .interrupted(GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless), left: "09:30",
                                                       at: Date(timeIntervalSince1970: 1_799_990_000)))
        XCTAssertEqual(view.last?.clock, "09:30")
        presenter.toggleClock()
        presenter.changeScore(of: .teamA, by: 1)
        XCTAssertEqual(view.last?.scoreA, 1, "no key acts until the question is answered")
        XCTAssertFalse(ticker.isRunning)

        presenter.resumeInterrupted()
        XCTAssertNil(view.last?.prompt)
        XCTAssertEqual(view.last?.clockStatus, "Paused")
        presenter.toggleClock()
        advance(.seconds(30))
        XCTAssertEqual(view.last?.clock, "09:00", "on from where it stood")
    }

    func testAnUnfinishedMatchSavedAsItStandsIsItsResultDatedFromItsKickOff() async {
        reopen(remainingSeconds: 0, scoreA: 3)
        XCTAssertEqual(view.last?.clockStatus, "Time's up")
        await presenter.saveInterrupted()
        XCTAssertEqual(keeper.kept.map(\.result), [GatherResult(score: Score(teamA: 3, teamB: 0) ?? .goalless)])
        XCTAssertEqual(keeper.kept.first?.createdAt, Date(timeIntervalSince1970: 1_799_989_700), "its kick-off")
        XCTAssertEqual(delegate.endCount, 1)
    }

    func testAnUnfinishedMatchDiscardedIsForgottenAndLaterLeavesItKept() {
        reopen(remainingSeconds: 100)
        presenter.postponeInterrupted()
        XCTAssertEqual(delegate.backCount, 1)
        XCTAssertEqual(keeper.forgotten, [], "kept for the next start")

        reopen(remainingSeconds: 100)
        presenter.discardInterrupted()
        XCTAssertEqual(keeper.forgotten, [gatherID])
        XCTAssertEqual(delegate.discardCount, 1)
        XCTAssertEqual(keeper.kept, [], "nothing saved")
    }

    func testLeavingAtOnceKeepsAPlayedMatchUnfinishedNotAsAResult() {
        makePresenter()
        presenter.toggleClock()
        advance(.seconds(30))
        presenter.changeScore(of: .teamA, by: 1)
        presenter.requestQuit()

        let outcome = presenter.keepBeforeLeaving()

        XCTAssertEqual(outcome, .keptUnfinished(GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless), left: "09:30"))
        let kept = keeper.keptUnfinished.first
        XCTAssertEqual(keeper.keptUnfinished.map(\.record.id), [gatherID])
        XCTAssertEqual(kept?.record.assignments, assignments, "with its teams")
        XCTAssertEqual(kept?.remaining, .seconds(570), "the clock where it stood")
        XCTAssertEqual(kept?.duration, .seconds(600))
        XCTAssertEqual(kept?.kickedOff, true)
        XCTAssertEqual(keeper.kept, [], "nothing sent: not a result")
    }

    func testLeavingAtOnceSaysSoWhenTheMatchCannotBeKept() {
        makePresenter()
        presenter.changeScore(of: .teamA, by: 1)
        keeper.keepUnfinishedProblem = "disk full"

        XCTAssertEqual(presenter.keepBeforeLeaving(), .lost(GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless), reason: "disk full"))
    }

    func testLeavingAnUntouchedMatchKeepsNothing() {
        makePresenter()
        XCTAssertNil(presenter.keepBeforeLeaving())
        XCTAssertEqual(keeper.keptUnfinished, [])
    }

    func testAResetAfterTimesUpAsksAndAPlayedMatchStillAsksBeforeLeaving() async {
        makePresenter()
        setTime("00:02")
        presenter.toggleClock()
        advance(.seconds(3))
        XCTAssertEqual(view.last?.clockStatus, "Time's up")

        presenter.stopClock()
        XCTAssertEqual(view.last?.prompt, .confirmReset(played: "00:02"), "a 0-0 played to the whistle is a result")
        presenter.confirmReset()
        XCTAssertEqual(view.last?.clockStatus, "Ready")

        presenter.requestQuit()
        XCTAssertEqual(view.last?.prompt, .confirmQuit(presenter.result), "kicked off: leaving still asks")
        XCTAssertNotNil(presenter.keepBeforeLeaving(), "and leaving at once keeps it")
    }

    func testAMatchPlayedFromAFixtureIsKeptLinkedToIt() async {
        makePresenter(fixtureID: 7)
        presenter.changeScore(of: .teamA, by: 1)
        presenter.requestEnd()
        await presenter.confirmEnd()
        XCTAssertEqual(keeper.kept.map(\.fixtureID), [7])
    }
}
