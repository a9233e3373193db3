import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// What the match screen tells friends' share pages at each turn of the match.
@MainActor
final class GatherPresenterLiveTests: XCTestCase {
    private var presenter: GatherPresenter!
    private var service: RecordingLiveService!
    private var ticker: ManualTicker!
    private var liveTicker: ManualTicker!
    private var time: ManualTimeSource!
    private var keeper: StubResultKeeper!
    private var delegate: SpyGatherDelegate!
    private var effects: Effects!
    private var errands: LeavingErrands!
    private let gatherID = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!

    private func makePresenter() async {
        service = RecordingLiveService()
        ticker = ManualTicker()
        liveTicker = ManualTicker()
        time = ManualTimeSource()
        keeper = StubResultKeeper()
        delegate = SpyGatherDelegate()
        effects = Effects()
        errands = LeavingErrands()
        let live = LiveBroadcast(service: service, token: { "token-1" }, ticker: liveTicker, effects: effects, errands: errands)
        presenter = GatherPresenter(gatherID: gatherID,
                                    assignments: [TeamAssignmentEntry(playerID: Fixtures.ana.id, team: .teamA),
                                                  TeamAssignmentEntry(playerID: Fixtures.bruno.id, team: .teamB)],
                                    teamA: [Fixtures.ana], teamB: [Fixtures.bruno], keeper: keeper, ticker: ticker, time: time, live: live)
        presenter.delegate = delegate
        presenter.viewDidLoad()
        await settle(effects)
        XCTAssertEqual(service.calls.count, 1, "the teams are published as the screen opens")
    }

    /// The last state sent, once what was started has ended; `count` calls made by then.
    private func sent(after count: Int, file: StaticString = #filePath, line: UInt = #line) async -> LiveMatchUpdate? {
        await settle(effects)
        XCTAssertEqual(service.calls.count, count, "\(service.calls)", file: file, line: line)
        return service.published.last
    }

    func testFriendsSeeTheTeamsBeforeKickOffThenEveryTurnOfTheMatch() async throws {
        await makePresenter()
        let opened = try XCTUnwrap(service.published.first)
        XCTAssertEqual(opened.gatherID, gatherID, "the id the result will be saved under")
        XCTAssertEqual(opened.teamA, [Fixtures.ana.id])
        XCTAssertEqual(opened.teamB, [Fixtures.bruno.id])
        XCTAssertEqual(opened.phase, .ready)
        XCTAssertEqual(opened.remainingSeconds, 600)
        XCTAssertEqual(opened.durationSeconds, 600)

        presenter.toggleClock()
        let state2 = await sent(after: 2)
        XCTAssertEqual(state2?.phase, .running)
        time.advance(by: .milliseconds(90_500))
        ticker.fire()
        presenter.changeScore(of: .teamA, by: 1)
        let goal = await sent(after: 3)
        XCTAssertEqual(goal?.score, Score(teamA: 1, teamB: 0))
        XCTAssertEqual(goal?.remainingSeconds, 510, "9:09.5 left reads 9:10, as on the screen")
        presenter.toggleClock()
        let state4 = await sent(after: 4)
        XCTAssertEqual(state4?.phase, .paused)
        presenter.toggleClock()
        time.advance(by: .seconds(600))
        ticker.fire()
        let whistle = await sent(after: 6)
        XCTAssertEqual(whistle?.phase, .timeUp)
        XCTAssertEqual(whistle?.remainingSeconds, 0)

        presenter.requestEnd()
        await presenter.confirmEnd()
        let fullTime = await sent(after: 7)
        XCTAssertEqual(fullTime?.phase, .ended, "full time, until the server forgets the match")
        XCTAssertFalse(liveTicker.isRunning, "no heartbeat once the match is saved")
    }

    func testSettingOrResettingTheClockIsSeenToo() async throws {
        await makePresenter()
        presenter.beginSetTime()
        presenter.submitTime("7")
        let state2 = await sent(after: 2)
        XCTAssertEqual(state2?.durationSeconds, 420)
        presenter.toggleClock()
        _ = await sent(after: 3)
        presenter.stopClock()
        presenter.confirmReset()
        let reset = await sent(after: 4)
        XCTAssertEqual(reset?.phase, .ready)
        XCTAssertEqual(reset?.remainingSeconds, 420)
    }

    func testLeavingAtOnceEndsTheMatchForFriendsAsAnErrandOfTheWayOut() async throws {
        await makePresenter()
        presenter.changeScore(of: .teamA, by: 1)
        _ = await sent(after: 2)
        XCTAssertNotNil(presenter.keepBeforeLeaving())
        await settle(errands)
        XCTAssertEqual(service.calls.last, .end(token: "token-1"), "sent off the main actor, which the app blocks on its way out")
    }

    func testLeavingWithoutAResultEndsTheMatchForFriends() async throws {
        await makePresenter()
        presenter.requestBack()
        await settle(effects)
        await settle(errands)
        XCTAssertEqual(service.calls.count, 2)
        XCTAssertEqual(service.calls.last, .end(token: "token-1"))

        await makePresenter()
        presenter.changeScore(of: .teamB, by: 1)
        _ = await sent(after: 2)
        presenter.requestQuit()
        presenter.discardAndQuit()
        await settle(effects)
        await settle(errands)
        XCTAssertEqual(service.calls.count, 3)
        XCTAssertEqual(service.calls.last, .end(token: "token-1"))
    }
}
