@testable import GatherClient
import XCTest

final class MatchClockTests: XCTestCase {
    func testFormatRoundsUpToTheNextWholeSecond() {
        XCTAssertEqual(MatchClock.format(.seconds(600)), "10:00")
        XCTAssertEqual(MatchClock.format(.seconds(599) + .milliseconds(1)), "10:00")
        XCTAssertEqual(MatchClock.format(.seconds(599)), "09:59")
        XCTAssertEqual(MatchClock.format(.seconds(598) + .nanoseconds(1)), "09:59")
        XCTAssertEqual(MatchClock.format(.milliseconds(1)), "00:01")
        XCTAssertEqual(MatchClock.format(.zero), "00:00")
        XCTAssertEqual(MatchClock.format(.seconds(65)), "01:05")
        XCTAssertEqual(MatchClock.format(.seconds(99 * 60 + 59)), "99:59")
    }

    func testParseAcceptsMinutesOrMinutesAndSeconds() {
        XCTAssertEqual(MatchClock.parse("5"), .seconds(300))
        XCTAssertEqual(MatchClock.parse("05"), .seconds(300))
        XCTAssertEqual(MatchClock.parse("7:30"), .seconds(450))
        XCTAssertEqual(MatchClock.parse("07:30"), .seconds(450))
        XCTAssertEqual(MatchClock.parse("99:59"), .seconds(99 * 60 + 59))
        XCTAssertEqual(MatchClock.parse("00:00"), .zero)
        XCTAssertEqual(MatchClock.parse("0:05"), .seconds(5))
    }

    func testParseRejectsAnythingElse() {
        for text in ["", "ab", "100:00", "1:60", "100", "1:2:3", ":30", "5:", "-1", "+5", " 5", "5 ", "1:5a", "１:00"] {
            XCTAssertNil(MatchClock.parse(text), text)
        }
    }

    func testReadyClockShowsItsFullDuration() {
        let clock = MatchClock()

        XCTAssertEqual(clock.state, .ready)
        XCTAssertEqual(clock.duration, .seconds(600))
        XCTAssertEqual(clock.remaining(at: .seconds(5_000)), .seconds(600))
        XCTAssertFalse(clock.isRunning)
    }

    func testRunningClockCountsDownFromItsDeadline() {
        var clock = MatchClock(duration: .seconds(60))

        clock.start(at: .seconds(100))

        XCTAssertTrue(clock.isRunning)
        XCTAssertEqual(clock.remaining(at: .seconds(100)), .seconds(60))
        XCTAssertEqual(clock.remaining(at: .seconds(130)), .seconds(30))
        XCTAssertEqual(clock.remaining(at: .seconds(500)), .zero)
    }

    func testPauseKeepsTheRemainingTimeExactly() {
        var clock = MatchClock(duration: .seconds(60))
        clock.start(at: .seconds(100))

        clock.pause(at: .seconds(110) + .milliseconds(250))

        XCTAssertEqual(clock.state, .paused(remaining: .milliseconds(49_750)))
        XCTAssertEqual(clock.remaining(at: .seconds(900)), .milliseconds(49_750))

        clock.start(at: .seconds(1_000))
        XCTAssertEqual(clock.remaining(at: .seconds(1_000)), .milliseconds(49_750))
        XCTAssertEqual(clock.remaining(at: .seconds(1_010)), .milliseconds(39_750))
    }

    func testStartingARunningClockChangesNothing() {
        var clock = MatchClock(duration: .seconds(60))
        clock.start(at: .seconds(100))

        clock.start(at: .seconds(130))

        XCTAssertEqual(clock.remaining(at: .seconds(130)), .seconds(30))
    }

    func testZeroDurationCannotStart() {
        var clock = MatchClock(duration: .zero)

        clock.start(at: .seconds(1))

        XCTAssertEqual(clock.state, .ready)
        XCTAssertFalse(clock.isRunning)
    }

    func testFinishesExactlyOnceWhenTheDeadlinePasses() {
        var clock = MatchClock(duration: .seconds(10))
        clock.start(at: .seconds(0))

        XCTAssertFalse(clock.finishIfDue(at: .seconds(9) + .milliseconds(999)))
        XCTAssertTrue(clock.finishIfDue(at: .seconds(10)))
        XCTAssertFalse(clock.finishIfDue(at: .seconds(11)))
        XCTAssertEqual(clock.state, .finished)
        XCTAssertEqual(clock.remaining(at: .seconds(11)), .zero)
    }

    func testFinishedClockCannotStartUntilReset() {
        var clock = MatchClock(duration: .seconds(10))
        clock.start(at: .seconds(0))
        _ = clock.finishIfDue(at: .seconds(10))

        clock.start(at: .seconds(20))
        XCTAssertEqual(clock.state, .finished)

        clock.reset()
        XCTAssertEqual(clock.state, .ready)
        XCTAssertEqual(clock.remaining(at: .seconds(20)), .seconds(10))
    }

    func testSettingADurationStopsTheClockAndClampsIt() {
        var clock = MatchClock()
        clock.start(at: .seconds(0))

        clock.set(duration: .seconds(90))
        XCTAssertEqual(clock.state, .ready)
        XCTAssertEqual(clock.duration, .seconds(90))

        clock.set(duration: .seconds(200 * 60))
        XCTAssertEqual(clock.duration, MatchClock.maximumDuration)

        clock.set(duration: .seconds(-5))
        XCTAssertEqual(clock.duration, .zero)
    }
}
