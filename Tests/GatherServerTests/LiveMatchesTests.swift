import Foundation
import GatherDomain
@testable import GatherServer
import HTTP
import Locking
import XCTest

/// The one place that holds the matches being played: each organiser's match as viewers see it,
/// its clock counted from when it was heard, and forgotten (viewers told) after 90 s of silence.
final class LiveMatchesTests: XCTestCase {
    private final class RecordingWriter: HTTPStreamWriter {
        private let written = Locked<[String]>([])
        func write(_ bytes: [UInt8]) { written.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
        func finish() {}
        var events: [String] { written.withLock { $0 } }
    }

    private let second: UInt64 = 1_000_000_000
    private let alice = UUID()
    private let bob = UUID()

    private func match(_ phase: LiveMatchUpdate.Phase, remaining: Int) -> LiveMatch {
        LiveMatch(gatherID: UUID(), teamA: .init(names: ["Ana"]), teamB: .init(names: ["Ben"]), score: .goalless, phase: phase,
                  remainingSeconds: remaining, durationSeconds: 600)
    }

    func testARunningClockCountsDownFromWhenItWasHeardAndAPausedOneStands() {
        let matches = LiveMatches()
        matches.publish(match(.running, remaining: 300), for: alice, clock: 1_000 * second)
        XCTAssertEqual(matches.match(of: alice, clock: 1_061 * second)?.remainingSeconds, 239)
        XCTAssertEqual(matches.match(of: alice, clock: 1_089 * second)?.remainingSeconds, 211)
        matches.publish(match(.running, remaining: 10), for: alice, clock: 2_000 * second)
        XCTAssertEqual(matches.match(of: alice, clock: 2_030 * second)?.remainingSeconds, 0, "never below zero")
        matches.publish(match(.paused, remaining: 300), for: alice, clock: 3_000 * second)
        XCTAssertEqual(matches.match(of: alice, clock: 3_060 * second)?.remainingSeconds, 300)
        XCTAssertNil(matches.match(of: bob, clock: 3_060 * second), "another organiser has none")
    }

    func testAMatchNotHeardOfFor90SecondsIsForgottenAndItsViewersTold() {
        let matches = LiveMatches()
        let watching = RecordingWriter(), other = RecordingWriter()
        matches.publish(match(.paused, remaining: 300), for: alice, clock: 1_000 * second)
        matches.publish(match(.paused, remaining: 100), for: bob, clock: 1_050 * second)
        matches.watch(alice, with: watching, pass: .share(1), clock: 1_010 * second)
        matches.watch(bob, with: other, pass: .share(2), clock: 1_060 * second)
        XCTAssertEqual(matches.viewerCount, 2)

        matches.sweep(clock: 1_089 * second)
        XCTAssertNotNil(matches.match(of: alice, clock: 1_089 * second), "89 s: still going")
        matches.sweep(clock: 1_090 * second)
        XCTAssertNil(matches.match(of: alice, clock: 1_090 * second))
        XCTAssertEqual(watching.events.last, "event: match\ndata: null\n\n", "the page hides the match")
        XCTAssertNotNil(matches.match(of: bob, clock: 1_090 * second), "Bob's was heard later")
        XCTAssertFalse(other.events.contains("event: match\ndata: null\n\n"))

        // A forgotten organiser with nobody watching leaves nothing behind.
        matches.stopWatching(bob, with: other)
        matches.sweep(clock: 2_000 * second)
        XCTAssertNil(matches.match(of: bob, clock: 2_000 * second))
        XCTAssertEqual(matches.viewerCount, 1)
        matches.stopWatching(alice, with: watching)
        XCTAssertEqual(matches.viewerCount, 0)
    }

    func testEndingAMatchNobodyPlaysTellsNobody() {
        let matches = LiveMatches()
        let watching = RecordingWriter()
        matches.watch(alice, with: watching, pass: .share(1))
        let heard = watching.events.count
        matches.end(for: alice)
        XCTAssertEqual(watching.events.count, heard, "no match was being played: nothing to say")
        matches.resultsChanged(for: bob)
        XCTAssertEqual(watching.events.count, heard, "another organiser's results")
        matches.resultsChanged(for: alice)
        XCTAssertEqual(watching.events.last, "event: results\ndata: {}\n\n")
    }
}
