import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// A match in two halves: the first half's end is half time (its time kept), a timed break counts
/// down, the second half kicks off with Space, and a goal's minute runs on across the halves.
@MainActor
final class MatchHalvesTests: XCTestCase {
    private var presenter: GatherPresenter!
    private var view: SpyGatherView!
    private var keeper: StubResultKeeper!
    private var ticker: ManualTicker!
    private var time: ManualTimeSource!
    private let assignments = [TeamAssignmentEntry(playerID: Fixtures.ana.id, team: .teamA),
                               TeamAssignmentEntry(playerID: Fixtures.bruno.id, team: .teamB)]

    private func format(_ periods: Int, _ minutes: Int, break pause: Int = 0) -> MatchFormat {
        (try? MatchFormat(periods: periods, periodMinutes: minutes, breakMinutes: pause)) ?? .standard
    }

    private func makePresenter(format: MatchFormat = .standard, resuming unfinished: UnfinishedMatch? = nil) {
        keeper = StubResultKeeper()
        ticker = ManualTicker()
        time = ManualTimeSource()
        presenter = GatherPresenter(gatherID: UUID(), assignments: assignments, teamA: [Fixtures.ana], teamB: [Fixtures.bruno],
                                    keeper: keeper, ticker: ticker, time: time, format: format, resuming: unfinished)
        view = SpyGatherView()
        presenter.view = view
        presenter.viewDidLoad()
    }

    private func play(_ duration: Duration) {
        time.advance(by: duration)
        ticker.fire()
    }

    func testTheFirstHalfsEndIsHalfTimeThenTheSecondHalfRunsOnAndTheMinutesAddUp() async {
        makePresenter(format: format(2, 1, break: 1))
        XCTAssertEqual(view.last?.format, "2 × 1 min, 1 min break")
        presenter.toggleClock()
        XCTAssertEqual(view.last?.clockStatus, "1st half · Running")
        play(.seconds(30))
        presenter.changeScore(of: .teamA, by: 1)
        play(.seconds(30))

        XCTAssertEqual(view.last?.clockStatus, "Half time")
        XCTAssertEqual(view.last?.isHalfTime, true)
        XCTAssertEqual(view.last?.clock, "01:00", "the break counts down")
        XCTAssertEqual(view.ringBellCount, 1)
        play(.seconds(20))
        XCTAssertEqual(view.last?.clock, "00:40")
        play(.seconds(40))
        XCTAssertEqual(view.last?.clockStatus, "Half time · break over")
        XCTAssertEqual(view.ringBellCount, 2, "the end of the break rings too")
        XCTAssertFalse(ticker.isRunning)

        presenter.toggleClock()
        XCTAssertEqual(view.last?.clockStatus, "2nd half · Running")
        XCTAssertEqual(view.last?.clock, "01:00")
        play(.seconds(20))
        presenter.changeScore(of: .teamB, by: 1)
        play(.seconds(40))
        XCTAssertEqual(view.last?.clockStatus, "2nd half · Time's up")
        XCTAssertEqual(view.last?.isTimeUp, true)

        presenter.requestEnd()
        await presenter.confirmEnd()
        XCTAssertEqual(keeper.kept.first?.goals?.map(\.minute), [1, 2], "the second half's goal in the match's second minute")
    }

    func testHalfTimeCalledEarlyKeepsWhatWasPlayed() {
        makePresenter(format: format(2, 10))
        presenter.toggleClock()
        play(.seconds(4 * 60))
        XCTAssertEqual(view.last?.canCallHalfTime, true)
        presenter.halves()
        XCTAssertEqual(view.last?.clockStatus, "Half time")
        XCTAssertEqual(view.last?.clock, "10:00", "no break timed: the second half's clock, ready")
        XCTAssertFalse(ticker.isRunning)
        presenter.toggleClock()
        play(.seconds(90))
        presenter.changeScore(of: .teamA, by: 1)
        XCTAssertEqual(presenter.goals.first?.minute, 6, "4 minutes, then 1:30 of the second half")
        XCTAssertEqual(view.last?.canCallHalfTime, false, "the last half")
        presenter.halves()
        XCTAssertEqual(view.last?.clockStatus, "2nd half · Running")
    }

