import Foundation
@testable import GatherClient
import GatherDomain
import Locking
import XCTest

/// `gather watch`: the match as last heard, its clock counted down between updates, and a stream
/// that is lost tried again with a growing wait, or given up on when it was refused for good.
@MainActor
final class WatchPresenterTests: XCTestCase {
    private struct Fixture {
        let presenter: WatchPresenter
        let view: SpyWatchView
        let feed: ScriptedLiveFeed
        let ticker: ManualTicker
        let time: ManualTimeSource
    }

    private let label = "a share link on example.org"

    private func makeFixture() throws -> Fixture {
        let feed = ScriptedLiveFeed()
        let ticker = ManualTicker()
        let time = ManualTimeSource()
        let view = SpyWatchView()
        let presenter = WatchPresenter(feed: feed, ticker: ticker, time: time, label: label,
                                       timeZone: try XCTUnwrap(TimeZone(identifier: "UTC")))
        presenter.view = view
        presenter.viewDidLoad()
        return Fixture(presenter: presenter, view: view, feed: feed, ticker: ticker, time: time)
    }

    private func match(_ phase: LiveMatchUpdate.Phase, remaining: Int, duration: Int = 600, scoreA: Int = 2, scoreB: Int = 1) throws -> LiveMatch {
        LiveMatch(gatherID: try XCTUnwrap(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")),
                  teamA: .init(names: ["Ana", "Bruno"]), teamB: .init(names: ["Carla", "Dani"]),
                  score: try XCTUnwrap(Score(teamA: scoreA, teamB: scoreB)), phase: phase, remainingSeconds: remaining,
                  durationSeconds: duration)
    }

    /// The first state shown for which `condition` holds: the last one, or the next one the
    /// presenter shows as it hears the stream in a task of its own.
    @discardableResult
    private func shown(_ fixture: Fixture, _ what: String, file: StaticString = #filePath, line: UInt = #line,
                       where condition: @escaping (WatchViewState) -> Bool) async -> WatchViewState? {
        if let last = fixture.view.last, condition(last) { return last }
        var match: WatchViewState?
        _ = await event(within: 5) { done in
            fixture.view.onDisplay = { state in
                guard match == nil, condition(state) else { return }
                match = state
                done()
            }
        }
        fixture.view.onDisplay = nil
        if match == nil { XCTFail("never shown: \(what); last shown: \(String(describing: fixture.view.last))", file: file, line: line) }
        return match
    }

    private func live(_ fixture: Fixture, file: StaticString = #filePath, line: UInt = #line) async {
        await shown(fixture, "live", file: file, line: line) { $0.connection == .live }
    }

    /// The wait shown once the stream is lost, in seconds.
    private func reconnecting(_ fixture: Fixture, file: StaticString = #filePath, line: UInt = #line) async -> (seconds: Int, reason: String)? {
        let state = await shown(fixture, "reconnecting", file: file, line: line) { state in
            if case .reconnecting = state.connection { return true }
            return false
        }
        guard case .reconnecting(let seconds, let reason)? = state?.connection else { return nil }
        return (seconds, reason)
    }

    private func stopped(_ fixture: Fixture, file: StaticString = #filePath, line: UInt = #line) async -> String? {
        let state = await shown(fixture, "stopped", file: file, line: line) { state in
            if case .stopped = state.connection { return true }
            return false
        }
        guard case .stopped(let reason)? = state?.connection else { return nil }
        return reason
    }

    /// Lets `seconds` pass with one tick at the end.
    private func wait(_ fixture: Fixture, _ seconds: Duration) {
        fixture.time.advance(by: seconds)
        fixture.ticker.fire()
    }

    // MARK: Connecting

    func testItConnectsThenIsLiveOnceTheServerAnswers() async throws {
        let f = try makeFixture()
        XCTAssertEqual(f.feed.openCount, 1, "the stream is opened at once")
        XCTAssertEqual(f.ticker.startCount, 1)
        XCTAssertEqual(f.ticker.intervals, [.seconds(1)], "one tick a second")
        let first = try XCTUnwrap(f.view.last)
        XCTAssertEqual(first.connection, .connecting)
        XCTAssertNil(first.match)
        XCTAssertEqual(first.clock, "00:00")
        XCTAssertEqual(first.phase, "")
        XCTAssertNil(first.lastHeard, "nothing heard yet")
        XCTAssertEqual(first.label, label)

        f.feed.send(.connected)
        await live(f)
        XCTAssertNil(f.view.last?.match, "no match until one is heard")
        XCTAssertEqual(f.view.last?.label, label)
        f.presenter.stop()
    }

    // MARK: The match

    func testAMatchHeardShowsItsClockPhaseAndWhenItWasHeard() async throws {
        let f = try makeFixture()
        let running = try match(.running, remaining: 305)
        f.feed.send(.connected, .match(running))
        let state = await shown(f, "the match") { $0.match == running }
        XCTAssertEqual(state?.connection, .live)
        XCTAssertEqual(state?.clock, "05:05")
        XCTAssertEqual(state?.phase, "Running")
        XCTAssertEqual(state?.lastHeard, "08:00:00", "heard at 2027-01-15T08:00:00Z, shown in UTC")
        XCTAssertEqual(state?.label, label)

        f.time.advance(by: .seconds(3_725))
        let paused = try match(.paused, remaining: 250, scoreA: 3)
        f.feed.send(.match(paused))
        let later = await shown(f, "the paused match") { $0.match == paused }
        XCTAssertEqual(later?.clock, "04:10")
        XCTAssertEqual(later?.phase, "Paused")
        XCTAssertEqual(later?.lastHeard, "09:02:05", "an hour, two minutes and five seconds later")
        f.presenter.stop()
    }

    func testEveryPhaseIsSaidInWords() async throws {
        let f = try makeFixture()
        f.feed.send(.connected)
        for (phase, remaining, clock, words) in [(LiveMatchUpdate.Phase.ready, 600, "10:00", "Kick-off soon"),
                                                 (.running, 599, "09:59", "Running"),
                                                 (.paused, 421, "07:01", "Paused"),
                                                 (.timeUp, 0, "00:00", "Time's up"),
                                                 (.ended, 0, "00:00", "Full time")] {
            let heard = try match(phase, remaining: remaining)
            f.feed.send(.match(heard))
            let state = await shown(f, "\(phase)") { $0.match == heard }
            XCTAssertEqual(state?.phase, words, "\(phase)")
            XCTAssertEqual(state?.clock, clock, "\(phase)")
        }
        f.presenter.stop()
    }

    func testAMatchTheServerHadNotHeardOfForAWhileSaysSoCountedOn() async throws {
        let f = try makeFixture()
        var quiet = try match(.paused, remaining: 250)
        quiet.heardSecondsAgo = 45
        f.feed.send(.connected, .match(quiet))
        let state = await shown(f, "the quiet match") { $0.match == quiet }
        XCTAssertEqual(state?.phase, "Paused · not heard for 45 s")
        wait(f, .seconds(80))
        XCTAssertEqual(f.view.last?.phase, "Paused · not heard for 2 min 5 s")
        let heard = try match(.paused, remaining: 250)
        f.feed.send(.match(heard))
        await shown(f, "heard again") { $0.match == heard }
        XCTAssertEqual(f.view.last?.phase, "Paused", "heard again: nothing to say")
        f.presenter.stop()
    }

    func testARunningClockCountsDownOnTicksAndNeverBelowZero() async throws {
        let f = try makeFixture()
        let running = try match(.running, remaining: 75)
        f.feed.send(.connected, .match(running))
        await shown(f, "the match") { $0.match == running }

        wait(f, .seconds(1))
        XCTAssertEqual(f.view.last?.clock, "01:14")
        wait(f, .milliseconds(500))
        XCTAssertEqual(f.view.last?.clock, "01:14", "73.5 s left reads 01:14 until it is 01:13")
        wait(f, .milliseconds(500))
        XCTAssertEqual(f.view.last?.clock, "01:13")
        wait(f, .seconds(72))
        XCTAssertEqual(f.view.last?.clock, "00:01")
        wait(f, .seconds(1))
        XCTAssertEqual(f.view.last?.clock, "00:00")
        wait(f, .seconds(30))
        XCTAssertEqual(f.view.last?.clock, "00:00", "never below zero")
        XCTAssertEqual(f.view.last?.phase, "Running", "the phase is as heard until the organiser's gather says time is up")
        XCTAssertEqual(f.view.last?.lastHeard, "08:00:00", "ticks are not news from the match")
        XCTAssertEqual(f.view.last?.match, running)
        f.presenter.stop()
    }

    func testAnUpdateRestartsTheCountFromWhatWasHeard() async throws {
        let f = try makeFixture()
        f.feed.send(.connected, .match(try match(.running, remaining: 300)))
        await shown(f, "the match") { $0.match?.remainingSeconds == 300 }
        wait(f, .seconds(10))
        XCTAssertEqual(f.view.last?.clock, "04:50")
        let update = try match(.running, remaining: 200)
        f.feed.send(.match(update))
        await shown(f, "the update") { $0.match == update }
        XCTAssertEqual(f.view.last?.clock, "03:20")
        wait(f, .seconds(20))
        XCTAssertEqual(f.view.last?.clock, "03:00", "counted from when the update was heard")
        f.presenter.stop()
    }

    func testAPausedClockStands() async throws {
        let f = try makeFixture()
        let paused = try match(.paused, remaining: 75)
        f.feed.send(.connected, .match(paused))
        await shown(f, "the match") { $0.match == paused }
        for _ in 0..<5 {
            wait(f, .seconds(30))
            XCTAssertEqual(f.view.last?.clock, "01:15")
        }
        let ready = try match(.ready, remaining: 600)
        f.feed.send(.match(ready))
        await shown(f, "the next match") { $0.match == ready }
        wait(f, .seconds(30))
        XCTAssertEqual(f.view.last?.clock, "10:00", "before kick-off the clock stands too")
        f.presenter.stop()
    }

    func testNoMatchClearsTheOneShown() async throws {
        let f = try makeFixture()
        let running = try match(.running, remaining: 300)
        f.feed.send(.connected, .match(running))
        await shown(f, "the match") { $0.match == running }
        f.time.advance(by: .seconds(10))
        f.feed.send(.match(nil))
        let state = await shown(f, "no match") { $0.match == nil }
        XCTAssertEqual(state?.phase, "")
        XCTAssertEqual(state?.clock, "00:00")
        XCTAssertEqual(state?.connection, .live)
        XCTAssertEqual(state?.lastHeard, "08:00:10")
        f.presenter.stop()
    }

    // MARK: A lost stream

    func testALostStreamKeepsTheMatchAndConnectsAgainWhenTheWaitIsOver() async throws {
        let f = try makeFixture()
        let running = try match(.running, remaining: 300)
        f.feed.send(.connected, .retry(.seconds(3)), .match(running))
        await shown(f, "the match") { $0.match == running }

        f.feed.fail(.unreachable("Cannot reach the server at https://example.org:443"))
        let lost = await reconnecting(f)
        XCTAssertEqual(lost?.seconds, 3, "the wait the server asked for")
        XCTAssertEqual(lost?.reason, "Cannot reach the server at https://example.org:443.")
        XCTAssertEqual(f.view.last?.match, running, "the last match stays on screen")
        XCTAssertEqual(f.view.last?.phase, "Running")
        XCTAssertEqual(f.view.last?.lastHeard, "08:00:00")

        wait(f, .seconds(1))
        XCTAssertEqual(f.view.last?.connection, .reconnecting(inSeconds: 2, reason: "Cannot reach the server at https://example.org:443."))
        XCTAssertEqual(f.view.last?.clock, "04:59", "the match goes on while the stream is lost")
        wait(f, .seconds(1))
        XCTAssertEqual(f.view.last?.connection, .reconnecting(inSeconds: 1, reason: "Cannot reach the server at https://example.org:443."))
        wait(f, .milliseconds(500))
        XCTAssertEqual(f.view.last?.connection, .reconnecting(inSeconds: 1, reason: "Cannot reach the server at https://example.org:443."),
                       "half a second left reads 1 s, never 0 s")
        XCTAssertEqual(f.feed.openCount, 1, "not before the wait is over")

        wait(f, .milliseconds(500))
        XCTAssertEqual(f.feed.openCount, 2, "the stream is opened again")
        XCTAssertEqual(f.view.last?.connection, .connecting)
        XCTAssertEqual(f.view.last?.match, running, "still shown while connecting")

        f.feed.send(.connected)
        await live(f)
        XCTAssertEqual(f.view.last?.match, running)
        f.presenter.stop()
    }

    func testTheFirstWaitIsASecondWhenTheServerAskedForNone() async throws {
        let f = try makeFixture()
        f.feed.fail(.unreachable("Connection refused"))
        let lost = await reconnecting(f)
        XCTAssertEqual(lost?.seconds, 1)
        XCTAssertEqual(lost?.reason, "Connection refused.")
        XCTAssertNil(f.view.last?.match)
        wait(f, .seconds(1))
        XCTAssertEqual(f.feed.openCount, 2)
        f.presenter.stop()
    }

    func testTheWaitDoublesOnEveryFailureInARowUpToTheLongest() async throws {
        let f = try makeFixture()
        f.feed.send(.connected, .retry(.seconds(3)))
        await live(f)
        var waits: [Int] = []
        for attempt in 1...7 {
            f.feed.fail(.unreachable("Cannot reach the server"))
            guard let lost = await reconnecting(f) else { return }
            waits.append(lost.seconds)
            wait(f, .seconds(lost.seconds) - .milliseconds(1))
            XCTAssertEqual(f.feed.openCount, attempt, "not before the wait of \(lost.seconds) s is over")
            wait(f, .milliseconds(1))
            XCTAssertEqual(f.feed.openCount, attempt + 1, "once the wait of \(lost.seconds) s is over")
            XCTAssertEqual(f.view.last?.connection, .connecting)
        }
        XCTAssertEqual(waits, [3, 6, 12, 24, 30, 30, 30])
        XCTAssertEqual(WatchPresenter.longestWait, .seconds(30))
        f.presenter.stop()
    }

    func testTheServersRetryIsKeptWithinTheLongestWait() async throws {
        let f = try makeFixture()
        f.feed.send(.connected, .retry(.seconds(120)))
        await live(f)
        f.feed.fail(.unreachable("Cannot reach the server"))
        let lost = await reconnecting(f)
        XCTAssertEqual(lost?.seconds, 30)
        f.presenter.stop()
    }

    func testAnAnsweredConnectionStartsTheWaitsOver() async throws {
        let f = try makeFixture()
        f.feed.send(.connected, .retry(.seconds(3)))
        await live(f)
        f.feed.fail(.unreachable("Cannot reach the server"))
        let first = await reconnecting(f)
        XCTAssertEqual(first?.seconds, 3)
        wait(f, .seconds(3))
        f.feed.fail(.unreachable("Cannot reach the server"))
        let second = await reconnecting(f)
        XCTAssertEqual(second?.seconds, 6)
        wait(f, .seconds(6))
        XCTAssertEqual(f.feed.openCount, 3)

        f.feed.send(.connected)
        await live(f)
        f.feed.fail(.unreachable("Cannot reach the server"))
        let afterSuccess = await reconnecting(f)
        XCTAssertEqual(afterSuccess?.seconds, 3, "the server answered: the next wait is the shortest again")
        f.presenter.stop()
    }

    func testAStreamThatJustEndsIsOpenedAgain() async throws {
        let f = try makeFixture()
        let paused = try match(.paused, remaining: 120)
        f.feed.send(.connected, .match(paused))
        await shown(f, "the match") { $0.match == paused }
        f.feed.finish()
        let lost = await reconnecting(f)
        XCTAssertEqual(lost?.seconds, 1)
        XCTAssertEqual(lost?.reason, "The server ended the stream.")
        XCTAssertEqual(f.view.last?.match, paused)
        wait(f, .seconds(1))
        XCTAssertEqual(f.feed.openCount, 2)
        f.presenter.stop()
    }

    // MARK: Refusals

    func testAnExpiredSessionStopsWithWordsAboutLoggingIn() async throws {
        let f = try makeFixture()
        f.feed.fail(.unauthorized("Your session has expired. Log in again."))
        let reason = await stopped(f)
        XCTAssertEqual(reason, "Your session has expired: run gather login, then gather watch again.")
        XCTAssertTrue(reason?.contains("gather login") ?? false)
        for _ in 0..<5 { wait(f, .seconds(60)) }
        XCTAssertEqual(f.feed.openCount, 1, "no automatic retry")
        XCTAssertEqual(f.view.last?.connection, .stopped(reason: "Your session has expired: run gather login, then gather watch again."))
        f.presenter.stop()
    }

    func testARevokedLinkStopsWithTheServersReasonAndIsNotTriedAgain() async throws {
        let f = try makeFixture()
        f.feed.fail(.rejected(status: 404, reason: "this link does not exist or was revoked"))
        let reason = await stopped(f)
        XCTAssertEqual(reason, "This link does not exist or was revoked.")
        for _ in 0..<5 { wait(f, .seconds(60)) }
        XCTAssertEqual(f.feed.openCount, 1, "no automatic retry")
        XCTAssertEqual(f.view.last?.connection, .stopped(reason: "This link does not exist or was revoked."))
        f.presenter.stop()
    }

    func testABusyOrRestartingServerIsTriedAgain() async throws {
        for (status, reason) in [(503, "the server is restarting"), (429, "too many requests, try again in a minute"),
                                 (500, "something went wrong!")] {
            let f = try makeFixture()
            f.feed.fail(.rejected(status: status, reason: reason))
            let lost = await reconnecting(f)
            XCTAssertEqual(lost?.seconds, 1, "\(status)")
            XCTAssertEqual(lost?.reason, WatchPresenter.sentence(reason), "\(status)")
            wait(f, .seconds(1))
            XCTAssertEqual(f.feed.openCount, 2, "\(status) is tried again")
            f.presenter.stop()
        }
        XCTAssertEqual(WatchPresenter.sentence("the server is restarting"), "The server is restarting.")
        XCTAssertEqual(WatchPresenter.sentence("something went wrong!"), "Something went wrong!")
    }

    // MARK: r and closing

    func testReconnectNowConnectsAtOnceWhenReconnecting() async throws {
        let f = try makeFixture()
        f.feed.send(.connected, .retry(.seconds(3)))
        await live(f)
        f.feed.fail(.unreachable("Cannot reach the server"))
        _ = await reconnecting(f)
        wait(f, .seconds(3))
        f.feed.fail(.unreachable("Cannot reach the server"))
        let second = await reconnecting(f)
        XCTAssertEqual(second?.seconds, 6)
        XCTAssertEqual(f.feed.openCount, 2)

        f.presenter.reconnectNow()
        XCTAssertEqual(f.feed.openCount, 3, "at once, without waiting out the 6 s")
        XCTAssertEqual(f.view.last?.connection, .connecting)
        wait(f, .seconds(10))
        XCTAssertEqual(f.feed.openCount, 3, "the wait that was cut short opens nothing more")

        f.feed.fail(.unreachable("Cannot reach the server"))
        let afterR = await reconnecting(f)
        XCTAssertEqual(afterR?.seconds, 3, "r starts the waits over")
        f.presenter.stop()
    }

    func testReconnectNowConnectsAtOnceWhenStopped() async throws {
        let f = try makeFixture()
        f.feed.fail(.rejected(status: 404, reason: "this link does not exist or was revoked"))
        _ = await stopped(f)
        f.presenter.reconnectNow()
        XCTAssertEqual(f.feed.openCount, 2)
        XCTAssertEqual(f.view.last?.connection, .connecting)
        f.feed.send(.connected)
        await live(f)
        f.presenter.stop()
    }

    func testReconnectNowDoesNothingWhileLive() async throws {
        let f = try makeFixture()
        let running = try match(.running, remaining: 300)
        f.feed.send(.connected, .match(running))
        await shown(f, "the match") { $0.match == running }
        let shownBefore = f.view.states
        f.presenter.reconnectNow()
        XCTAssertEqual(f.feed.openCount, 1)
        XCTAssertFalse(f.feed.wasCancelled(0), "the open stream is kept")
        XCTAssertEqual(f.view.states, shownBefore)
        f.presenter.stop()
    }

    func testStopWhileReconnectingOpensNothingMore() async throws {
        let f = try makeFixture()
        f.feed.fail(.unreachable("Connection refused"))
        _ = await reconnecting(f)
        f.presenter.stop()
        // A tick already on its way when the screen closed, after the wait is over.
        wait(f, .seconds(5))
        XCTAssertEqual(f.feed.openCount, 1, "a closed screen opens no stream")
    }

    func testStopStopsTheTickerAndClosesTheStream() async throws {
        let f = try makeFixture()
        f.feed.send(.connected)
        await live(f)
        f.presenter.stop()
        XCTAssertFalse(f.ticker.isRunning)
        XCTAssertEqual(f.ticker.stopCount, 1)
        await cancellation(of: 0, on: f.feed)
        XCTAssertTrue(f.feed.wasCancelled(0), "the stream is closed by the screen")
        XCTAssertEqual(f.feed.openCount, 1)
    }
}

/// The Watch screen's coordinator: one screen, nothing to go back to.
@MainActor
final class WatchCoordinatorTests: XCTestCase {
    private func makeCoordinator() -> (WatchCoordinator, SpyNavigator, SpyViewFactory, ScriptedLiveFeed, ManualTicker) {
        let navigator = SpyNavigator()
        let factory = SpyViewFactory()
        let feed = ScriptedLiveFeed()
        let ticker = ManualTicker()
        let coordinator = WatchCoordinator(navigator: navigator, factory: factory, feed: feed, ticker: ticker, time: ManualTimeSource(),
                                           label: "your match on example.org")
        navigator.root = coordinator
        return (coordinator, navigator, factory, feed, ticker)
    }

