import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// The match screen's word to friends' share pages: best effort, the newest state only, one
/// request at a time, a heartbeat while the screen is open, nothing without a session.
@MainActor
final class LiveBroadcastTests: XCTestCase {
    private var service: RecordingLiveService!
    private var ticker: ManualTicker!
    private var effects: Effects!
    private var errands: LeavingErrands!
    private var token: String? = "token-1"
    private var score = 0

    private func update(score: Int, phase: LiveMatchUpdate.Phase = .running) -> LiveMatchUpdate? {
        try? LiveMatchUpdate(gatherID: UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!, teamA: [1], teamB: [2],
                             score: Score(teamA: score, teamB: 0) ?? .goalless, phase: phase, remainingSeconds: 60, durationSeconds: 600)
    }

    private func makeBroadcast() -> LiveBroadcast {
        service = RecordingLiveService()
        ticker = ManualTicker()
        effects = Effects()
        errands = LeavingErrands()
        let broadcast = LiveBroadcast(service: service, token: { [unowned self] in token }, ticker: ticker, effects: effects,
                                      errands: errands)
        broadcast.follow { [unowned self] in update(score: score) }
        return broadcast
    }

    /// Returns once `count` calls have reached the service, which may be holding them.
    private func arrival(of count: Int, file: StaticString = #filePath, line: Int = #line) async {
        let arrived = expectation(description: "\(count) calls")
        service.whenCalls(reach: count) { arrived.fulfill() }
        await fulfillment(of: [arrived], timeout: 5, file: file, line: line)
    }

    func testAChangeIsSentWithTheSessionsTokenAndAHeartbeatKeepsTheMatchAlive() async throws {
        let broadcast = makeBroadcast()
        XCTAssertEqual(ticker.intervals, [LiveBroadcast.heartbeat])
        broadcast.changed()
        await settle(effects)
        XCTAssertEqual(service.calls, [.publish(try XCTUnwrap(update(score: 0)), token: "token-1")])

        score = 1
        ticker.fire()
        await settle(effects)
        XCTAssertEqual(service.calls.count, 2)
        XCTAssertEqual(service.published.last?.score, Score(teamA: 1, teamB: 0), "the heartbeat sends the match as it stands then")
    }

    func testWhileOneIsOnItsWayOnlyTheNewestStateFollows() async throws {
        let broadcast = makeBroadcast()
        service.hold()
        broadcast.changed()
        await arrival(of: 1)
        for goals in 1...3 {
            score = goals
            broadcast.changed()
        }
        XCTAssertEqual(service.calls.count, 1, "one request at a time")
        service.release()
        await settle(effects)
        XCTAssertEqual(service.published.map { $0.score.teamA }, [0, 3], "the states in between are not sent at all")
    }

    func testAFailureIsForgottenUntilTheNextChange() async throws {
        let broadcast = makeBroadcast()
        service.fail(true)
        broadcast.changed()
        await settle(effects)
        XCTAssertEqual(service.calls.count, 1, "no retry of its own: the server may be gone for the whole match")
        service.fail(false)
        score = 2
        broadcast.changed()
        await settle(effects)
        XCTAssertEqual(service.calls.count, 2)
        XCTAssertEqual(service.published.last?.score.teamA, 2)
    }

    func testLeavingTheMatchEndsItAndStopsTheHeartbeat() async throws {
        let broadcast = makeBroadcast()
        broadcast.ended()
        await settle(errands)
        XCTAssertEqual(service.calls, [.end(token: "token-1")])
        XCTAssertFalse(ticker.isRunning)
        broadcast.changed()
        broadcast.ended()
        await settle(effects)
        await settle(errands)
        XCTAssertEqual(service.calls.count, 1, "nothing after the end")
    }

    func testWithoutASessionNothingIsSent() async throws {
        token = nil
        let broadcast = makeBroadcast()
        broadcast.changed()
        XCTAssertEqual(effects.inFlight, 0, "nothing was even started")
        await settle(effects)
        XCTAssertEqual(service.calls, [])
    }
}