    func testResettingTheSecondHalfsClockIsNotHalfTimeAgain() {
        makePresenter(format: format(2, 1))
        presenter.toggleClock()
        play(.seconds(60))
        presenter.toggleClock()
        play(.seconds(20))
        presenter.stopClock()
        presenter.confirmReset()
        XCTAssertEqual(view.last?.clockStatus, "2nd half · Ready")
        XCTAssertEqual(view.last?.isHalfTime, false)
    }

    func testAtHalfTimeTheBreakGoesOnWhateverIsPressedAndALateGoalIsTheFirstHalfs() {
        makePresenter(format: format(2, 1, break: 1))
        presenter.toggleClock()
        play(.seconds(60))
        XCTAssertEqual(view.last?.clockStatus, "Half time")
        presenter.stopClock()
        XCTAssertNil(view.last?.prompt, "nothing to reset")
        presenter.beginSetTime()
        presenter.submitTime("02:00")
        XCTAssertTrue(ticker.isRunning, "the break still counts down")
        play(.seconds(30))
        XCTAssertEqual(view.last?.clock, "00:30")
        presenter.changeScore(of: .teamA, by: 1)
        XCTAssertEqual(presenter.goals.first?.minute, 1, "given between the halves: the first half's last minute")
        play(.seconds(30))
        XCTAssertEqual(view.last?.clockStatus, "Half time · break over")
        presenter.toggleClock()
        XCTAssertEqual(view.last?.clock, "02:00", "the second half as long as it was set")
    }

    func testAMatchLeftAfterTheSecondHalfsResetResumesInTheSecondHalf() {
        makePresenter(format: format(2, 1))
        presenter.toggleClock()
        play(.seconds(60))
        presenter.toggleClock()
        play(.seconds(20))
        presenter.stopClock()
        presenter.confirmReset()
        _ = presenter.keepBeforeLeaving()
        guard let stopped = keeper.keptUnfinished.first else { return XCTFail("not kept") }
        let unfinished = UnfinishedMatch(record: stopped.record, names: stopped.names, durationMilliseconds: 60_000,
                                         remainingMilliseconds: 60_000, kickedOff: true, server: "s", userID: UUID(), groupID: UUID(),
                                         leftAt: Date(), periods: stopped.periods)
        makePresenter(resuming: unfinished)
        presenter.resumeInterrupted()
        XCTAssertEqual(view.last?.clockStatus, "2nd half · Ready", "not half time again")
    }

    func testHBeforeKickOffSwitchesBetweenOnePeriodAndTwoHalvesKeepingTheTime() {
        makePresenter()
        XCTAssertEqual(view.last?.format, "one period of 10 min")
        presenter.halves()
        XCTAssertEqual(view.last?.format, "2 × 5 min")
        XCTAssertEqual(view.last?.clock, "05:00")
        presenter.halves()
        XCTAssertEqual(view.last?.format, "one period of 10 min")

        presenter.useGroupFormat(format(2, 25, break: 5))
        XCTAssertEqual(view.last?.format, "one period of 10 min", "chosen here: the group's default no longer applies")
        presenter.halves()
        XCTAssertEqual(view.last?.format, "2 × 25 min, 5 min break", "two halves as the group plays them")
    }

    func testTheGroupsFormatIsTakenWhileNothingHasBeenPlayedOrChosen() {
        makePresenter()
        presenter.useGroupFormat(format(2, 25, break: 5))
        XCTAssertEqual(view.last?.format, "2 × 25 min, 5 min break")
        XCTAssertEqual(view.last?.clock, "25:00")

        makePresenter()
        presenter.beginSetTime()
        presenter.submitTime("12:30")
        presenter.useGroupFormat(format(2, 25))
        XCTAssertEqual(view.last?.format, "one period of 12:30", "the time set here stands")

        makePresenter()
        presenter.toggleClock()
        presenter.useGroupFormat(format(2, 25))
        XCTAssertEqual(view.last?.format, "one period of 10 min", "kicked off")
    }