    func testStartShowsTheWatchScreenAndListens() async throws {
        let (coordinator, navigator, factory, feed, ticker) = makeCoordinator()
        XCTAssertEqual(feed.openCount, 0, "nothing is opened before start")
        await coordinator.start()
        let view = try XCTUnwrap(factory.watchView)
        XCTAssertEqual(navigator.stack.count, 1)
        XCTAssertTrue(navigator.top === view, "the Watch screen is the root")
        XCTAssertTrue(coordinator.screen === view)
        XCTAssertEqual(feed.openCount, 1, "listening")
        XCTAssertTrue(ticker.isRunning)
        XCTAssertEqual(view.last?.connection, .connecting)
        XCTAssertEqual(view.last?.label, "your match on example.org")
        coordinator.quit()
    }

    func testQuitLeavesWithoutAFarewellAndStopsListening() async {
        let (coordinator, navigator, _, feed, ticker) = makeCoordinator()
        await coordinator.start()
        coordinator.quit()
        XCTAssertEqual(navigator.quitCount, 1)
        XCTAssertEqual(navigator.farewells, [])
        XCTAssertFalse(ticker.isRunning)
        await cancellation(of: 0, on: feed)
        XCTAssertTrue(feed.wasCancelled(0), "the stream is closed")
    }

    func testGoBackDoesNothing() async throws {
        let (coordinator, navigator, factory, feed, ticker) = makeCoordinator()
        await coordinator.start()
        let view = try XCTUnwrap(factory.watchView)
        let shown = view.displayCount
        coordinator.goBack()
        XCTAssertEqual(navigator.stack.count, 1)
        XCTAssertTrue(navigator.top === view)
        XCTAssertEqual(navigator.quitCount, 0)
        XCTAssertTrue(ticker.isRunning)
        XCTAssertEqual(feed.openCount, 1)
        XCTAssertFalse(feed.wasCancelled(0))
        XCTAssertEqual(view.displayCount, shown)
        coordinator.quit()
    }

    func testWatchingKeepsNothingToWarnAbout() {
        let (coordinator, _, _, _, _) = makeCoordinator()
        XCTAssertNil(coordinator.waitingNote)
    }
}