    func testLeavingAtHalfTimeAndResumingKeepsThePeriodAndTheTimePlayed() {
        makePresenter(format: format(2, 1))
        presenter.toggleClock()
        play(.seconds(60))
        XCTAssertEqual(view.last?.clockStatus, "Half time")
        _ = presenter.keepBeforeLeaving()
        let stopped = keeper.keptUnfinished.first
        XCTAssertEqual(stopped?.periods.period, 2)
        XCTAssertEqual(stopped?.periods.playedBefore, .seconds(60))

        guard let stopped else { return XCTFail("not kept") }
        let unfinished = UnfinishedMatch(record: stopped.record, names: stopped.names, durationMilliseconds: 60_000,
                                         remainingMilliseconds: 60_000, kickedOff: true, server: "s", userID: UUID(), groupID: UUID(),
                                         leftAt: Date(), periods: stopped.periods)
        let decoded = try? JSONDecoder().decode(UnfinishedMatch.self, from: JSONEncoder().encode(unfinished))
        XCTAssertEqual(decoded?.periods, stopped.periods, "kept on disk")
        makePresenter(resuming: decoded)
        presenter.resumeInterrupted()
        XCTAssertEqual(view.last?.clockStatus, "Half time")
        presenter.toggleClock()
        play(.seconds(10))
        presenter.changeScore(of: .teamA, by: 1)
        XCTAssertEqual(presenter.goals.first?.minute, 2)
    }

    func testAMatchLeftJustAsTheFirstHalfRanOutResumesAtHalfTime() {
        // Kept with the first half's clock at 0:00, before a tick called half time.
        let record = GatherRecord(id: UUID(), assignments: assignments, result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless),
                                  goals: [Goal(team: .teamA, scorer: Fixtures.ana.id, minute: 20)])
        let unfinished = UnfinishedMatch(record: record, names: [Fixtures.ana.id: "Ana"], durationMilliseconds: 1_500_000,
                                         remainingMilliseconds: 0, kickedOff: true, server: "s", userID: UUID(), groupID: UUID(),
                                         leftAt: Date(), periods: MatchPeriods(format: format(2, 25), periodLength: .seconds(1500)))
        makePresenter(resuming: unfinished)
        presenter.resumeInterrupted()
        XCTAssertEqual(view.last?.clockStatus, "Half time")
        XCTAssertEqual(presenter.periods.period, 2)
        XCTAssertEqual(presenter.periods.playedBefore, .seconds(1500))
        presenter.toggleClock()
        play(.seconds(30))
        presenter.changeScore(of: .teamA, by: 1)
        XCTAssertEqual(presenter.goals.last?.minute, 26, "the second half runs on from the first's 25 minutes")
        XCTAssertEqual(view.last?.clock, "24:30")
    }

    func testAMatchKeptBeforeHalvesResumesAsOnePeriod() async throws {
        let old = Data(#"{"record":{"id":"3F2504E0-4F89-11D3-9A0C-0305E82C3301","assignments":[],"score":"1-0"},"names":{},"durationMilliseconds":600000,"remainingMilliseconds":300000,"kickedOff":true,"server":"s","userID":"3F2504E0-4F89-11D3-9A0C-0305E82C3302","groupID":"3F2504E0-4F89-11D3-9A0C-0305E82C3303","leftAt":0}"#.utf8)
        let unfinished = try JSONDecoder().decode(UnfinishedMatch.self, from: old)
        XCTAssertEqual(unfinished.periods, MatchPeriods(format: .standard, periodLength: .seconds(600)))
    }
}
